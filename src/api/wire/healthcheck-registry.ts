import * as z from 'zod';
import {memo} from '../../memo.js';
import {HEALTHCHECK_ID_PATTERN, MAX_HEALTHCHECK_ID_LENGTH, isHealthcheckId} from './paths.js';

/**
 * The healthcheck registry (docs/contract.md#the-healthcheck-registry): `POST /healthchecks/list`
 * says which checks exist and which may be called, and the ten documented ids with the body
 * fields vigil gives flags to. Everything else about a check comes from the registry at run
 * time, so a check the upstream adds is graded without a new vigil release.
 */

/** The ids the upstream documents (shell completion, docs); the registry is the authority. */
export const DOCUMENTED_HEALTHCHECK_IDS = [
  'detections.silent-configs',
  'reviewing.backlog',
  'reviewing.old-proposals',
  'takedowns.todo-volume',
  'takedowns.in-progress-volume',
  'takedowns.stale-in-progress',
  'takedowns.cancelled-count',
  'takedowns.automation-off',
  'assets.dead-asset-spike',
  'organization.missing-contact-url',
] as const;
export type DocumentedHealthcheckId = (typeof DOCUMENTED_HEALTHCHECK_IDS)[number];

/**
 * Body fields with a flag of their own, keyed by vigil's option name: the wire name, the least
 * integer accepted, and the checks that document the field. The contract names cancelled-count's;
 * the registry names `baselineDays` and `minSpikeCount`. The official client passes
 * `--min-results` and `--lookback-hours` to silent-configs without naming the body fields:
 * vigil sends them as `minResults` and `lookbackHours`, the names of the same kind elsewhere.
 * Any other field goes through `--param name=value` under the name the user gives.
 */
export const HEALTHCHECK_FLAG_PARAMS = {
  lookbackHours: {wire: 'lookbackHours', min: 1, checks: ['takedowns.cancelled-count', 'detections.silent-configs']},
  warnThreshold: {wire: 'warnThreshold', min: 0, checks: ['takedowns.cancelled-count']},
  failThreshold: {wire: 'failThreshold', min: 0, checks: ['takedowns.cancelled-count']},
  minResults: {wire: 'minResults', min: 0, checks: ['detections.silent-configs']},
  baselineDays: {wire: 'baselineDays', min: 1, checks: ['assets.dead-asset-spike']},
  minSpikeCount: {wire: 'minSpikeCount', min: 0, checks: ['assets.dead-asset-spike']},
} as const satisfies Record<string, {wire: string; min: number; checks: readonly DocumentedHealthcheckId[]}>;
export type HealthcheckFlagParam = keyof typeof HEALTHCHECK_FLAG_PARAMS;

/** The scope field every check takes (docs/contract.md#the-healthcheck-registry); `--param` may not set it. */
export const HEALTHCHECK_SCOPE_FIELD = 'slug';

/** A body field's value as vigil sends it: numbers and booleans typed, the rest text. */
export type HealthcheckParamValue = string | number | boolean;

/** The request body of one check: the scope, then the fields the user gave (under their names). */
export function healthcheckBody(org: string, fields: Readonly<Record<string, HealthcheckParamValue>> = {}): Record<string, HealthcheckParamValue> {
  return {...fields, [HEALTHCHECK_SCOPE_FIELD]: org};
}

/**
 * The registry's request body. Undocumented: vigil sends the scope, like every other check,
 * so an upstream that answers per organization can.
 */
export function healthcheckListBody(org: string | undefined): Record<string, string> {
  return org === undefined ? {} : {[HEALTHCHECK_SCOPE_FIELD]: org};
}

/** One check of the registry, normalised. */
export interface HealthcheckRegistryEntry {
  id: string;
  /** True only when the upstream says so and the id has the registry's shape. */
  implemented: boolean;
  /** Why not, when not implemented: the upstream's words, or vigil's when the upstream gave none. */
  notImplementedReason: string | null;
}

export interface HealthcheckRegistry {
  checks: HealthcheckRegistryEntry[];
}

export const NO_REASON_GIVEN = 'not implemented (the registry gives no reason)';
export const NOT_SAID_IMPLEMENTED = 'the registry does not say it is implemented';
export const UNCALLABLE_ID = 'not a <group>.<name> id: vigil cannot call it';
export const TOO_LONG_ID = `id longer than ${MAX_HEALTHCHECK_ID_LENGTH} characters: vigil cannot call it`;

/** What an over-long id shows as: its start and its length, so a listing stays a listing. */
function shortenedId(id: string): string {
  return `${id.slice(0, 64)}... (${id.length} characters)`;
}

/**
 * Implemented checks vigil runs per org at most, by default: a `discover:` worker schedules
 * and `run --all` runs the first ones in the registry's order; the registry must not decide
 * how much work vigil takes on (100,000 ids once meant 200,000 Redis keys and a 481 MB scrape).
 */
export const DEFAULT_MAX_CHECKS = 100;
/** The highest cap a user may set. */
export const MAX_CHECKS_LIMIT = 10_000;

/** The first `max` of `ids`, and how many were left out. */
export function capChecks<T>(ids: readonly T[], max: number): {kept: T[]; leftOut: number} {
  return {kept: ids.slice(0, max), leftOut: Math.max(0, ids.length - max)};
}

const entrySchema = memo(() => z
  .object({
    id: z.string().min(1, 'must not be empty'),
    implemented: z.boolean().nullish(),
    notImplementedReason: z.string().nullish(),
  })
  .transform(({id, implemented, notImplementedReason}): HealthcheckRegistryEntry => {
    // "Only call endpoints where `implemented` is true": anything else is not called.
    if (id.length > MAX_HEALTHCHECK_ID_LENGTH) {
      return {id: shortenedId(id), implemented: false, notImplementedReason: HEALTHCHECK_ID_PATTERN.test(id) ? TOO_LONG_ID : UNCALLABLE_ID};
    }
    if (!isHealthcheckId(id)) return {id, implemented: false, notImplementedReason: UNCALLABLE_ID};
    if (implemented === true) return {id, implemented: true, notImplementedReason: null};
    const fallback = implemented === false ? NO_REASON_GIVEN : NOT_SAID_IMPLEMENTED;
    return {id, implemented: false, notImplementedReason: notImplementedReason ?? fallback};
  }));

/**
 * `POST /healthchecks/list`, read tolerantly: the entries from a top-level `checks` array (the
 * official client reads `.checks[]`) or a bare array; unknown fields ignored; an entry needs
 * only its `id`. An id listed twice keeps its first entry.
 */
export const healthcheckRegistrySchema = memo(() => z
  .preprocess(
    body => (Array.isArray(body) ? {checks: body} : body),
    z.object(
      {checks: z.array(entrySchema(), {error: 'expected an array of {id, implemented, notImplementedReason}'})},
      {error: 'expected a `checks` array, or a bare array of checks'},
    ),
  )
  .transform(({checks}): HealthcheckRegistry => {
    const seen = new Set<string>();
    return {checks: checks.filter(entry => !seen.has(entry.id) && seen.add(entry.id))};
  }));

/** What the registry answers on the wire, as the sandbox serves it and its OpenAPI document publishes it. */
export const healthcheckRegistryWireSchema = memo(() => z.object({
  checks: z.array(z.object({
    id: z.string(),
    implemented: z.boolean(),
    notImplementedReason: z.string().optional(),
  })),
}));
export type HealthcheckRegistryWire = z.infer<ReturnType<typeof healthcheckRegistryWireSchema>>;
