import * as z from 'zod';
import {gradeCount, type HealthcheckResult} from '../../api/wire/index.js';
import type {HEALTHCHECK_CATEGORIES} from '../../api/enums.js';
import type {Store} from '../store.js';
import {iso} from '../serialize.js';

/*
 * How the sandbox defines a healthcheck of the registry: its request body (validated; the
 * OpenAPI document publishes it) and a result computed from the store. Grading is
 * the rule of docs/contract.md#grading on each check's main value: `value >= fail` is fail, else `>= warn` is
 * warn, else ok (gradeCount).
 */

export interface CheckContext {
  store: Store;
  now: number;
  /** Where the sandbox serves its admin pages (the result's appUrl). */
  origin: string;
}

export interface SandboxCheck {
  id: string;
  title: string;
  category: (typeof HEALTHCHECK_CATEGORIES)[number];
  /** One line for the OpenAPI document. */
  summary: string;
  /** The request body schema (published in openapi.json). */
  body: z.ZodType<{slug: string}>;
  run(ctx: CheckContext, body: {slug: string}): HealthcheckResult;
}

/** Keeps each check's body type tied to its run function, then erases it for the registry. */
export function defineCheck<S extends z.ZodType<{slug: string}>>(check: Omit<SandboxCheck, 'body' | 'run'> & {body: S; run(ctx: CheckContext, body: z.output<S>): HealthcheckResult}): SandboxCheck {
  return check as unknown as SandboxCheck;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** The longest window a check counts over: 100 years (past it, a date has no start). */
const MAX_HOURS = 876_000;

export const slugField = z.string().min(1, 'slug must be at least 1 character');

/** An optional whole-number body field, named in each message. */
export function intField(name: string, min: number, max = MAX_HOURS): z.ZodOptional<z.ZodNumber> {
  return z.number().int(`${name} must be an integer`).min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`).optional();
}

/**
 * A body of the scope, a warn and a fail field (with their defaults), and `extra` fields; warn
 * above fail is a 400 naming the warn field, as cancelled-count's is.
 */
export function gradedBody(names: {warn: string; fail: string}, defaults: {warn: number; fail: number}, extra: z.ZodRawShape = {}): z.ZodType<CheckBody> {
  return z
    .object({slug: slugField, [names.warn]: intField(names.warn, 0), [names.fail]: intField(names.fail, 0), ...extra})
    .refine(body => ((body as Record<string, number | undefined>)[names.warn] ?? defaults.warn) <= ((body as Record<string, number | undefined>)[names.fail] ?? defaults.fail), {
      path: [names.warn],
      message: `${names.warn} must not be greater than ${names.fail} (defaults ${defaults.warn} and ${defaults.fail})`,
    }) as unknown as z.ZodType<CheckBody>;
}

/** A parsed body: the scope, and whole numbers under the check's field names. */
export type CheckBody = {slug: string} & Record<string, unknown>;

/** A number field of a parsed body, or its default. */
export function field(body: CheckBody, name: string, fallback: number): number {
  const value = body[name];
  return typeof value === 'number' ? value : fallback;
}

export interface Graded {
  slug: string;
  /** The main value, graded against warn and fail. */
  value: number;
  warn: number;
  fail: number;
  observed: HealthcheckResult['observed'];
  threshold: HealthcheckResult['threshold'];
  /** Evidence, shown when the result is not ok. */
  findings: Array<{kind: string; ref: string | null; message: string}>;
  /** What to do, when not ok. */
  action: string;
  /** Admin page under /_sandbox/orgs/<slug>/ that shows the data. */
  page: string;
}

/** The result (docs/contract.md#the-healthcheck-result) of a check whose main value is graded by the rule of docs/contract.md#grading. */
export function gradedResult(check: Pick<SandboxCheck, 'id' | 'title' | 'category'>, ctx: CheckContext, graded: Graded): HealthcheckResult {
  const severity = gradeCount(graded.value, graded.warn, graded.fail);
  const ok = severity === 'ok';
  return {
    id: check.id,
    title: check.title,
    category: check.category,
    generatedAt: iso(ctx.now),
    scope: {slug: graded.slug},
    ok,
    severity,
    observed: graded.observed,
    threshold: graded.threshold,
    findings: ok ? [] : graded.findings.map(finding => ({...finding, severity})),
    suggestedAction: ok ? null : graded.action,
    appUrl: ok ? null : `${ctx.origin}/_sandbox/orgs/${encodeURIComponent(graded.slug)}/${graded.page}`,
  };
}

/** "3 proposals", "1 proposal". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
