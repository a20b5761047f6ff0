import type {AssetSearchRequest} from '../../../api/wire/index.js';
import type {CommandContext} from '../../../cli/context.js';
import {checkValue, wholeNumber} from '../../../cli/flag-values.js';
import {Problems, capture} from '../../../cli/problems.js';
import {resolveOutputFormat, type OutputFlags, type OutputFormat} from '../../../output/index.js';

export interface AssetSearchFlags extends OutputFlags {
  /** Positional contents. */
  contents?: string[];
  asset?: string[];
  id?: string[];
}

export interface ValidatedAssetSearch {
  /** One request each, in the order given: contents first, then ids. */
  requests: AssetSearchRequest[];
  format: OutputFormat;
}

/** Every flag checked before anything is sent (exit 3 naming each bad one). */
export function validateAssetSearchFlags(flags: AssetSearchFlags, ctx: CommandContext): ValidatedAssetSearch {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const contents = [...(flags.contents ?? []), ...(flags.asset ?? [])];
  const ids = flags.id ?? [];
  if (contents.length + ids.length === 0) problems.add('<content>', 'give an asset to search: `vigil asset search <content>`, --asset <content> or --id <n>');
  if (contents.some(content => content.trim() === '')) problems.add('--asset', 'an empty asset content was given');
  const assetIds = ids.map(id => checkValue(wholeNumber({min: 1}), id, '--id', problems));
  problems.throwIfAny();
  const requests: AssetSearchRequest[] = [...contents.map(content => ({content: content.trim()})), ...assetIds.map(assetId => ({assetId: assetId!}))];
  return {requests, format: format!};
}

/** What a row says it searched for: the content, or `#<id>`. */
export function queryLabel(request: AssetSearchRequest): string {
  return 'content' in request ? request.content : `#${request.assetId}`;
}

