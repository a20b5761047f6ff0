import type {CommandContext} from '../../../cli/context.js';
import * as z from 'zod';
import {checkFlags, oneOf, wholeNumber} from '../../../cli/flag-values.js';
import {Problems, capture} from '../../../cli/problems.js';
import {resolveOutputFormat, type OutputFlags, type OutputFormat} from '../../../output/index.js';

/** What `--fail-on` accepts: the result that makes the run exit 6. */
export const FAIL_ON_RESULTS = ['blocked'] as const;

/** The upstream's CLI checks 10 assets at a time (docs/contract.md#checking-assets). */
export const CHECK_CONCURRENCY = 10;

export interface AssetCheckFlags extends OutputFlags {
  /** Positional contents; `-` reads one a line from stdin. */
  contents?: string[];
  asset?: string[];
  failOn?: string;
  rate?: string;
}

export interface ValidatedAssetCheck {
  /** The contents in input order; `-` marks where stdin's lines go. */
  sources: string[];
  format: OutputFormat;
  failOn: 'blocked' | undefined;
  /** Requests per second at most; undefined: no cap. */
  rate: number | undefined;
}

/** What each flag's value must be (the one mapper names the flag of each problem). */
const assetCheckFlags = z.object({
  failOn: oneOf(FAIL_ON_RESULTS).optional(),
  rate: wholeNumber({min: 1, max: 1000}).optional(),
});

/** Every flag checked before anything is read or sent (exit 3 naming each bad one). */
export function validateAssetCheckFlags(flags: AssetCheckFlags, ctx: CommandContext): ValidatedAssetCheck {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const sources = [...(flags.contents ?? []), ...(flags.asset ?? [])];
  if (sources.length === 0) problems.add('<content>', 'give at least one asset: `vigil asset check <content> ...`, --asset <content>, or - to read one a line from stdin');
  const blank = sources.filter(content => content.trim() === '').length;
  if (blank > 0) problems.add('--asset', `${blank} empty asset content${blank === 1 ? '' : 's'} given`);
  if (sources.filter(source => source === '-').length > 1) problems.add('<content>', '- (stdin) may be given once');
  if ((flags.asset ?? []).includes('-')) problems.add('--asset', '- is not an asset: give it as an argument to read stdin');
  const {failOn, rate} = checkFlags(assetCheckFlags, flags, problems) ?? {};
  problems.throwIfAny();
  return {sources: sources.map(source => (source === '-' ? source : source.trim())), format: format!, failOn, rate};
}
