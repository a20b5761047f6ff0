import * as z from 'zod';
import {HEALTHCHECK_DEFAULTS, HEALTHCHECK_IDS} from '../api/wire/index.js';
import {MAX_DURATION_MS, TOO_LONG, parseDuration} from './duration.js';
import {ORG_SLUG, ORG_SLUG_RULE} from '../config/validate.js';

/**
 * The declarative checks file of `vigil worker` (docs/checker.md). File-level `defaults`
 * fill what an entry leaves out; SPEC.md 8 limits apply to every resolved entry, so a
 * bad file fails at start-up with the path of each bad field instead of at the first run.
 */

/** Shortest interval accepted: below it a scheduler mostly measures Redis, not the upstream. */
export const MIN_EVERY_MS = 1000;

/** A duration of at least `min` ms and at most MAX_DURATION_MS, each bound with its own message. */
const durationField = (min: number, message: string) =>
  // The union's own message covers a YAML number too big to be finite (400 digits).
  z
    .union([z.string(), z.number()], {error: message})
    .refine(value => {
      const ms = parseDuration(value);
      return ms !== undefined && ms >= min;
    }, message)
    .refine(value => (parseDuration(value) ?? 0) <= MAX_DURATION_MS, TOO_LONG);

const every = durationField(MIN_EVERY_MS, 'must be a duration of at least 1s, like "30s", "5m", "1h", or milliseconds');

const lookbackHours = z.number().int('must be an integer').gt(0, 'must be greater than 0');
const threshold = z.number().int('must be an integer').min(0, 'must be at least 0');

const settings = {
  every: every.optional(),
  lookbackHours: lookbackHours.optional(),
  warnThreshold: threshold.optional(),
  failThreshold: threshold.optional(),
};


const entry = z.strictObject({
  check: z.enum(HEALTHCHECK_IDS, {error: `must be one of: ${HEALTHCHECK_IDS.join(', ')}`}),
  org: z.string().regex(ORG_SLUG, ORG_SLUG_RULE),
  ...settings,
});

const duration = (min: number, what: string) => durationField(min, `must be a duration of at least ${what}, like "500ms", "30s", "5m", or milliseconds`);

export const checksFileSchema = z.strictObject({
  defaults: z.strictObject(settings).optional(),
  /** Upper bound of one upstream call. */
  timeout: duration(100, '100ms').optional(),
  retry: z
    .strictObject({
      attempts: z.number().int('must be an integer').min(1, 'must be at least 1').max(20, 'must be at most 20').optional(),
      backoff: duration(1, '1ms').optional(),
    })
    .optional(),
  checks: z.array(entry).min(1, 'must list at least one check'),
});
export type ChecksFile = z.infer<typeof checksFileSchema>;

/** One scheduled check with every default applied. */
export interface CheckSpec {
  /** Scheduler id, metric key and Redis field: `<check>@<org>`. */
  id: string;
  check: string;
  org: string;
  everyMs: number;
  lookbackHours: number;
  warnThreshold: number;
  failThreshold: number;
}

export const DEFAULT_EVERY_MS = 5 * 60_000;

export function checkSpecId(check: string, org: string): string {
  return `${check}@${org}`;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_ATTEMPTS = 4;
export const DEFAULT_BACKOFF_MS = 5000;

/** The whole file, resolved: what the worker schedules and how it runs each check. */
export interface ChecksConfig {
  specs: CheckSpec[];
  timeoutMs: number;
  retry: {attempts: number; backoffMs: number};
}

export interface SpecProblem {
  path: string;
  message: string;
}

/** Applies defaults and the cross-field rules zod cannot see per entry. */
export function resolveChecks(file: ChecksFile): {config: ChecksConfig; problems: SpecProblem[]} {
  const defaults = file.defaults ?? {};
  const specs: CheckSpec[] = [];
  const problems: SpecProblem[] = [];
  const seen = new Map<string, number>();
  file.checks.forEach((item, index) => {
    const spec: CheckSpec = {
      id: checkSpecId(item.check, item.org),
      check: item.check,
      org: item.org,
      everyMs: parseDuration(item.every ?? defaults.every ?? DEFAULT_EVERY_MS)!,
      lookbackHours: item.lookbackHours ?? defaults.lookbackHours ?? HEALTHCHECK_DEFAULTS.lookbackHours,
      warnThreshold: item.warnThreshold ?? defaults.warnThreshold ?? HEALTHCHECK_DEFAULTS.warnThreshold,
      failThreshold: item.failThreshold ?? defaults.failThreshold ?? HEALTHCHECK_DEFAULTS.failThreshold,
    };
    if (spec.warnThreshold > spec.failThreshold) {
      problems.push({
        path: `checks[${index}].warnThreshold`,
        message: `warn threshold ${spec.warnThreshold} is above the fail threshold ${spec.failThreshold}`,
      });
    }
    const previous = seen.get(spec.id);
    if (previous !== undefined) {
      problems.push({path: `checks[${index}]`, message: `duplicates checks[${previous}] (${item.check} for org ${item.org})`});
    } else {
      seen.set(spec.id, index);
    }
    specs.push(spec);
  });
  const config: ChecksConfig = {
    specs,
    timeoutMs: file.timeout === undefined ? DEFAULT_TIMEOUT_MS : parseDuration(file.timeout)!,
    retry: {
      attempts: file.retry?.attempts ?? DEFAULT_ATTEMPTS,
      backoffMs: file.retry?.backoff === undefined ? DEFAULT_BACKOFF_MS : parseDuration(file.retry.backoff)!,
    },
  };
  return {config, problems};
}
