// What each fault window should raise, per docs/runbooks.md and deploy/prometheus/alerts.yml
// at this run's scale (rule `for:` divided by --rule-speedup, the pairs' interval, how long
// the fault lasts), and the check of what Prometheus's ALERTS series say fired. Pure but for
// reading the shipped rules.
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';
import {durationSeconds, RULES} from '../../scripts/alerting-stack.mjs';
import {SCRAPE_SECONDS} from './alerts.mjs';

/** Rule `for:` in ms as Prometheus runs them in this soak. */
export function ruleDurations(speedup, text = readFileSync(RULES, 'utf8')) {
  const out = {};
  for (const group of parse(text).groups) {
    for (const rule of group.rules) {
      if (rule.alert) out[rule.alert] = Math.max(1, Math.round(durationSeconds(rule.for ?? '0s') / speedup)) * 1000;
    }
  }
  return out;
}

const UPSTREAM_ERRORS = {'upstream-503': '503s', 'upstream-429': '429s', 'upstream-reset': 'cut connections', 'upstream-down': 'refused connections'};
const REDIS_AWAY = {'redis-restart': 'restarted', 'redis-data-loss': 'restarted empty', 'sentinel-failover': 'failed over'};

/**
 * {expect: [alertname], byMs (latest first firing, from the window's start), reason} for one
 * window: {kind, start, end (ms from the run's start), downMs?}. `options`: the soak's.
 */
export function expectedAlerts(window, options, forMs) {
  const scrapeMs = SCRAPE_SECONDS * 1000;
  const activeMs = window.end - window.start;
  const every = options.everyMs;
  if (UPSTREAM_ERRORS[window.kind]) {
    const what = UPSTREAM_ERRORS[window.kind];
    const staleAfter = 3 * every + forMs.VigilCheckStale;
    // VigilCheckStale measures from a last success; a pair whose first run ever falls in the
    // window has none, errors on every attempt (the retries end inside the window), and is
    // not run again for an interval: VigilCheckNeverSucceeded fires if the interval is longer
    // than its `for` (plus a scrape and an evaluation), and resolves at the next run.
    if (activeMs >= staleAfter) return {expect: ['VigilCheckStale'], byMs: staleAfter + 3 * scrapeMs, reason: `${what} for ${seconds(activeMs)}, past VigilCheckStale's 3 intervals + for (${seconds(staleAfter)})`};
    if (window.start < every && every > forMs.VigilCheckNeverSucceeded + 3 * scrapeMs) {
      return {
        expect: ['VigilCheckNeverSucceeded'],
        byMs: activeMs + forMs.VigilCheckNeverSucceeded + 4 * scrapeMs,
        reason: `${what}; pairs whose first run falls in the window never succeeded, and their next run is ${seconds(every)} away, past the rule's for (${seconds(forMs.VigilCheckNeverSucceeded)}): resolves at that run`,
      };
    }
    return {
      expect: [],
      reason: `${what} for ${seconds(activeMs)}: below VigilCheckStale's 3 intervals + for (${seconds(staleAfter)})${window.start < every ? `; a first run that errors is run again after ${seconds(every)}, within VigilCheckNeverSucceeded's for (${seconds(forMs.VigilCheckNeverSucceeded)})` : '; every pair already succeeded once (no VigilCheckNeverSucceeded)'}; runs end as error, so VigilNoRecentRuns stays quiet`,
    };
  }
  switch (window.kind) {
    case 'upstream-slow':
      return {expect: [], reason: 'answers 2 s late, below the checks file timeout (30 s): every run grades'};
    case 'redis-restart':
    case 'redis-data-loss':
    case 'sentinel-failover': {
      const away = window.downMs ?? 0;
      const storeDown = forMs.VigilStoreDown + scrapeMs;
      if (away >= storeDown) return {expect: ['VigilStoreDown'], byMs: away + 2 * scrapeMs, reason: `Redis ${REDIS_AWAY[window.kind]}, away ${seconds(away)}, past VigilStoreDown's for + a scrape (${seconds(storeDown)})`};
      return {
        expect: [],
        reason: `Redis ${REDIS_AWAY[window.kind]}, away ${window.kind === 'sentinel-failover' ? 'while clients reconnect (about a second)' : seconds(away)}: below VigilStoreDown's for + a scrape (${seconds(storeDown)})${window.kind === 'redis-data-loss' ? '; the schedulers are rebuilt in seconds, far below VigilNoRecentRuns (30 min) and VigilCheckStale (3 intervals)' : ''}`,
      };
    }
    case 'worker-sigkill':
    case 'worker-rolling':
      return {expect: [], reason: 'one replica at a time: the others answer scrapes, so VigilWorkersDown (every target down) cannot fire'};
    case 'checks-file':
      return {expect: [], reason: 'applied live, no replica stops: a pair leaves with its series and one joins before any rule could fire'};
    default:
      return {expect: [], reason: 'no rule covers it'};
  }
}

/** Failures: an expected alert that did not fire within `byMs` of its window, or did not resolve. */
export function checkExpectedAlerts(windows, firings) {
  const failures = [];
  for (const window of windows) {
    for (const alertname of window.expected.expect) {
      const spans = firings.filter(span => span.alertname === alertname && span.from >= window.from && span.from <= window.from + window.expected.byMs);
      if (spans.length === 0) failures.push(`expected alert did not fire: ${alertname} in ${window.kind} round ${window.round} (within ${seconds(window.expected.byMs)} of its start)`);
      else if (spans.some(span => !span.resolved)) failures.push(`expected alert did not resolve: ${alertname} of ${window.kind} round ${window.round}`);
    }
  }
  return failures;
}

const seconds = ms => (ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`);
