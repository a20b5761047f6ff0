// The soak's verdict and its table: pure functions of the collected figures.
import {FIGURES, REDIS_FIGURES} from './growth.mjs';

export const LOOP_P99_TARGET_MS = 50;
const clock = ms => `+${String(Math.floor(ms / 60_000)).padStart(2, '0')}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;
const show = (value, figure) => (value === undefined ? '-' : figure.unit === 'MiB' ? (value / figure.scale).toFixed(1) : figure.unit === 'ms' ? value.toFixed(1) : String(Math.round(value)));
const percent = fraction => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)}%`;

/** Every reason to exit non-zero, each naming its figure. */
export function failuresOf(result) {
  const failures = [];
  const {figures} = result.ledger;
  if (figures.lost > 0) failures.push(`lost slots: ${figures.lost} due slot(s) never graded`);
  if (figures.gradesWithoutAnswer > 0) failures.push(`grades without an answer: the worker logged ${figures.gradesWithoutAnswer} more grades than the upstream sent 200s`);
  for (const {replica, pid, figures: grown} of result.growth.replicas) {
    for (const figure of FIGURES) {
      const g = grown[figure.key];
      if (g?.past) failures.push(`${figure.label} of replica ${replica} (pid ${pid}) grew ${percent(g.fractionPerHour)}/h (${show(g.delta, figure)} ${figure.unit}), past ${percent(figure.ratePerHour)}/h and ${show(g.floor, figure)} ${figure.unit}`.replace(/ +,/g, ','));
    }
  }
  for (const figure of REDIS_FIGURES) {
    const g = result.growth.redis[figure.key];
    if (g?.past) failures.push(`${figure.label} grew ${percent(g.fractionPerHour)}/h (${show(g.delta, figure)} ${figure.unit}), past ${percent(figure.ratePerHour)}/h and ${show(g.floor, figure)} ${figure.unit}`.replace(/ +,/g, ','));
  }
  for (const span of result.alerts?.firings ?? []) {
    if (!span.resolved && span.alertname !== 'VigilWatchdog') failures.push(`unresolved alert: ${span.alertname} ${JSON.stringify(span.labels)} firing since ${clock(span.from - result.startedAt)}`);
  }
  failures.push(...(result.alerts?.expectedFailures ?? []));
  if (result.samples.length === 0) failures.push('no sample of any replica was taken');
  return failures;
}

/** ": fired +mm:ss, resolved" for an expected alert, from the firings the check matched. */
function expectedSeen(result, fault) {
  if (!result.alerts) return ' (alerts not watched)';
  const seen = fault.expected.expect.map(name => {
    const span = result.alerts.firings.find(each => each.alertname === name && each.from >= fault.from && each.from <= fault.from + fault.expected.byMs);
    return span ? `fired ${clock(span.from - result.startedAt)}${span.resolved ? ', resolved' : ', NOT resolved'}` : 'DID NOT FIRE';
  });
  return `: ${seen.join('; ')}`;
}

