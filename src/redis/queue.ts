import type {CheckSpec} from '../checks/schema.js';

/**
 * The one BullMQ queue of scheduled healthchecks: the worker fills it, `schedules` and
 * `doctor` read it, so its name lives here and not in jobs/ (only the worker loads jobs/).
 */
export const QUEUE_NAME = 'healthchecks';

/** What a scheduled job carries: the resolved spec, so a changed file re-templates the job. */
export type CheckJobData = CheckSpec;
