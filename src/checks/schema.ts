import * as z from 'zod';
import {DEFAULT_MAX_CHECKS, HEALTHCHECK_DEFAULTS, HEALTHCHECK_ID_PATTERN, MAX_CHECKS_LIMIT, MAX_HEALTHCHECK_ID_LENGTH, type HealthcheckParamValue} from '../api/wire/index.js';
import {MAX_DURATION_MS, TOO_LONG, parseDuration} from './duration.js';
import {ORG_SLUG, ORG_SLUG_RULE} from '../config/validate.js';
import {keysSchema, resolveKeyRefs, type KeyRef} from './key-refs.js';
import {maintenanceEntrySchema, resolveMaintenance, type MaintenanceWindow} from '../maintenance/window.js';

/**
 * The declarative checks file of `vigil worker` (docs/checker.md). File-level `defaults`
 * fill what an entry leaves out; docs/contract.md#limits apply to every resolved entry, so a
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

/** Any id of the registry's shape: a check the upstream adds later needs no new vigil. */
const checkId = z.string({error: 'must be a healthcheck id like takedowns.cancelled-count'}).max(MAX_HEALTHCHECK_ID_LENGTH, `must be at most ${MAX_HEALTHCHECK_ID_LENGTH} characters`).regex(HEALTHCHECK_ID_PATTERN, 'must be a healthcheck id like takedowns.cancelled-count (<group>.<name>, lower-case words and dashes)');
const orgSlug = z.string({error: 'must be an org slug'}).regex(ORG_SLUG, ORG_SLUG_RULE);

/** Body fields the entry names itself: a `params:` key must not say them a second time. */
const OWN_FIELDS = new Set(['slug', 'lookbackHours', 'warnThreshold', 'failThreshold']);
export type ParamValue = HealthcheckParamValue;
const paramValue = z.union([z.string().max(1000, 'must be at most 1000 characters'), z.number(), z.boolean()], {error: 'must be a string, a number or true/false'});
// Keys and values checked in one pass, so a bad value does not hide a bad key.
const params = z
  .record(z.string(), z.unknown())
  .superRefine((map, ctx) => {
    for (const [name, value] of Object.entries(map)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) ctx.addIssue({code: 'custom', path: [name], message: 'must be a body field name (letters, digits, "_")'});
      else if (OWN_FIELDS.has(name)) ctx.addIssue({code: 'custom', path: [name], message: 'is set by the entry itself (org, lookbackHours, warnThreshold, failThreshold), not by params'});
      const parsed = paramValue.safeParse(value);
      if (!parsed.success) ctx.addIssue({code: 'custom', path: [name], message: parsed.error.issues[0]!.message});
    }
  })
  .transform(map => map as Record<string, HealthcheckParamValue>);

const entry = z.strictObject({
  check: checkId,
  org: orgSlug,
  ...settings,
  /** Body fields sent as given, for checks whose parameters vigil has no name for. */
  params: params.optional(),
  /** Checks of the same org whose failing holds this one's alerts (src/maintenance/depends.ts). */
  dependsOn: z.array(checkId).max(20, 'must list at most 20 checks').optional(),
});

/** Grade every implemented check of the upstream's registry for these orgs. */
const discover = z.strictObject({
  orgs: z.array(orgSlug).min(1, 'must list at least one org'),
  every: every.optional(),
  registryEvery: every.optional(),
  exclude: z.array(checkId).optional(),
  /** Checks scheduled per org at most, in the registry's order: the registry must not decide how much work the worker takes on. */
  maxChecks: z.number().int('must be an integer').min(1, 'must be at least 1').max(MAX_CHECKS_LIMIT, `must be at most ${MAX_CHECKS_LIMIT}`).optional(),
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
  checks: z.array(entry).min(1, 'must list at least one check').optional(),
  discover: discover.optional(),
  /** The key of an org or group of orgs, by reference (src/checks/key-refs.ts). */
  keys: keysSchema.optional(),
  /** Maintenance windows: alerts of an org (or check) held while one is active (src/maintenance/). */
  maintenance: z.array(maintenanceEntrySchema(checkId, orgSlug)).optional(),
}).refine(file => file.checks !== undefined || file.discover !== undefined, {message: 'must have checks: or discover: (or both)'});
export type ChecksFile = z.infer<typeof checksFileSchema>;

/** One scheduled check with every default applied. */
export interface CheckSpec {
  /** Scheduler id, metric key and Redis field: `<check>@<org>`. */
  id: string;
  check: string;
  org: string;
  everyMs: number;
  /** Set when the file or a documented default states it; otherwise the upstream decides. */
  lookbackHours?: number;
  warnThreshold?: number;
  failThreshold?: number;
  params?: Record<string, ParamValue>;
  /** Scheduled because the registry lists the check, not because the file names it. */
  discovered?: true;
  /** Checks of the same org whose failing holds this one's alerts. */
  dependsOn?: string[];
}

export const DEFAULT_EVERY_MS = 5 * 60_000;

