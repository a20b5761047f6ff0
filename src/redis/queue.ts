import {checkSpecId, type CheckSpec} from '../checks/schema.js';

/**
 * The one BullMQ queue of scheduled healthchecks: the worker fills it, `schedules` and
 * `doctor` read it, so its name lives here and not in jobs/ (only the worker loads jobs/).
 */
export const QUEUE_NAME = 'healthchecks';

/**
 * What a scheduled job carries: what a run sends and records, so a changed file re-templates
 * the job. Not the id (the scheduler's key, and `<check>@<org>`) nor the interval (the
 * scheduler's `every`): each byte here is stored twice per pair, in the scheduler's template
 * and in its next job (docs/performance.md, "What a pair holds in Redis"). Jobs of an older
 * vigil carry the whole spec; the extra fields are ignored.
 */
export type CheckJobData = Pick<CheckSpec, 'check' | 'org' | 'lookbackHours' | 'warnThreshold' | 'failThreshold' | 'params'>;

/** The job data of a spec: only the fields it sets. */
export function jobData(spec: CheckSpec): CheckJobData {
  const data: CheckJobData = {check: spec.check, org: spec.org};
  if (spec.lookbackHours !== undefined) data.lookbackHours = spec.lookbackHours;
  if (spec.warnThreshold !== undefined) data.warnThreshold = spec.warnThreshold;
  if (spec.failThreshold !== undefined) data.failThreshold = spec.failThreshold;
  if (spec.params !== undefined) data.params = spec.params;
  return data;
}

/** A job's data with the id its results are stored under. */
export function jobSpec(data: CheckJobData): CheckJobData & {id: string} {
  return {...data, id: checkSpecId(data.check, data.org)};
}
