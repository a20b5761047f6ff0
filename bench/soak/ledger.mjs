// The slot ledger: every (check, org, slot) that was due while the pair was in the checks
// file, and what became of it. A slot is a scheduler's due time (offset + k * every; BullMQ
// names its job `repeat:<scheduler>:<due time>`). Sources: the worker replicas' run lines
// (a run is final when it graded, or errored with no retry left) and the upstream's own
// request log (what it answered, per slot).

/** The due time in a job scheduler's job id, or undefined for any other id. */
export function slotOfJob(jobId) {
  if (typeof jobId !== 'string' || !jobId.startsWith('repeat:')) return undefined;
  const cut = jobId.lastIndexOf(':');
  return {scheduler: jobId.slice('repeat:'.length, cut), due: Number(jobId.slice(cut + 1))};
}

export const isFinal = run => run.outcome !== 'error' || run.willRetry === false;

const inside = (t, windows) => windows.find(window => t >= window.from && t <= window.to);

/**
 * @param options.schedulers [{id, every, offset}] as in Redis
 * @param options.presence Map id -> [{from, to}] (absolute ms) while the pair was in the file
 * @param options.runs run lines: {jobId, outcome, willRetry, at}
 * @param options.requests upstream log: {at, slug, check, status}
 * @param options.excused [{from, to, reason}]: Redis lost its queued jobs then
 * @param options.down [{from, to}]: the upstream was down
 * @param options.kills [{from, to}]: a replica or Redis went away with runs in flight
 */
export function buildLedger({schedulers, presence, runs, requests, excused, down, kills}) {
  const finals = new Map();
  const gradedAt = new Map();
  const retried = new Set();
  for (const run of runs) {
    const slot = slotOfJob(run.jobId);
    if (!slot) continue;
    const key = `${slot.scheduler}|${slot.due}`;
    if (isFinal(run)) {
      finals.set(key, [...(finals.get(key) ?? []), run]);
      gradedAt.set(key, Math.min(gradedAt.get(key) ?? Infinity, run.at));
    }
    else retried.add(key);
  }
  // The upstream's side: a grade needs an answer, so the 200s it sent must cover the
  // worker's grades; the surplus is runs answered but not graded once (a kill mid-run, a
  // stalled job re-run), the at-least-once cost.
  const answers = requests.filter(request => request.status === 200).length;
  const gradedRuns = runs.filter(run => run.outcome !== 'error' && slotOfJob(run.jobId)).length;
  const figures = {due: 0, graded: 0, gradedUnlogged: 0, gradedTwice: 0, gradedTwiceOutsideKills: 0, lost: 0, coalesced: 0, excused: 0, downDue: 0, downError: 0, downGradedAfter: 0, upstreamAnswers: answers, gradesWithoutAnswer: Math.max(0, gradedRuns - answers), answersNotGradedOnce: Math.max(0, answers - gradedRuns)};
  const lostSlots = [];
  const excusedReasons = {};
  // The upstream's 200s per pair (`check@org`, the scheduler's id), to tell a slot whose run
  // was answered inside a kill's window but whose run line died with the killed replica (the
  // worker writes its run lines at most 25 ms after a run: docs/checker.md) from a lost one.
  const answeredAt = new Map();
  for (const request of requests) {
    if (request.status !== 200) continue;
    const pair = `${request.check}@${request.slug}`;
    answeredAt.set(pair, [...(answeredAt.get(pair) ?? []), request.at]);
  }
  const answeredInKill = (pair, from, to) => (answeredAt.get(pair) ?? []).some(t => t >= from && t < to && inside(t, kills));
  for (const scheduler of schedulers) {
    for (const span of presence.get(scheduler.id) ?? []) {
      const first = scheduler.offset + Math.ceil((span.from + 1 - scheduler.offset) / scheduler.every) * scheduler.every;
      for (let due = first; due <= span.to; due += scheduler.every) {
        const key = `${scheduler.id}|${due}`;
        const grades = finals.get(key) ?? [];
        figures.due++;
        if (grades.length === 0) {
          // Coalesced: the previous slot's run was so late that it ended inside this slot's
          // interval, and BullMQ's scheduler, which creates the next job at the next due time
          // still ahead, skipped this one. The pair was graded in this interval; overload, not loss.
          if ((gradedAt.get(`${scheduler.id}|${due - scheduler.every}`) ?? -Infinity) >= due) {
            figures.coalesced++;
            continue;
          }
          if (answeredInKill(scheduler.id, due, due + scheduler.every)) {
            figures.gradedUnlogged++;
            continue;
          }
          const excuse = inside(due, excused);
          if (excuse) {
            figures.excused++;
            excusedReasons[excuse.reason] = (excusedReasons[excuse.reason] ?? 0) + 1;
          } else {
            figures.lost++;
            if (lostSlots.length < 20) lostSlots.push({scheduler: scheduler.id, due: new Date(due).toISOString(), retried: retried.has(key)});
          }
          continue;
        }
        figures.graded++;
        if (grades.length > 1) {
          figures.gradedTwice++;
          if (!kills.some(window => due <= window.to && grades.some(run => run.at >= window.from))) figures.gradedTwiceOutsideKills++;
        }
        if (inside(due, down)) {
          figures.downDue++;
          const last = grades.at(-1);
          if (last.outcome === 'error') figures.downError++;
          else figures.downGradedAfter++;
        }
      }
    }
  }
  return {figures, lostSlots, excusedReasons};
}
