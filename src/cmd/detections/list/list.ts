import {listDetections} from '../../../api/wire/endpoints/detections.js';
import type {CommandContext} from '../../../cli/context.js';
import {runListing} from '../../../cli/listing.js';
import {DETECTION_COLUMNS} from './format.js';
import {detectionsNextPageCommand, validateDetectionsListFlags, type DetectionsListFlags} from './options.js';

/**
 * `vigil detections list`: one page of POST /detection/list, or with --all every page,
 * following nextCursor, streamed (--json: one detection a line).
 */
export async function runDetectionsList(flags: DetectionsListFlags, ctx: CommandContext): Promise<void> {
  const {filters, format, all, warnings} = validateDetectionsListFlags(flags, ctx);
  await runListing(ctx, {
    format,
    all,
    warnings,
    fetch: async cursor => {
      const page = await ctx.client().call(listDetections, {...filters, ...(cursor === undefined ? {} : {cursor})}, {signal: ctx.signal});
      return {rows: page.detections, next: page.nextPage, json: page};
    },
    columns: DETECTION_COLUMNS,
    what: `${listDetections.method} ${listDetections.path}`,
    noun: 'detections',
    emptyMessage: 'No detections match these filters.',
    nextCommand: next => detectionsNextPageCommand(filters, next),
  });
}
