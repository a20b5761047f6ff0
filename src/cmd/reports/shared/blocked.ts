import type {ApiClient} from '../../../api/client.js';
import {Pacer} from '../../../api/pacer.js';
import {formatError} from '../../../output/error-banner.js';
import {uniqueContents} from './assets.js';

/*
 * Reports meet assets (issue 42): before a report is sent, each of its assets is checked
 * with POST /asset/check (docs/contract.md#checking-assets), so the reporter learns which are
 * already BLOCKED, and by which source where the answer names one. The check informs; it
 * never stops a report: an asset it could not check is counted, not an error.
 */

/** In flight at once, as `vigil asset check` and the upstream's CLI. */
const IN_FLIGHT = 10;

export interface BlockedAsset {
  content: string;
  /** The sources the answer names as blocking it (`source`, then the BLOCKED `sources[]`). */
  by: string[];
}

export interface BlockedCheck {
  blocked: BlockedAsset[];
  /** Assets that got no answer, and the first failure's one line. */
  unchecked: number;
  error?: string;
}

/** Checks every distinct asset, IN_FLIGHT at a time; a 429's Retry-After holds them all. */
export async function checkBlocked(client: Pick<ApiClient, 'checkAsset'>, contents: readonly string[], signal: AbortSignal): Promise<BlockedCheck> {
  const queue = uniqueContents([...contents]);
  const pacer = new Pacer(undefined);
  const result: BlockedCheck = {blocked: [], unchecked: 0};
  const found = new Map<string, BlockedAsset>();
  const worker = async () => {
    for (let content = queue.shift(); content !== undefined; content = queue.shift()) {
      try {
        const answer = await client.checkAsset(content, {signal, pacer});
        if (answer.status !== 'BLOCKED') continue;
        const by = [answer.source, ...(answer.sources ?? []).filter(s => s.status === 'BLOCKED').map(s => s.source)].filter((s): s is string => typeof s === 'string' && s !== '');
        found.set(content, {content, by: [...new Set(by)]});
      } catch (error) {
        if (signal.aborted) throw error;
        result.unchecked++;
        result.error ??= formatError(error).text.split('\n')[0]!.replace(/^error: /, '');
      }
    }
  };
  const order = [...queue];
  await Promise.all(Array.from({length: Math.min(IN_FLIGHT, queue.length)}, worker));
  result.blocked = order.flatMap(content => found.get(content) ?? []);
  return result;
}

/** One line per finding (no line ends, unsanitised: the caller strips the upstream's text). */
export function blockedLines(check: BlockedCheck): string[] {
  const lines = check.blocked.map(asset => `${asset.content} is already BLOCKED${asset.by.length > 0 ? ` (by ${asset.by.join(', ')})` : ''}`);
  if (check.unchecked > 0) lines.push(`could not check ${check.unchecked} asset${check.unchecked === 1 ? '' : 's'} against the blocklist (${check.error ?? 'no answer'})`);
  return lines;
}
