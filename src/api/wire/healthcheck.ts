import * as z from 'zod';
import {memo} from '../../memo.js';
import {HEALTHCHECK_CATEGORIES, SEVERITIES} from '../enums.js';

/** The cancelled-count request body (docs/contract.md#the-cancelled-count-healthcheck), with its documented defaults and constraints. */
export const HEALTHCHECK_DEFAULTS = {lookbackHours: 168, warnThreshold: 3, failThreshold: 10} as const;

export const cancelledCountRequestSchema = memo(() => z.object({
  slug: z.string().min(1, 'slug must be at least 1 character'),
  lookbackHours: z.number().int('lookbackHours must be an integer').gt(0, 'lookbackHours must be greater than 0').optional(),
  warnThreshold: z.number().int('warnThreshold must be an integer').min(0, 'warnThreshold must be at least 0').optional(),
  failThreshold: z.number().int('failThreshold must be an integer').min(0, 'failThreshold must be at least 0').optional(),
}));
export type CancelledCountRequest = z.infer<ReturnType<typeof cancelledCountRequestSchema>>;

/** What vigil asks of a healthcheck, in its own words; `healthcheckRequestBody` names the wire fields. */
export interface HealthcheckParams {
  org: string;
  lookbackHours?: number;
  warnThreshold?: number;
  failThreshold?: number;
}

export function healthcheckRequestBody(params: HealthcheckParams): CancelledCountRequest {
  const body: CancelledCountRequest = {slug: params.org};
  if (params.lookbackHours !== undefined) body.lookbackHours = params.lookbackHours;
  if (params.warnThreshold !== undefined) body.warnThreshold = params.warnThreshold;
  if (params.failThreshold !== undefined) body.failThreshold = params.failThreshold;
  return body;
}

const scalar = memo(() => z.union([z.number(), z.string(), z.boolean(), z.null()]));

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform(value => value ?? undefined);

export const findingSchema = memo(() => z.object({
  kind: nullish(z.string()),
  ref: z.string().nullish().transform(ref => ref ?? null),
  message: nullish(z.string()),
  // A finding of unknown severity still counts against the check: read as `fail`.
  severity: z.enum(['warn', 'fail']).nullish().transform(severity => severity ?? 'fail'),
}));

/**
 * What docs/contract.md#the-healthcheck-result requires on the wire; the sandbox answers exactly this, and its OpenAPI
 * document is generated from it.
 */
export const healthcheckResultWireSchema = memo(() => z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(HEALTHCHECK_CATEGORIES),
  generatedAt: z.string(),
  scope: z.object({slug: z.string().nullable()}),
  ok: z.boolean(),
  severity: z.enum(SEVERITIES),
  observed: z.record(z.string(), scalar()),
  threshold: z.record(z.string(), scalar()),
  findings: z.array(z.object({kind: z.string(), ref: z.string().nullable(), message: z.string(), severity: z.enum(['warn', 'fail'])})),
  suggestedAction: z.string().nullable(),
  appUrl: z.string().nullable(),
}));

/**
 * docs/contract.md#the-healthcheck-result, read tolerantly: the result every `/healthchecks/...` endpoint
 * returns. Readers of a result use this schema only, never fields specific to one check.
 * The grade is what a result is for: `ok` and `severity` stand in for each other (a missing
 * severity of a result that is not ok reads as `fail`, the safe side for a monitor); a
 * result with neither is a contract error. Any other field may be missing: the maps and
 * lists read as empty, the texts as absent.
 */
export const healthcheckResultSchema = memo(() => z
  .object({
    id: nullish(z.string()),
    title: nullish(z.string()),
    // A category the upstream adds later is shown, not refused.
    category: nullish(z.string()),
    generatedAt: nullish(z.string()),
    scope: nullish(z.object({slug: z.string().nullish().transform(slug => slug ?? null)})),
    ok: nullish(z.boolean()),
    severity: nullish(z.enum(SEVERITIES)),
    observed: z.record(z.string(), scalar()).nullish().transform(map => map ?? {}),
    threshold: z.record(z.string(), scalar()).nullish().transform(map => map ?? {}),
    findings: z.array(findingSchema()).nullish().transform(list => list ?? []),
    suggestedAction: z.string().nullish().transform(text => text ?? null),
    appUrl: z.string().nullish().transform(text => text ?? null),
  })
  .superRefine((result, ctx) => {
    if (result.ok === undefined && result.severity === undefined) {
      ctx.addIssue({code: 'custom', path: ['severity'], message: 'neither severity nor ok given: the result has no grade'});
    }
  })
  .transform(({ok, severity, ...rest}) => {
    const grade = severity ?? (ok === true ? 'ok' : 'fail');
    return {...rest, ok: ok ?? grade === 'ok', severity: grade};
  }));
export type HealthcheckResult = z.output<ReturnType<typeof healthcheckResultSchema>>;

/** The grading rule (docs/contract.md#grading), shared by the sandbox and documented in the README. */
export function gradeCount(count: number, warnThreshold: number, failThreshold: number): 'ok' | 'warn' | 'fail' {
  if (count >= failThreshold) return 'fail';
  if (count >= warnThreshold) return 'warn';
  return 'ok';
}

/** Severity as an ordinal: 0 ok, 1 warn, 2 fail (so `max` means worst). */
export const SEVERITY_RANK = {ok: 0, warn: 1, fail: 2} as const;
