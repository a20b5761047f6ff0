import type {StoredCheck} from '../../src/metrics/store.js';
import type {BoardReading} from '../../src/board/source.js';

export const NOW = Date.parse('2026-11-27T12:00:00Z');

/** A stored check as the worker leaves it: `outcome` at `agoMs` before NOW (none: never run). */
export function stored(check: string, org: string, outcome: 'ok' | 'warn' | 'fail' | 'error' | 'none', options: {agoMs?: number; everyMs?: number; observed?: Record<string, number>; error?: string} = {}): StoredCheck {
  const everyMs = options.everyMs ?? 10_000;
  const item: StoredCheck = {spec: {id: `${check}@${org}`, check, org, everyMs, warnThreshold: 5, failThreshold: 10}};
  if (outcome === 'none') return item;
  const at = NOW - (options.agoMs ?? 1000);
  if (outcome === 'error') {
    item.success = {severity: 'ok', ok: true, observed: {count: 1}, at: at - everyMs, appUrl: null};
    item.run = {at, outcome: 'error', durationMs: 5, errorKind: 'unavailable', error: options.error ?? 'upstream 503'};
  } else {
    item.success = {severity: outcome, ok: outcome === 'ok', observed: options.observed ?? {count: outcome === 'fail' ? 12 : outcome === 'warn' ? 6 : 1}, at, appUrl: `https://app.example/${org}`};
    item.run = {at, outcome, durationMs: 5};
  }
  return item;
}

export const reading = (items: StoredCheck[], liveWorkers = 1): BoardReading => ({stored: items, liveWorkers, lastSeenAt: NOW - 1000});

/** Five orgs, three checks: acme fails its backlog, globex warns, initech errored, hooli stale, umbrella ok. */
export function sample(): StoredCheck[] {
  const checks = ['reviewing.backlog', 'takedowns.cancelled-count', 'assets.dead-asset-spike'];
  const items: StoredCheck[] = [];
  for (const org of ['umbrella', 'acme', 'globex', 'initech', 'hooli']) {
    for (const check of checks) {
      let outcome: 'ok' | 'warn' | 'fail' | 'error' | 'none' = 'ok';
      let agoMs = 1000;
      if (org === 'acme' && check === 'reviewing.backlog') outcome = 'fail';
      if (org === 'globex' && check === 'takedowns.cancelled-count') outcome = 'warn';
      if (org === 'initech' && check === 'assets.dead-asset-spike') outcome = 'error';
      if (org === 'hooli' && check === 'reviewing.backlog') agoMs = 60_000;
      if (org === 'umbrella' && check === 'assets.dead-asset-spike') outcome = 'none';
      items.push(stored(check, org, outcome, {agoMs}));
    }
  }
  return items;
}
