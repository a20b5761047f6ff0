/**
 * Time per severity of one (check, org) over a window, from the raw samples Prometheus kept
 * (docs/healthchecks.md, "vigil healthchecks report"). Pure: the samples in, the seconds out.
 * A sample stands for the time to the next one; where more than two scrape intervals pass
 * without one, the sample stands for one interval and the rest is a gap, never ok. A run
 * that errored (vigil_check_last_run_error 1) counts as error, not as the last good grade.
 */

export type Sample = readonly [seconds: number, value: number];
export type ReportSeverity = 'ok' | 'warn' | 'fail' | 'error';

export interface Timeline {
  seconds: Record<ReportSeverity | 'gap', number>;
  gaps: {from: number; to: number}[];
  /** The worst severity seen (fail > error > warn > ok) and when it first began; null with no sample. */
  worst: {severity: ReportSeverity; at: number; forSeconds: number} | null;
}

const RANK: Record<ReportSeverity, number> = {ok: 0, warn: 1, error: 2, fail: 3};
const SEVERITY_OF: Record<number, ReportSeverity> = {0: 'ok', 1: 'warn', 2: 'fail'};

/** The state at each sample time: error when the run errored then, else the severity gauge. */
function states(severity: readonly Sample[], errors: readonly Sample[]): [number, ReportSeverity][] {
  const times = [...new Set([...severity.map(s => s[0]), ...errors.map(s => s[0])])].sort((a, b) => a - b);
  const out: [number, ReportSeverity][] = [];
  let i = 0;
  let j = 0;
  let grade: ReportSeverity | undefined;
  let errored = false;
  for (const t of times) {
    while (i < severity.length && severity[i]![0] <= t) grade = SEVERITY_OF[severity[i++]![1]] ?? grade;
    while (j < errors.length && errors[j]![0] <= t) errored = errors[j++]![1] === 1;
    const state = errored ? 'error' : grade;
    if (state !== undefined) out.push([t, state]);
  }
  return out;
}

export function timeline(severity: readonly Sample[], errors: readonly Sample[], window: {from: number; to: number}, intervalSeconds: number): Timeline {
  const seconds: Timeline['seconds'] = {ok: 0, warn: 0, fail: 0, error: 0, gap: 0};
  const gaps: Timeline['gaps'] = [];
  const gap = (from: number, to: number) => {
    if (to <= from) return;
    seconds.gap += to - from;
    const last = gaps.at(-1);
    if (last && last.to === from) last.to = to;
    else gaps.push({from, to});
  };
  const points = states(severity, errors).filter(([t]) => t >= window.from && t <= window.to);
  if (points.length === 0) {
    gap(window.from, window.to);
    return {seconds, gaps, worst: null};
  }
  const limit = 2 * intervalSeconds;
  const first = points[0]![0];
  if (first - window.from > limit) gap(window.from, first);
  else seconds[points[0]![1]] += first - window.from;
  let worst: Timeline['worst'] = null;
  let runStart = first;
  for (let k = 0; k < points.length; k++) {
    const [t, state] = points[k]!;
    const next = k + 1 < points.length ? points[k + 1]![0] : window.to;
    const covered = next - t > limit ? Math.min(intervalSeconds, next - t) : next - t;
    seconds[state] += covered;
    if (covered < next - t) gap(t + covered, next);
    if (k === 0 || points[k - 1]![1] !== state || t - points[k - 1]![0] > limit) runStart = t;
    const runSeconds = t + covered - runStart;
    if (worst === null || RANK[state] > RANK[worst.severity]) worst = {severity: state, at: runStart, forSeconds: runSeconds};
    else if (state === worst.severity && runStart === worst.at) worst.forSeconds = runSeconds;
  }
  return {seconds, gaps, worst};
}

/** Stretches where a series (an alert's ALERTS samples) was present: consecutive samples at most two intervals apart. */
export function presence(samples: readonly Sample[], intervalSeconds: number): {from: number; to: number}[] {
  const runs: {from: number; to: number}[] = [];
  for (const [t] of samples) {
    const last = runs.at(-1);
    if (last && t - last.to <= 2 * intervalSeconds) last.to = t;
    else runs.push({from: t, to: t});
  }
  return runs;
}
