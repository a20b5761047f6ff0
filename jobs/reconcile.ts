import type {Queue} from 'bullmq';
import type {CheckSpec} from '../src/checks/schema.js';
import type {ResultStore} from '../src/metrics/store.js';
import {fnv1a32} from '../src/fnv1a.js';
import {jobData, type CheckJobData} from '../src/redis/queue.js';

/**
 * Makes the queue's job schedulers match the checks file: one scheduler per (check, org),
 * `every` with an offset derived from the id (so schedulers created together do not all
 * fire together, and every replica computes the same offset), schedulers that left the
 * file removed. Upserts only what changed: re-upserting an unchanged scheduler from every
 * replica would churn its next job for nothing.
 */

export interface ReconcileSummary {
  added: string[];
  changed: string[];
  removed: string[];
  unchanged: number;
  /** Result states written back from this replica's last read, after Redis lost its data. */
  restored: number;
}

export function schedulerOffset(spec: CheckSpec): number {
  return fnv1a32(spec.id) % spec.everyMs;
}

/** How BullMQ retries a failed run (the HTTP client makes one attempt per run). */
export interface JobRetryPolicy {
  /** Runs per due time, the first included. */
  attempts: number;
  /** First backoff; doubles per attempt, with jitter. */
  backoffMs: number;
}

export function jobTemplate(spec: CheckSpec, retry: JobRetryPolicy) {
  return {
    name: spec.check,
    data: jobData(spec),
    opts: {
      attempts: retry.attempts,
      // A backoff only matters to a second attempt: without one it is bytes in every job.
      ...(retry.attempts > 1 ? {backoff: {type: 'exponential', delay: retry.backoffMs, jitter: 0.5}} : {}),
      // Results live in the store and nothing reads a finished job: a completed one is
      // deleted at once, a few failed ones stay a day for debugging (docs/performance.md).
      removeOnComplete: true,
      removeOnFail: {age: 24 * 3600, count: 100},
    },
  };
}

// Upserts in flight at once: each is one script call, written to the socket without
// waiting, so a batch costs about one round trip.
const BATCH = 500;

export async function reconcile(
  queue: Queue<CheckJobData>,
  store: ResultStore,
  specs: readonly CheckSpec[],
  retry: JobRetryPolicy,
): Promise<ReconcileSummary> {
  // Without the marker Redis lost its data (or was never set up): results are restored below.
  const lost = !(await store.hasMarker());
  const existing = new Map((await queue.getJobSchedulers(0, -1)).map(scheduler => [scheduler.key, scheduler]));
  const summary: ReconcileSummary = {added: [], changed: [], removed: [], unchanged: 0, restored: 0};
  const toUpsert: CheckSpec[] = [];
  for (const spec of specs) {
    const current = existing.get(spec.id);
    const template = jobTemplate(spec, retry);
    if (!current) {
      summary.added.push(spec.id);
      toUpsert.push(spec);
    } else if (
      current.every !== spec.everyMs ||
      (current.offset ?? 0) !== schedulerOffset(spec) ||
      JSON.stringify(current.template?.data) !== JSON.stringify(template.data) ||
      current.template?.opts?.attempts !== template.opts.attempts ||
      (current.template?.opts?.backoff as {delay?: number} | undefined)?.delay !== template.opts.backoff?.delay ||
      JSON.stringify(current.template?.opts?.removeOnComplete) !== JSON.stringify(template.opts.removeOnComplete)
    ) {
      summary.changed.push(spec.id);
      toUpsert.push(spec);
    } else {
      summary.unchanged++;
    }
  }
  for (let i = 0; i < toUpsert.length; i += BATCH) {
    await Promise.all(
      toUpsert.slice(i, i + BATCH).map(spec =>
        queue.upsertJobScheduler(spec.id, {every: spec.everyMs, offset: schedulerOffset(spec)}, jobTemplate(spec, retry)),
      ),
    );
  }
  const wanted = new Set(specs.map(spec => spec.id));
  for (const id of existing.keys()) {
    if (!wanted.has(id)) {
      await queue.removeJobScheduler(id);
      summary.removed.push(id);
    }
  }
  if (lost) summary.restored = await store.restoreState(specs.map(spec => spec.id));
  // Last: the marker it sets says "this Redis holds our schedulers".
  await store.replaceConfig(specs);
  return summary;
}
