import {PATHS} from '../../../../api/wire/index.js';
import type {CommandContext} from '../../../../cli/context.js';
import {streamPages} from '../../../../cli/pages.js';
import {Problems, capture, resolveOrg} from '../../../../cli/problems.js';
import {printRows, renderJson, resolveOutputFormat, type OutputFlags} from '../../../../output/index.js';
import {redact} from '../../../../secrets.js';
import {DETECTION_CONFIG_COLUMNS} from '../../shared/config-columns.js';

export interface DetectionConfigsListFlags extends OutputFlags {
  all?: boolean;
}

const EMPTY_MESSAGE = 'No detection configs in this answer.';

/**
 * `vigil detections configs list`: POST /detection/configs/list for the org, one request
 * (the endpoint does not page). --json prints the body as the upstream sent it (registered
 * secrets masked by the output stream); the other formats the rows vigil could read.
 */
export async function runDetectionConfigsList(flags: DetectionConfigsListFlags, ctx: CommandContext): Promise<void> {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const org = resolveOrg(ctx, problems);
  problems.throwIfAny();
  const fetch = () => ctx.client().listDetectionConfigs(org!, {signal: ctx.signal});
  if (flags.all === true) {
    // One answer streamed as --all streams the paged lists: NDJSON, one config a line.
    const shown = await streamPages(ctx, {
      fetch: async () => ({rows: (await fetch()).configs, next: null}),
      format: format!,
      columns: DETECTION_CONFIG_COLUMNS,
      what: `POST ${PATHS.listDetectionConfigs}`,
      noun: 'detection configs',
    });
    if (shown === 0 && (format === 'table' || format === 'markdown')) ctx.io.stderr.write(`${EMPTY_MESSAGE}\n`);
    return;
  }
  const answer = await fetch();
  if (format === 'json') {
    // Masked here too, not only by the output stream: the body is the upstream's, whatever it holds.
    ctx.io.stdout.write(redact(renderJson(answer.body, {pretty: ctx.io.stdoutIsTTY})));
    return;
  }
  printRows(ctx.io, format!, answer.configs, DETECTION_CONFIG_COLUMNS, {emptyMessage: EMPTY_MESSAGE});
}
