import type {CommandContext} from '../../cli/context.js';
import type {ChecksConfig} from '../../checks/schema.js';
import {checkKeyLive, KeyRejectedError, REJECTED_KEY_HINT} from '../auth/shared/check-key.js';
import type {LogEvent} from './log.js';

/** An org the worker will run checks for, and where the checks file names it. */
export interface WorkerOrg {
  org: string;
  /** `checks` (an entry of `checks:`) or `discover` (`discover.orgs`). */
  in: 'checks' | 'discover';
}

/** Every org of the checks file, once each, in the file's order (`checks:` first). */
export function orgsOf(config: Pick<ChecksConfig, 'specs' | 'discover'>): WorkerOrg[] {
  const seen = new Map<string, WorkerOrg>();
  for (const spec of config.specs) if (!seen.has(spec.org)) seen.set(spec.org, {org: spec.org, in: 'checks'});
  for (const org of config.discover?.orgs ?? []) if (!seen.has(org)) seen.set(org, {org, in: 'discover'});
  return [...seen.values()];
}

/**
 * Asks the upstream, before anything is scheduled, whether it accepts the worker's key for
 * each org of the checks file, one request per org: a rejected key is exit 2 with `auth
 * status`'s message, not a 401 logged on every run; each org the key cannot reach is a
 * `warn` line naming it (403: the upstream answers the same for an org the key has no access
 * to and for one it does not know), and the worker runs the others. An upstream that cannot
 * be reached now is not a reason to stop a long-running worker: it is logged once, and the
 * runs retry as they do for any outage.
 */
export async function checkWorkerKey(orgs: readonly WorkerOrg[], ctx: CommandContext, logEvent: LogEvent): Promise<void> {
  const {apiKey, baseUrl} = ctx.settings;
  if (!apiKey || !baseUrl) return;
  for (const {org, in: source} of orgs) {
    const verdict = await checkKeyLive(apiKey.value, baseUrl.value, org, ctx);
    switch (verdict.result) {
      case 'rejected':
        throw new KeyRejectedError(verdict.message, REJECTED_KEY_HINT);
      case 'no-access':
        logEvent('the API key cannot reach this org (403: no access to it, or no org of that name upstream): its checks fail until it can', {org, in: source}, 'warn');
        break;
      case 'unreachable':
        logEvent('could not check the API key at start; runs retry while the upstream is away', {error: verdict.message}, 'warn');
        return;
      case 'accepted':
        break;
    }
  }
}