export function checkSpecId(check: string, org: string): string {
  return `${check}@${org}`;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_ATTEMPTS = 4;
export const DEFAULT_BACKOFF_MS = 5000;

export const DEFAULT_REGISTRY_EVERY_MS = 10 * 60_000;

/** The `discover:` section, resolved. */
export interface DiscoverConfig {
  orgs: string[];
  everyMs: number;
  registryEveryMs: number;
  exclude: string[];
  /** Checks scheduled per org at most (after exclude), in the registry's order. Default: DEFAULT_MAX_CHECKS (100). */
  maxChecks: number;
}

/** The whole file, resolved: what the worker schedules and how it runs each check. */
export interface ChecksConfig {
  /** The `checks:` entries; with `discover:`, the registry decides which of its orgs' entries run. */
  specs: CheckSpec[];
  discover?: DiscoverConfig;
  timeoutMs: number;
  retry: {attempts: number; backoffMs: number};
  /** org -> the reference of its key; an org not here uses the worker's own key. */
  keys?: Record<string, KeyRef>;
  /** The `maintenance:` windows, if any. */
  maintenance?: MaintenanceWindow[];
}

export interface SpecProblem {
  path: string;
  message: string;
}

/** docs/contract.md#the-cancelled-count-healthcheck documents these for cancelled-count; other checks keep the upstream's own. */
const DOCUMENTED_DEFAULTS: Record<string, {lookbackHours: number; warnThreshold: number; failThreshold: number}> = {
  'takedowns.cancelled-count': HEALTHCHECK_DEFAULTS,
};

/** Applies defaults and the cross-field rules zod cannot see per entry. */
export function resolveChecks(file: ChecksFile): {config: ChecksConfig; problems: SpecProblem[]} {
  const defaults = file.defaults ?? {};
  const specs: CheckSpec[] = [];
  const problems: SpecProblem[] = [];
  const seen = new Map<string, number>();
  const discover = resolveDiscover(file, problems);
  (file.checks ?? []).forEach((item, index) => {
    const documented = DOCUMENTED_DEFAULTS[item.check];
    const spec: CheckSpec = {
      id: checkSpecId(item.check, item.org),
      check: item.check,
      org: item.org,
      everyMs: parseDuration(item.every ?? defaults.every ?? DEFAULT_EVERY_MS)!,
    };
    const lookbackHours = item.lookbackHours ?? defaults.lookbackHours ?? documented?.lookbackHours;
    const warnThreshold = item.warnThreshold ?? defaults.warnThreshold ?? documented?.warnThreshold;
    const failThreshold = item.failThreshold ?? defaults.failThreshold ?? documented?.failThreshold;
    if (lookbackHours !== undefined) spec.lookbackHours = lookbackHours;
    if (warnThreshold !== undefined) spec.warnThreshold = warnThreshold;
    if (failThreshold !== undefined) spec.failThreshold = failThreshold;
    if (item.params && Object.keys(item.params).length > 0) spec.params = item.params;
    if (item.dependsOn && item.dependsOn.length > 0) spec.dependsOn = [...new Set(item.dependsOn)];
    if (item.dependsOn?.includes(item.check)) problems.push({path: `checks[${index}].dependsOn`, message: `${item.check} cannot depend on itself`});
    if (warnThreshold !== undefined && failThreshold !== undefined && warnThreshold > failThreshold) {
      problems.push({
        path: `checks[${index}].warnThreshold`,
        message: `warn threshold ${warnThreshold} is above the fail threshold ${failThreshold}`,
      });
    }
    const previous = seen.get(spec.id);
    if (previous !== undefined) {
      problems.push({path: `checks[${index}]`, message: `duplicates checks[${previous}] (${item.check} for org ${item.org})`});
    } else {
      seen.set(spec.id, index);
    }
    if (discover?.orgs.includes(item.org) && discover.exclude.includes(item.check)) {
      problems.push({path: `checks[${index}]`, message: `${item.check} for org ${item.org} is also in discover.exclude: keep one`});
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
  if (discover) config.discover = discover;
  if (file.keys) config.keys = resolveKeyRefs(file.keys, problems);
  if (file.maintenance) {
    const orgs = new Set([...specs.map(spec => spec.org), ...(discover?.orgs ?? [])]);
    const resolved = resolveMaintenance(file.maintenance, orgs);
    config.maintenance = resolved.windows;
    problems.push(...resolved.problems);
  }
  return {config, problems};
}

function resolveDiscover(file: ChecksFile, problems: SpecProblem[]): DiscoverConfig | undefined {
  const section = file.discover;
  if (!section) return undefined;
  const twice = (list: readonly string[], path: string) =>
    list.forEach((value, index) => {
      if (list.indexOf(value) !== index) problems.push({path: `${path}[${index}]`, message: `${value} is listed twice`});
    });
  twice(section.orgs, 'discover.orgs');
  twice(section.exclude ?? [], 'discover.exclude');
  return {
    orgs: [...new Set(section.orgs)],
    everyMs: parseDuration(section.every ?? file.defaults?.every ?? DEFAULT_EVERY_MS)!,
    registryEveryMs: section.registryEvery === undefined ? DEFAULT_REGISTRY_EVERY_MS : parseDuration(section.registryEvery)!,
    exclude: [...new Set(section.exclude ?? [])],
    maxChecks: section.maxChecks ?? DEFAULT_MAX_CHECKS,
  };
}
