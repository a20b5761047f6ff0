import {z} from 'zod';
import {HEALTHCHECK_CATEGORIES, SEVERITIES} from '../enums.js';

/** SPEC.md 4.1 request body, with its documented defaults and constraints. */
export const HEALTHCHECK_DEFAULTS = {lookbackHours: 168, warnThreshold: 3, failThreshold: 10} as const;

export const cancelledCountRequestSchema = z.object({
  slug: z.string().min(1, 'slug must be at least 1 character'),
  lookbackHours: z.number().int('lookbackHours must be an integer').gt(0, 'lookbackHours must be greater than 0').optional(),
  warnThreshold: z.number().int('warnThreshold must be an integer').min(0, 'warnThreshold must be at least 0').optional(),
  failThreshold: z.number().int('failThreshold must be an integer').min(0, 'failThreshold must be at least 0').optional(),
});
export type CancelledCountRequest = z.infer<typeof cancelledCountRequestSchema>;

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

const scalar = z.union([z.number(), z.string(), z.boolean(), z.null()]);

export const findingSchema = z.object({
  kind: z.string(),
  ref: z.string().nullable(),
  message: z.string(),
  severity: z.enum(['warn', 'fail']),
});
export type Finding = z.infer<typeof findingSchema>;

/**
 * SPEC.md 2.1: the result every `/healthchecks/...` endpoint returns. Readers of a result
 * use this schema only, never fields specific to one check.
 */
export const healthcheckResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(HEALTHCHECK_CATEGORIES),
  generatedAt: z.string(),
  scope: z.object({slug: z.string().nullable()}),
  ok: z.boolean(),
  severity: z.enum(SEVERITIES),
  observed: z.record(z.string(), scalar),
  threshold: z.record(z.string(), scalar),
  findings: z.array(findingSchema),
  suggestedAction: z.string().nullable(),
  appUrl: z.string().nullable(),
});
export type HealthcheckResult = z.infer<typeof healthcheckResultSchema>;

/** CONTRACT.md grading rule, shared by the sandbox and documented in the README. */
export function gradeCount(count: number, warnThreshold: number, failThreshold: number): 'ok' | 'warn' | 'fail' {
  if (count >= failThreshold) return 'fail';
  if (count >= warnThreshold) return 'warn';
  return 'ok';
}

/** Severity as an ordinal: 0 ok, 1 warn, 2 fail (so `max` means worst). */
export const SEVERITY_RANK = {ok: 0, warn: 1, fail: 2} as const;
