import {Pacer} from '../../../api/pacer.js';
import type {ApiClient} from '../../../api/client.js';
import {checkAsset} from '../../../api/wire/endpoints/assets.js';
import type {CommandContext} from '../../../cli/context.js';
import {writeDrained} from '../../../cli/pages.js';
import {ExitCode} from '../../../exit-codes.js';
import {InterruptedError, VigilError} from '../../../errors.js';
import {formatPageRows, printJson, renderJson, sanitizeText, type OutputFormat} from '../../../output/index.js';
import {CHECK_COLUMNS, count, emptySummary, summaryLine, type CheckedAsset, type CheckSummary} from './format.js';
import {assetInputs} from './inputs.js';
import {CHECK_CONCURRENCY, validateAssetCheckFlags, type AssetCheckFlags} from './options.js';

/** A table is written in blocks (its widths are known block by block), so rows never pile up. */
const TABLE_BLOCK = 100;

/** Failures that no other asset would escape: stop the run instead of erroring every row. */
function stopsTheRun(error: unknown): boolean {
  if (!(error instanceof VigilError)) return true;
  return error.exitCode === ExitCode.Auth || error.exitCode === ExitCode.Forbidden || error.exitCode === ExitCode.Interrupted;
}

async function checkOne(client: ApiClient, content: string, pacer: Pacer, ctx: CommandContext): Promise<{row: CheckedAsset; failure?: VigilError; fatal?: unknown}> {
  try {
    const answer = await client.call(checkAsset, content, {signal: ctx.signal, pacer});
    return {row: {content, ...answer}};
  } catch (error) {
    if (ctx.signal.aborted) return {row: {content}, fatal: new InterruptedError()};
    if (stopsTheRun(error)) return {row: {content}, fatal: error};
    return {row: {content, error: (error as VigilError).message}, failure: error as VigilError};
  }
}

/**
 * `vigil asset check`: each asset with POST /asset/check, at most CHECK_CONCURRENCY in
 * flight, results written in input order as they come (an ordered window: the next asset
 * starts only when fewer than 10 wait, so memory stays flat however long stdin is). A 429's
 * Retry-After holds every request (the shared Pacer); --rate caps starts per second.
 * Exit: 6 with --fail-on blocked when one is BLOCKED; else, when an asset got no answer,
 * the exit code of the first such failure; else 0.
 */
export async function runAssetCheck(flags: AssetCheckFlags, ctx: CommandContext): Promise<number> {
  const {sources, format, failOn, rate} = validateAssetCheckFlags(flags, ctx);
  const client = ctx.client();
  const pacer = new Pacer(rate);
  const single = sources.length === 1 && sources[0] !== '-';
  const summary = emptySummary();
  const out = output(ctx, format, single);
  let firstFailure: VigilError | undefined;
  const window: Array<Promise<Awaited<ReturnType<typeof checkOne>>>> = [];
  const emit = async () => {
    const result = await window.shift()!;
    if (result.fatal !== undefined) throw result.fatal;
    firstFailure ??= result.failure;
    count(summary, result.row);
    await out.row(result.row);
  };
  for await (const content of assetInputs(sources, ctx.io.stdin)) {
    if (ctx.signal.aborted) throw new InterruptedError();
    if (window.length >= CHECK_CONCURRENCY) await emit();
    const pending = checkOne(client, content, pacer, ctx);
    window.push(pending);
  }
  while (window.length > 0) await emit();
  await out.end(summary);
  if (failOn === 'blocked' && summary.blocked > 0) {
    ctx.io.stderr.write(`${summary.blocked} asset${summary.blocked === 1 ? '' : 's'} BLOCKED (--fail-on blocked): exit ${ExitCode.Breached}\n`);
    return ExitCode.Breached;
  }
  if (firstFailure !== undefined) {
    ctx.io.stderr.write(sanitizeText(`${summary.errored} asset${summary.errored === 1 ? '' : 's'} got no answer; the first: ${firstFailure.message}`) + '\n');
    return firstFailure.exitCode;
  }
  return ExitCode.Ok;
}

/**
 * How results reach stdout, each format streaming: JSON is the upstream CLI's shape (one
 * asset given: the flat answer; more: `{results: [...], summary}`, written piece by piece);
 * CSV and markdown one header; TSV rows only; a table in blocks. The summary goes to stderr
 * but in JSON, where it is part of the object.
 */
function output(ctx: CommandContext, format: OutputFormat, single: boolean) {
  const write = (text: string) => writeDrained(ctx.io.stdout, text, ctx.signal);
  let rows = 0;
  let block: CheckedAsset[] = [];
  const flushBlock = async () => {
    if (block.length === 0) return;
    const text = formatPageRows(ctx.io, format, block, CHECK_COLUMNS, format === 'table' ? 0 : rows === block.length ? 0 : 1);
    block = [];
    await write(text);
  };
  return {
    async row(row: CheckedAsset) {
      if (format === 'json') {
        if (single) return printJson(ctx.io, row);
        await write(`${rows === 0 ? '{"results":[\n' : ',\n'}${renderJson(row, {pretty: false}).trimEnd()}`);
        rows++;
        return;
      }
      rows++;
      block.push(row);
      if (format !== 'table' || block.length >= TABLE_BLOCK) await flushBlock();
    },
    async end(summary: CheckSummary) {
      if (format === 'json') {
        if (!single) await write(`${rows === 0 ? '{"results":[' : '\n'}],"summary":${renderJson(summary, {pretty: false}).trimEnd()}}\n`);
        return;
      }
      await flushBlock();
      if (rows === 0 && format === 'csv') await write(formatPageRows(ctx.io, format, [], CHECK_COLUMNS, 0));
      ctx.io.stderr.write(`${summaryLine(summary)}\n`);
    },
  };
}
