import type {CommandContext} from '../../cli/context.js';
import {checkKeyLive, KeyRejectedError, REJECTED_KEY_HINT} from '../auth/shared/check-key.js';

/**
 * Asks the upstream once, before anything is scheduled, whether it accepts the worker's key:
 * a rejected key is exit 2 with `auth status`'s message, not a 401 logged on every run.
 * An upstream that cannot be reached now is not a reason to stop a long-running worker: it
 * is logged, and the runs retry as they do for any outage.
 */
export async function checkWorkerKey(org: string, ctx: CommandContext, logEvent: (message: string, fields?: Record<string, unknown>) => void): Promise<void> {
  const {apiKey, baseUrl} = ctx.settings;
  if (!apiKey || !baseUrl) return;
  const verdict = await checkKeyLive(apiKey.value, baseUrl.value, org, ctx);
  switch (verdict.result) {
    case 'rejected':
      throw new KeyRejectedError(verdict.message, REJECTED_KEY_HINT);
    case 'no-access':
      logEvent('the API key has no access to an org of the checks file (403): its runs will fail until it has', {org: verdict.org});
      return;
    case 'unreachable':
      logEvent('could not check the API key at start; runs retry while the upstream is away', {error: verdict.message});
      return;
    case 'accepted':
      return;
  }
}
