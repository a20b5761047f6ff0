import * as z from 'zod';
import type {Problems} from './problems.js';

/*
 * What a flag's value must be, as zod schemas from the string a command line gives to the
 * value a command uses (coerce, enum, refine, transform), and the ONE mapper from a zod
 * issue to the flag it names and its exit-3 message. Commands check their flags with
 * `checkFlags`, so every problem of a run is listed at once, beside those the command finds
 * itself (a missing org), before anything is sent.
 */

/** `reviewedByUserId` -> `--reviewed-by-user-id`: the flag Pastel generates for the key (it decamelizes). */
export function flagName(key: string): string {
  return `--${key.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}

/** How a problem names what was typed: a key is its flag, a number the positional argument. */
export function fieldOf(path: ReadonlyArray<PropertyKey>): string | undefined {
  const key = path[0];
  if (typeof key === 'number') return `argument ${key + 1}`;
  return typeof key === 'string' ? flagName(key) : undefined;
}

/** The problems of a failed parse, in the flags' words (the one mapper). */
export function issueProblems(error: z.ZodError, field: (path: ReadonlyArray<PropertyKey>) => string | undefined = fieldOf): Array<{field?: string; message: string}> {
  return error.issues.map(issue => {
    const at = field(issue.path);
    return at === undefined ? {message: issue.message} : {field: at, message: issue.message};
  });
}

/**
 * Parses `flags` with `schema`, recording each issue against its flag. On a failure the
 * flags that did parse are still given (an object schema's keys one by one), so the
 * command can judge them together (a reason given with the wrong decision).
 */
export function checkFlags<S extends z.ZodType>(schema: S, flags: unknown, problems: Problems): Partial<z.output<S>> | undefined {
  const parsed = schema.safeParse(flags);
  if (parsed.success) return parsed.data as Partial<z.output<S>>;
  for (const problem of issueProblems(parsed.error)) problems.add(problem.field, problem.message);
  if (!(schema instanceof z.ZodObject) || typeof flags !== 'object' || flags === null) return undefined;
  const partial: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const one = field.safeParse((flags as Record<string, unknown>)[key]);
    if (one.success && one.data !== undefined) partial[key] = one.data;
  }
  return partial as Partial<z.output<S>>;
}

/** One value that is no flag (an environment variable, a typed field), recorded against `field`. */
export function checkValue<S extends z.ZodType>(schema: S, value: unknown, field: string, problems: Problems): z.output<S> | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) problems.add(field, issue.message);
  return undefined;
}

const got = (value: unknown) => `(got ${JSON.stringify(value)})`;

/** A whole number within [min, max], given as text (`' 7 '` is 7). */
export function wholeNumber(range: {min: number; max?: number}) {
  const bounds = range.max === undefined ? `at least ${range.min}` : `between ${range.min} and ${range.max}`;
  return z.string().transform((value, ctx) => {
    const text = value.trim();
    const number = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isSafeInteger(number) && number >= range.min && (range.max === undefined || number <= range.max)) return number;
    ctx.addIssue({code: 'custom', message: `must be a whole number ${bounds} ${got(value)}`});
    return z.NEVER;
  });
}

/** One value of a fixed set, matched case-insensitively, given back in its canonical case. */
export function oneOf<T extends string>(allowed: readonly T[]) {
  return z.string().transform((value, ctx): T => {
    const found = allowed.find(option => option.toLowerCase() === value.trim().toLowerCase());
    if (found !== undefined) return found;
    ctx.addIssue({code: 'custom', message: `must be one of ${allowed.join(', ')} ${got(value)}`});
    return z.NEVER;
  });
}

/** Text that must not be blank when given. */
export const nonBlank = () => z.string().refine(value => value.trim() !== '', 'must not be empty');

/** A comma list, trimmed, without empty items or repeats (first kept), each item normalised. */
export function commaList(options: {normalize?: (item: string) => string; empty: string}) {
  const normalize = options.normalize ?? ((item: string) => item);
  return z
    .string()
    .transform(value => [...new Set(value.split(',').map(raw => normalize(raw.trim())).filter(item => item !== ''))])
    .refine(items => items.length > 0, options.empty);
}

const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The instant an ISO-8601 date or date-time names, or undefined (see `isoDate`). */
function instantOf(value: string, endOfDay: boolean): string | undefined {
  const text = value.trim();
  const bare = BARE_DATE.exec(text);
  const full = bare ? null : DATE_TIME.exec(text);
  const parts = bare ?? full;
  if (!parts) return undefined;
  const [, y, m, d] = parts;
  const iso = bare ? `${text}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z` : text.replace(' ', 'T') + (full?.[8] ? '' : 'Z');
  const candidate = new Date(iso);
  // Date silently rolls 2026-02-30 over to March: reject dates that do not exist.
  const calendar = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const real = calendar.getUTCFullYear() === Number(y) && calendar.getUTCMonth() === Number(m) - 1 && calendar.getUTCDate() === Number(d);
  return real && !Number.isNaN(candidate.getTime()) ? candidate.toISOString() : undefined;
}

/**
 * An ISO-8601 date or date-time, normalised to UTC `toISOString()` form. A bare date means
 * the start of that UTC day, or its last millisecond with `endOfDay` (so `--to 2026-01-31`
 * includes the 31st). A date-time without an offset is read as UTC, never as local time, so
 * the same command means the same thing on every machine.
 */
export function isoDate(options: {endOfDay?: boolean} = {}) {
  return z.string().transform((value, ctx) => {
    const instant = instantOf(value, options.endOfDay === true);
    if (instant !== undefined) return instant;
    ctx.addIssue({code: 'custom', message: `must be an ISO-8601 date such as 2026-01-31 or 2026-01-31T12:00:00Z ${got(value)}`});
    return z.NEVER;
  });
}

/**
 * An issue on `from` when both ends of a range parsed and the start is after the end: a
 * superRefine with its params, judged even when other flags failed (zod skips an object's
 * refinements after an issue unless `when` says otherwise), never on a failed end.
 */
export function dateOrder<K extends string>(from: K, to: K) {
  const check = (value: Partial<Record<K, unknown>>, ctx: z.RefinementCtx) => {
    const start = value[from];
    const end = value[to];
    if (typeof start === 'string' && typeof end === 'string' && start > end) {
      ctx.addIssue({code: 'custom', path: [from], message: `must not be after ${flagName(to)} (${start} > ${end})`});
    }
  };
  const params = {when: (payload: z.core.ParsePayload) => payload.issues.every(issue => issue.path?.[0] !== from && issue.path?.[0] !== to)};
  return [check, params] as const;
}