export function formatReport(result) {
  const lines = [];
  const o = result.options;
  lines.push(`soak  ${o.durationMs / 60_000} min (+${Math.round(result.drainMs / 1000)} s drain), ${o.pairs} pairs every ${o.everyMs / 1000} s (${(o.pairs / (o.everyMs / 1000)).toFixed(1)} runs/s), ${o.workers} workers x concurrency ${o.concurrency}${o.spare ? ` (the last ${o.spare} spared the worker faults)` : ''}, upstream ${o.latencyMs} ms${o.plantLeak ? `, PLANTED LEAK: ${o.plantLeak}` : ''}`);
  lines.push(`      ${result.machine}; Node ${result.node}; load average at end ${result.loadAtEnd}`);
  lines.push('');
  lines.push('faults (window, from start)');
  for (const fault of result.faults) {
    const expect = fault.expected?.expect.length ? `expects ${fault.expected.expect.join(', ')}${expectedSeen(result, fault)}` : 'expects no alert';
    lines.push(`  ${fault.kind.padEnd(17)} round ${fault.round}  ${clock(fault.from - result.startedAt)} ${fault.skipped ? `SKIPPED (${fault.skipped})` : `for ${((fault.to - fault.from) / 1000).toFixed(1)} s  ${fault.appliedMs === undefined ? '' : `applied in ${(fault.appliedMs / 1000).toFixed(1)} s  `}${expect}`}`);
  }
  // Why, once per kind and reason (docs/runbooks.md and deploy/prometheus/alerts.yml at this scale).
  const reasons = new Map();
  for (const fault of result.faults) if (fault.expected && !fault.skipped) reasons.set(`${fault.kind}|${fault.expected.reason}`, `  ${fault.kind}: ${fault.expected.reason}`);
  if (reasons.size > 0) lines.push('alerts each window should raise, and why (rules as run here, docs/runbooks.md)', ...reasons.values());
  if (result.faults.length === 0) lines.push('  none');
  const f = result.ledger.figures;
  lines.push('');
  lines.push('slots (due while the pair was in the checks file)');
  lines.push(`  due ${f.due}  graded ${f.graded}${f.gradedUnlogged ? ` (+${f.gradedUnlogged} answered in a kill's window, run line lost with the replica)` : ''}  graded twice ${f.gradedTwice} (${f.gradedTwiceOutsideKills} outside a kill's window)  LOST ${f.lost}  coalesced ${f.coalesced}  excused ${f.excused}${f.excused ? ` (${Object.entries(result.ledger.excusedReasons).map(([reason, n]) => `${n} ${reason}`).join(', ')})` : ''}`);
  lines.push(`  in an upstream-down window: ${f.downDue} due, ${f.downError} ended as error, ${f.downGradedAfter} graded by a retry after it`);
  lines.push(`  upstream: ${f.upstreamAnswers} answers (200), ${f.answersNotGradedOnce} more than grades logged (runs answered twice or cut off), ${f.gradesWithoutAnswer} grades without an answer`);
  for (const slot of result.ledger.lostSlots) lines.push(`  lost: ${slot.scheduler} due ${slot.due}${slot.retried ? ' (had retries)' : ''}${slot.job ? `; in Redis: ${slot.job}` : ''}`);
  lines.push('');
  lines.push('figure                     who        baseline       end   growth/h    bound/h  verdict');
  const row = (label, who, g, figure) => {
    if (!g) return lines.push(`  ${label.padEnd(25)}${who.padEnd(9)}  too few samples`);
    const bound = figure.bounded ? `${percent(figure.ratePerHour)} >${show(g.floor, figure)}` : 'reported';
    lines.push(`  ${label.padEnd(25)}${who.padEnd(9)}${show(g.baseline, figure).padStart(10)}${show(g.end, figure).padStart(10)}  ${percent(g.fractionPerHour).padStart(9)}  ${bound.padStart(9)}  ${figure.bounded ? (g.past ? 'FAIL' : 'ok') : ''}`);
  };
  const who = entry => `w${entry.replica}${entry.spare ? ' spare' : ''}`;
  for (const entry of result.growth.replicas) for (const figure of FIGURES) row(`${figure.label}${figure.unit ? ` (${figure.unit})` : ''}`, who(entry), entry.figures[figure.key], figure);
  for (const figure of REDIS_FIGURES) row(`${figure.label}${figure.unit ? ` (${figure.unit})` : ''}`, 'redis', result.growth.redis[figure.key], figure);
  // Over how long each replica's memory was judged: minutes between restarts, or the run.
  for (const entry of result.growth.replicas) {
    const heap = entry.figures.heapUsed;
    if (heap) lines.push(`  ${who(entry)}: memory judged on pid ${entry.pid} (${entry.processes} process${entry.processes === 1 ? '' : 'es'} in the run) over ${(heap.hours * 60).toFixed(1)} min${heap.since ? ` from the pairs' ${heap.since}` : ''}`);
  }
  const loop = result.loop;
  // Older saved runs have neither counts nor an inside median.
  const counted = n => (n === undefined ? '' : ` over ${n} sample${n === 1 ? '' : 's'}`);
  const insideText = loop.insideSamples === 0 ? 'no samples' : `max ${loop.insideMaxMs.toFixed(1)} ms${loop.insideMedianMs === undefined ? '' : `, median ${loop.insideMedianMs.toFixed(1)} ms`}${counted(loop.insideSamples)}`;
  lines.push(`  event-loop p99 outside fault windows: max ${loop.outsideMaxMs.toFixed(1)} ms, median ${loop.outsideMedianMs.toFixed(1)} ms${counted(loop.outsideSamples)} (target <= ${LOOP_P99_TARGET_MS} ms: ${loop.outsideMaxMs <= LOOP_P99_TARGET_MS ? 'met' : 'NOT met'}); inside: ${insideText}`);
  lines.push('');
  if (!result.alerts) lines.push(`alerts: not watched (${result.alertsMissing} not installed)`);
  else {
    lines.push(`alerts (Prometheus every 15 s, rule durations / ${o.ruleSpeedup}; Alertmanager notifications: ${result.alerts.notifications})`);
    const shown = result.alerts.firings.filter(span => span.alertname !== 'VigilWatchdog');
    // One line per alert and fault window: how many label sets, first fired, last seen, resolved.
    const groups = new Map();
    for (const span of shown) {
      const key = `${span.alertname}|${span.window}`;
      const group = groups.get(key) ?? {alertname: span.alertname, window: span.window, count: 0, from: Infinity, to: 0, unresolved: 0};
      group.count++;
      group.from = Math.min(group.from, span.from);
      group.to = Math.max(group.to, span.to);
      if (!span.resolved) group.unresolved++;
      groups.set(key, group);
    }
    for (const g of groups.values()) lines.push(`  ${g.alertname.padEnd(24)} x${String(g.count).padEnd(5)} ${clock(g.from - result.startedAt)} to ${clock(g.to - result.startedAt)}  in ${g.window.padEnd(16)} ${g.unresolved ? `${g.unresolved} UNRESOLVED` : 'all resolved'}`);
    if (shown.length === 0) lines.push('  none fired (besides VigilWatchdog)');
  }
  lines.push('');
  lines.push(result.failures.length === 0 ? 'PASS' : `FAIL\n${result.failures.map(line => `  ${line}`).join('\n')}`);
  return lines.join('\n');
}
