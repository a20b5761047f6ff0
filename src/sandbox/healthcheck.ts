import {gradeCount, HEALTHCHECK_DEFAULTS, type CancelledCountRequest, type HealthcheckResult} from '../api/wire/index.js';
import type {Store} from './store.js';
import {iso} from './serialize.js';

export const CANCELLED_COUNT_ID = 'takedowns.cancelled-count';
const HOUR = 3_600_000;

/**
 * docs/contract.md#the-cancelled-count-healthcheck: counts transitions into CANCELLED in the org's takedown event log during the
 * last lookbackHours (windowStart exclusive, now inclusive) and grades the count with the
 * project's rule (gradeCount). When not ok, each cancellation is one finding.
 *
 * @param appOrigin where the sandbox serves the org's takedown log (the result's appUrl)
 */
export function cancelledCountResult(store: Store, request: CancelledCountRequest, now: number, appOrigin: string): HealthcheckResult {
  const lookbackHours = request.lookbackHours ?? HEALTHCHECK_DEFAULTS.lookbackHours;
  const warn = request.warnThreshold ?? HEALTHCHECK_DEFAULTS.warnThreshold;
  const fail = request.failThreshold ?? HEALTHCHECK_DEFAULTS.failThreshold;
  const windowStart = now - lookbackHours * HOUR;
  const cancellations = store.cancellations(request.slug, windowStart, now);
  const count = cancellations.length;
  const severity = gradeCount(count, warn, fail);
  const ok = severity === 'ok';
  return {
    id: CANCELLED_COUNT_ID,
    title: 'Excess CANCELLED takedowns',
    category: 'takedowns',
    generatedAt: iso(now),
    scope: {slug: request.slug},
    ok,
    severity,
    observed: {cancelledCount: count, lookbackHours, windowStart: iso(windowStart), windowEnd: iso(now)},
    threshold: {warn, fail},
    findings: severity === 'ok' ? [] : cancellations.map(event => ({
      kind: 'takedown_cancelled',
      ref: event.takedownId,
      message: `takedown ${event.takedownId} (${event.assetContent}) entered CANCELLED at ${iso(event.at)}`,
      severity,
    })),
    suggestedAction: ok
      ? null
      : `${count} takedown${count === 1 ? ' was' : 's were'} cancelled in the last ${lookbackHours} hours (warn at ${warn}, fail at ${fail}). Review why: a cancelled takedown usually means a proposal that should not have been approved, or CANCELLED used for another outcome.`,
    appUrl: ok ? null : `${appOrigin}/_sandbox/orgs/${encodeURIComponent(request.slug)}/takedowns?status=CANCELLED`,
  };
}
