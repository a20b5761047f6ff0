import * as z from 'zod';
import {isHealthcheckId} from '../api/wire/index.js';
import {checkSpecId, type CheckSpec} from '../checks/schema.js';
import {ORG_SLUG} from '../config/validate.js';
import {memo} from '../memo.js';
import {storedTimeProblem} from '../stored-time.js';
import {SAFE_KEY} from './observed.js';
import {ERROR_KINDS, RUN_OUTCOMES, type StoredRun, type StoredSuccess} from './store.js';

/**
 * What the result store reads back from Redis, checked as input: anyone who can write to
 * vigil's keys could otherwise put `"1 }{ garbage"` where /metrics writes a number (promtool
 * then fails and Prometheus drops the whole scrape), a newline and a series of their own, or
 * OSC 8 and bidi characters into a label. Numbers must be finite numbers, labels must follow
 * the checks file's rules (id shape, org slug, observed key shape), times must be times a
 * Date holds and not far ahead (src/stored-time.ts); an entry that does not is skipped and
 * named, never exported.
 */

const finite = () => z.number().refine(Number.isFinite, 'must be a finite number');

const specSchema = memo(() => z.object({
  id: z.string(),
  check: z.string().refine(isHealthcheckId, 'must be a healthcheck id'),
  org: z.string().regex(ORG_SLUG, 'must be an org slug'),
  everyMs: finite().positive(),
  lookbackHours: finite().optional(),
  warnThreshold: finite().optional(),
  failThreshold: finite().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  discovered: z.literal(true).optional(),
}));

const successSchema = memo(() => z.object({
  severity: z.enum(['ok', 'warn', 'fail']),
  ok: z.boolean(),
  observed: z.record(z.string().regex(SAFE_KEY, 'must be letters, digits, "_", "." or "-"'), finite()),
  threshold: z.object({warn: finite().optional(), fail: finite().optional()}).optional(),
  at: finite(),
  appUrl: z.string().nullable(),
}));

const runSchema = memo(() => z.object({
  at: finite(),
  outcome: z.enum(RUN_OUTCOMES),
  durationMs: finite(),
  errorKind: z.enum(ERROR_KINDS).optional(),
  error: z.string().optional(),
}));

/** Why a stored value was skipped: the first problem, with its path. */
export function problemOf(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}

function parseJson(text: string): {value: unknown} | {problem: string} {
  try {
    return {value: JSON.parse(text) as unknown};
  } catch {
    return {problem: 'not JSON'};
  }
}

/** A stored config entry as a spec, or why it is skipped. */
export function parseStoredSpec(id: string, json: string): {spec: CheckSpec} | {problem: string} {
  const parsed = parseJson(json);
  if ('problem' in parsed) return parsed;
  const result = specSchema().safeParse(parsed.value);
  if (!result.success) return {problem: `config ${problemOf(result.error)}`};
  const spec = result.data as CheckSpec;
  if (spec.id !== id || checkSpecId(spec.check, spec.org) !== id) return {problem: 'config: id does not match its check and org'};
  return {spec};
}

/**
 * One half of a stored state value: its parsed value, or why it is skipped. `now`: the
 * reader's clock, which its `at` may not be more than a day ahead of (src/stored-time.ts).
 */
export function parseStoredHalf(kind: 'success', json: string, now: number): {value: StoredSuccess} | {problem: string};
export function parseStoredHalf(kind: 'run', json: string, now: number): {value: StoredRun} | {problem: string};
export function parseStoredHalf(kind: 'success' | 'run', json: string, now: number): {value: StoredSuccess | StoredRun} | {problem: string} {
  const parsed = parseJson(json);
  if ('problem' in parsed) return {problem: `${kind}: not JSON`};
  const result = (kind === 'success' ? successSchema() : runSchema()).safeParse(parsed.value);
  if (!result.success) return {problem: `${kind}.${problemOf(result.error)}`};
  const value = result.data as StoredSuccess | StoredRun;
  const time = storedTimeProblem(value.at, now);
  if (time !== undefined) return {problem: `${kind}.at: ${time}`};
  return {value};
}
