import type {ListReportsResult} from './reports.js';

/*
 * The listing read without copying it. zod's parse of GET /organization/reports returns
 * new objects for every report, proposal and asset; `reports list --all` reads thousands of
 * pages, and those copies were half of what made its memory grow with the report count.
 * This reader checks a page against the same rules as listReportsResponseSchema
 * (reports.ts) and normalises it in place: ids become strings, nulls of optional fields
 * become undefined, fields vigil does not know are dropped (docs/contract.md#the-tolerant-reader).
 * It only accepts what it is sure the schema accepts, and changes nothing until the whole
 * page has passed; anything else (a wrong field, a shape it does not know) goes to the
 * schema, whose errors name the field. A test compares both on valid and broken pages.
 */

/** Every rule but 'id' also takes null or a missing field (the schema's `nullish`). */
type Rule = 'id' | 'optionalId' | 'optionalString' | {object: Shape} | {list: Shape};
interface Shape {
  [field: string]: Rule;
}

const object = (shape: Shape): Rule => ({object: shape});

/** reportSchema's fields (reports.ts), rule for rule. */
const REPORT: Shape = {
  id: 'id',
  title: 'optionalString',
  description: 'optionalString',
  status: 'optionalString',
  createdAt: 'optionalString',
  updatedAt: 'optionalString',
  attachments: {list: {id: 'optionalId', url: 'optionalString'}},
  proposals: {
    list: {
      id: 'optionalId',
      reviewStatus: 'optionalString',
      asset: object({id: 'optionalId', type: 'optionalString', content: 'optionalString', status: 'optionalString'}),
    },
  },
  reporter: object({id: 'optionalId', role: 'optionalString', fullName: 'optionalString', avatarUrl: 'optionalString'}),
  externalReporter: object({id: 'optionalId', displayName: 'optionalString', avatarUrl: 'optionalString', platform: 'optionalString'}),
  externalSubmissionLink: 'optionalString',
  latestReviewDecision: 'optionalString',
};

/** A plain object, as JSON.parse makes them (not a class instance, not a null prototype). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

function isId(value: unknown): boolean {
  return (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value !== '');
}

function fits(rule: Rule, value: unknown): boolean {
  if (rule === 'id') return isId(value);
  if (value === undefined || value === null) return true;
  if (rule === 'optionalId') return isId(value);
  if (rule === 'optionalString') return typeof value === 'string';
  if ('list' in rule) return Array.isArray(value) && value.every(item => fitsShape(rule.list, item));
  return fitsShape(rule.object, value);
}

function fitsShape(shape: Shape, value: unknown): boolean {
  if (!isRecord(value)) return false;
  for (const field in shape) if (!fits(shape[field]!, value[field])) return false;
  return true;
}

/** Turns a value that `fits` into what the schema would have returned, in place. */
function settle(rule: Rule, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (rule === 'id' || rule === 'optionalId') return typeof value === 'number' ? String(value) : value;
  if (rule === 'optionalString') return value;
  if ('list' in rule) {
    for (const item of value as unknown[]) settleShape(rule.list, item as Record<string, unknown>);
    return value;
  }
  return settleShape(rule.object, value as Record<string, unknown>);
}

function settleShape(shape: Shape, record: Record<string, unknown>): Record<string, unknown> {
  for (const field in record) if (!(field in shape)) delete record[field];
  for (const field in shape) {
    const value = record[field];
    if (value === undefined) continue;
    record[field] = settle(shape[field]!, value);
  }
  return record;
}

function isCursor(value: unknown): value is number | string | null | undefined {
  return value === undefined || value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * A listing page as listReportsResponseSchema reads it, built from `body` itself.
 * @returns undefined when the page is not plainly valid: parse it with the schema then.
 */
export function readListPage(body: unknown): ListReportsResult | undefined {
  if (!isRecord(body) || !Array.isArray(body.reports)) return undefined;
  const {reports, nextCursor, cursor, totalCount} = body;
  if (!isCursor(nextCursor) || !isCursor(cursor)) return undefined;
  if (totalCount !== undefined && totalCount !== null && !(Number.isSafeInteger(totalCount) && (totalCount as number) >= 0)) return undefined;
  if (!reports.every(report => fitsShape(REPORT, report))) return undefined;
  for (const report of reports) settleShape(REPORT, report as Record<string, unknown>);
  const next = nextCursor ?? cursor;
  return {
    reports: reports as ListReportsResult['reports'],
    nextCursor: next === undefined || next === null || next === '' ? null : String(next),
    totalCount: (totalCount as number | null | undefined) ?? null,
  };
}
