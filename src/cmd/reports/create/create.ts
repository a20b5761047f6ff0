import {PATHS, type CreateReportResponse} from '../../../api/wire/index.js';
import type {CommandContext} from '../../../cli/context.js';
import {ABSENT, printJson, printRows, resolveOutputFormat, sanitizeText, type Column, type OutputFlags, type OutputFormat} from '../../../output/index.js';
import {buildCreateBody, type CreateBodyFlags, type CreatePlan} from './body.js';
import {InputError, InterruptedError} from '../../../errors.js';
import {CREATE_OUTCOME} from '../../../api/outcomes.js';
import {Problems, capture} from '../../../cli/problems.js';
import {blockedLines, checkBlocked} from '../shared/blocked.js';

export interface CreateFlags extends CreateBodyFlags, OutputFlags {
  /** Print the body that would be sent, send nothing. */
  dryRun?: boolean;
}

/** Shown by --dry-run when no base URL is configured: a dry run needs neither key nor URL. */
export const BASE_URL_PLACEHOLDER = '<base-url>';

/**
 * Validates every create flag and the payload file, and builds the body. Throws one
 * InputError listing every problem. The guided prompts reuse it to check their answers.
 */
export async function planReportCreate(flags: CreateFlags, ctx: CommandContext): Promise<CreatePlan & {format: OutputFormat}> {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const plan = await buildCreateBody(flags, ctx).catch((error: unknown) => {
    if (!(error instanceof InputError)) throw error;
    problems.list.push(...error.problems);
    if (error.hint) problems.hints.push(error.hint);
    return undefined;
  });
  problems.throwIfAny();
  return {...plan!, format: format!};
}

/** `vigil reports create`, scripted: flags and/or --payload-file, or --dry-run. */
export async function runReportsCreate(flags: CreateFlags, ctx: CommandContext): Promise<void> {
  const {body, warnings, format} = await planReportCreate(flags, ctx);
  for (const warning of warnings) ctx.io.stderr.write(`warning: ${warning}\n`);
  if (flags.dryRun === true) {
    const base = ctx.settings.baseUrl?.value.replace(/\/+$/, '') ?? BASE_URL_PLACEHOLDER;
    ctx.io.stderr.write(`dry run: POST ${base}/${PATHS.createReport} (nothing sent)\n`);
    // What would be sent, under the JSON rules of every command (keys sorted, indented on a
    // terminal, one line piped): the same object, so `jq` reads it either way.
    printJson(ctx.io, body);
    return;
  }
  // A 422 surfaces as ApiError with each rejected asset (error banner), exit 7.
  // Ctrl+C once the request may be on its way leaves the outcome unknown, as a lost
  // connection does: give the same advice.
  const client = ctx.client();
  // Before anything is sent: which assets are already BLOCKED, and by whom (the check informs, never stops).
  const blocked = await checkBlocked(client, body.assets.map(asset => asset.content), ctx.signal);
  for (const line of blockedLines(blocked)) ctx.io.stderr.write(`note: ${sanitizeText(line)}\n`);
  const created = await client
    .createReport(body, {signal: ctx.signal})
    .catch((error: unknown) => {
      if (error instanceof InterruptedError || ctx.signal.aborted) throw new InterruptedError(`${CREATE_OUTCOME.what}; ${CREATE_OUTCOME.check}`);
      throw error;
    });
  printCreated(ctx, format, created);
}

const CREATED_COLUMNS: ReadonlyArray<Column<CreateReportResponse>> = [
  {header: 'ID', value: report => report.id},
  {header: 'CREATED', value: report => report.createdAt},
  {header: 'ORGANIZATION', value: report => report.organization?.slug ?? ''},
];

function printCreated(ctx: CommandContext, format: OutputFormat, created: CreateReportResponse): void {
  if (format === 'json') return printJson(ctx.io, created);
  if (format !== 'table') return printRows(ctx.io, format, [created], CREATED_COLUMNS);
  const org = created.organization;
  const orgText = org ? [org.name, org.slug === undefined ? undefined : `(${org.slug})`].filter(Boolean).join(' ') || ABSENT : ABSENT;
  ctx.io.stdout.write(
    sanitizeText(`Created report ${created.id}`) +
      '\n' +
      sanitizeText(`  created:      ${created.createdAt ?? ABSENT}`) +
      '\n' +
      sanitizeText(`  organization: ${orgText}`) +
      '\n',
  );
}
