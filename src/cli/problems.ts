import {InputError, type InputProblem} from '../errors.js';
import type {CommandContext} from './context.js';

/*
 * Flag validation shared by `reports create|list|search`. Every check records a problem
 * instead of throwing, so one run lists EVERY bad flag (exit 3) before anything is sent.
 */

export class Problems {
  readonly list: InputProblem[] = [];
  /** Next steps of captured errors (how to set a missing org): kept with their problems. */
  readonly hints: string[] = [];

  add(field: string | undefined, message: string): void {
    this.list.push(field === undefined ? {message} : {field, message});
  }

  /** Throws one InputError carrying every recorded problem and hint, if any. */
  throwIfAny(hint?: string): void {
    if (this.list.length === 0) return;
    const hints = [...new Set([...this.hints, ...(hint === undefined ? [] : [hint])])];
    throw new InputError(this.list, hints.length === 0 ? undefined : hints.join('; '));
  }
}

/** The org to act on, or a recorded `--org` problem (ctx.requireOrg's own message). */
export function resolveOrg(ctx: CommandContext, problems: Problems): string | undefined {
  return capture(problems, () => ctx.requireOrg());
}

/** A whole number within [min, max]; `undefined` when the flag is absent or invalid. */
export function parseIntegerFlag(
  value: string | undefined,
  field: string,
  problems: Problems,
  range: {min: number; max?: number},
): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  const number = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
  const bounds = range.max === undefined ? `at least ${range.min}` : `between ${range.min} and ${range.max}`;
  if (!Number.isSafeInteger(number) || number < range.min || (range.max !== undefined && number > range.max)) {
    problems.add(field, `must be a whole number ${bounds} (got ${JSON.stringify(value)})`);
    return undefined;
  }
  return number;
}

/** One value of a fixed set, matched case-insensitively, returned in its canonical case. */
export function parseEnumFlag<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  field: string,
  problems: Problems,
): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find(option => option.toLowerCase() === value.trim().toLowerCase());
  if (found === undefined) problems.add(field, `must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`);
  return found;
}

/** A comma list, trimmed, without empty items or repeats (first occurrence kept). */
export function splitCommaList(value: string | undefined, normalize: (item: string) => string = item => item): string[] | undefined {
  if (value === undefined) return undefined;
  const seen = new Set<string>();
  for (const raw of value.split(',')) {
    const item = normalize(raw.trim());
    if (item !== '') seen.add(item);
  }
  return [...seen];
}

/** A text flag that must not be blank when given. */
export function parseTextFlag(value: string | undefined, field: string, problems: Problems): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') {
    problems.add(field, 'must not be empty');
    return undefined;
  }
  return value;
}

const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * An ISO-8601 date or date-time, normalised to UTC `toISOString()` form. A bare date means
 * the start of that UTC day, or its last millisecond when `endOfDay` (so `--to 2026-01-31`
 * includes the 31st). A date-time without an offset is read as UTC, never as local time, so
 * the same command means the same thing on every machine.
 */
export function parseIsoDateFlag(
  value: string | undefined,
  field: string,
  problems: Problems,
  options: {endOfDay?: boolean} = {},
): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  const bare = BARE_DATE.exec(text);
  const full = bare ? null : DATE_TIME.exec(text);
  const parts = bare ?? full;
  let date: Date | undefined;
  if (parts) {
    const [, y, m, d] = parts;
    const iso = bare
      ? `${text}T${options.endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`
      : text.replace(' ', 'T') + (full?.[8] ? '' : 'Z');
    const candidate = new Date(iso);
    // Date silently rolls 2026-02-30 over to March: reject dates that do not exist.
    const calendar = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    const real = calendar.getUTCFullYear() === Number(y) && calendar.getUTCMonth() === Number(m) - 1 && calendar.getUTCDate() === Number(d);
    if (real && !Number.isNaN(candidate.getTime())) date = candidate;
  }
  if (date === undefined) {
    problems.add(field, `must be an ISO-8601 date such as 2026-01-31 or 2026-01-31T12:00:00Z (got ${JSON.stringify(value)})`);
    return undefined;
  }
  return date.toISOString();
}

/** Records a problem when both ends of a range are valid and the start is after the end. */
export function checkDateOrder(from: string | undefined, to: string | undefined, fields: [string, string], problems: Problems): void {
  if (from !== undefined && to !== undefined && from > to) {
    problems.add(fields[0], `must not be after ${fields[1]} (${from} > ${to})`);
  }
}

/** An absolute http(s) URL; other schemes are not links a reviewer can open. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Runs a check that throws InputError (another module's), recording its problems instead. */
export function capture<T>(problems: Problems, check: () => T): T | undefined {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    problems.list.push(...error.problems);
    if (error.hint) problems.hints.push(error.hint);
    return undefined;
  }
}
