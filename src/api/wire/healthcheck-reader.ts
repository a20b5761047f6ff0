import {SEVERITIES} from '../enums.js';
import type {HealthcheckResult} from './healthcheck.js';
import {isRecord} from './list-reader.js';

/*
 * A healthcheck result read without zod's pipeline: healthcheckResultSchema (healthcheck.ts)
 * runs a transform per field, ~14 µs a result, and the worker reads one per run (~3% of a
 * run's CPU against got's own). This reader builds the schema's output itself for a body it
 * is sure the schema accepts: every field of the type the schema reads, or null, or absent;
 * a grade given. Anything else (a field of another type, a map key it would not copy
 * plainly, no grade) returns undefined and goes to the schema, whose errors name the field.
 * A test compares both on valid and broken results.
 */

const SEVERITY = new Set<unknown>(SEVERITIES);
const FINDING_SEVERITY = new Set<unknown>(['warn', 'fail']);

const absent = (value: unknown) => value === undefined || value === null;
const optional = (value: unknown, type: 'string' | 'boolean') => absent(value) || typeof value === type;

function isScalar(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** A map of scalars, copied as zod's record copies it; undefined when a key or value is not plainly copyable. */
function scalarMap(value: unknown): Record<string, unknown> | undefined {
  if (absent(value)) return {};
  if (!isRecord(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (key === '__proto__' || !isScalar(value[key])) return undefined;
    out[key] = value[key];
  }
  return out;
}

/**
 * Copies `fields` of `from` as the schema's `nullish(...)` reads them: null becomes undefined,
 * and a field is in the result only if it is in the body (as in zod's output).
 */
function copyNullish(out: Record<string, unknown>, from: Record<string, unknown>, fields: readonly string[]): void {
  for (const field of fields) if (Object.hasOwn(from, field)) out[field] = from[field] ?? undefined;
}

function finding(value: unknown): HealthcheckResult['findings'][number] | undefined {
  if (!isRecord(value)) return undefined;
  const {kind, ref, message, severity} = value;
  if (!optional(kind, 'string') || !optional(ref, 'string') || !optional(message, 'string') || !(absent(severity) || FINDING_SEVERITY.has(severity))) return undefined;
  const out: Record<string, unknown> = {};
  copyNullish(out, value, ['kind']);
  out['ref'] = ref ?? null;
  copyNullish(out, value, ['message']);
  out['severity'] = severity ?? 'fail';
  return out as HealthcheckResult['findings'][number];
}

/** The result as healthcheckResultSchema returns it, or undefined: parse it with the schema then. */
export function readHealthcheckResult(body: unknown): HealthcheckResult | undefined {
  if (!isRecord(body)) return undefined;
  const {id, title, category, generatedAt, scope, ok, severity, suggestedAction, appUrl} = body;
  if (!optional(id, 'string') || !optional(title, 'string') || !optional(category, 'string') || !optional(generatedAt, 'string')) return undefined;
  if (!optional(suggestedAction, 'string') || !optional(appUrl, 'string') || !optional(ok, 'boolean')) return undefined;
  if (!(absent(severity) || SEVERITY.has(severity)) || (absent(ok) && absent(severity))) return undefined;
  if (!absent(scope) && !(isRecord(scope) && optional(scope.slug, 'string'))) return undefined;
  const observed = scalarMap(body.observed);
  const threshold = scalarMap(body.threshold);
  if (!observed || !threshold) return undefined;
  let findings: HealthcheckResult['findings'] = [];
  if (!absent(body.findings)) {
    if (!Array.isArray(body.findings)) return undefined;
    findings = [];
    for (const item of body.findings as unknown[]) {
      const read = finding(item);
      if (!read) return undefined;
      findings.push(read);
    }
  }
  const grade = (severity ?? (ok === true ? 'ok' : 'fail')) as HealthcheckResult['severity'];
  // The schema's fields in its order, then the grade its transform appends.
  const out: Record<string, unknown> = {};
  copyNullish(out, body, ['id', 'title', 'category', 'generatedAt']);
  if (Object.hasOwn(body, 'scope')) out['scope'] = absent(scope) ? undefined : {slug: (scope as Record<string, unknown>).slug ?? null};
  out['observed'] = observed;
  out['threshold'] = threshold;
  out['findings'] = findings;
  out['suggestedAction'] = suggestedAction ?? null;
  out['appUrl'] = appUrl ?? null;
  out['ok'] = ok ?? grade === 'ok';
  out['severity'] = grade;
  return out as HealthcheckResult;
}
