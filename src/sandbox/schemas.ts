import * as z from 'zod';
import {ACTOR_KINDS, ASSET_STATUSES, REPORT_STATUSES, REVIEW_DECISIONS} from '../api/enums.js';
import {cancelledCountRequestSchema, HEALTHCHECK_DEFAULTS, LIST_QUERY_PARAMS as Q, PROPOSAL_DECISIONS, type ListReportsFilters} from '../api/wire/index.js';
import {PROPOSAL_REVIEW_STATUSES} from './model.js';

/*
 * Server-side schemas. Requests reuse the client's wire schemas (src/api/wire) wherever one
 * exists, so client and sandbox validate one contract; what only a server needs (the list
 * query string, the exact response shapes it produces, the admin bodies) lives here.
 * openapi.ts publishes exactly these schemas.
 */

export const LIST_LIMIT = {min: 1, max: 20, default: 20} as const;
/** docs/contract.md#listing-reports: the upstream's deprecated alias of reporterKind=human. */
export const EXCLUDE_AUTOMATION_PARAM = 'excludeAutomation';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/*
 * Query values are single strings here: the route joins a repeated list parameter with
 * commas and rejects a repeated scalar one first (see LIST_PARAMS), so the input side of
 * each schema is a plain string that openapi.json can describe.
 */
const text = (name: string) => z.string().min(1, `${name} must not be empty`);
const flag = (name: string) => z.enum(['true', 'false'], {error: `${name} must be true or false`}).transform(v => v === 'true');
const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) => z.enum(values, {error: `${name} must be one of ${values.join(', ')}`});
const isoDate = (name: string) =>
  z.string().regex(ISO_8601, {error: `${name} must be an ISO 8601 date or date-time`, abort: true}).refine(v => !Number.isNaN(Date.parse(v)), `${name} must be an ISO 8601 date or date-time`);
const integer = (name: string, min: number, max: number) => {
  const message = `${name} must be an integer from ${min} to ${max}`;
  return z.string().regex(/^\d+$/, {error: message, abort: true}).transform(Number).pipe(z.number().int().min(min, message).max(max, message));
};
/** Comma-joined list; each item checked by `item`. */
const commaList = <T extends z.ZodType<string, string>>(name: string, item: T) =>
  z.string()
    .transform(v => v.split(',').map(s => s.trim()).filter(s => s !== ''))
    .pipe(z.array(item).min(1, `${name} must list at least one value`));

/** GET /organization/reports query string, named by the wire module's LIST_QUERY_PARAMS. */
export const listReportsQuerySchema = z
  .object({
    [Q.slug]: text(Q.slug).describe('Organization slug'),
    [Q.limit]: integer(Q.limit, LIST_LIMIT.min, LIST_LIMIT.max).optional().describe(`Page size, ${LIST_LIMIT.min}-${LIST_LIMIT.max} (default ${LIST_LIMIT.default})`),
    [Q.cursor]: text(Q.cursor).optional().describe('Opaque cursor: nextCursor of the previous page'),
    [Q.status]: oneOf(Q.status, REPORT_STATUSES).optional(),
    [Q.search]: text(Q.search).optional().describe('Case-insensitive match on title or description'),
    [Q.reporterQuery]: text(Q.reporterQuery).optional().describe("Case-insensitive match on the reporter's name"),
    [Q.reportedByCustomer]: flag(Q.reportedByCustomer).optional(),
    [Q.needsCustomerReview]: flag(Q.needsCustomerReview).optional().describe("Reports with a proposal awaiting the organization's own approval"),
    [Q.reporterKind]: oneOf(Q.reporterKind, ACTOR_KINDS).optional(),
    [Q.reviewerKind]: oneOf(Q.reviewerKind, ACTOR_KINDS).optional(),
    [Q.onlyRejected]: flag(Q.onlyRejected).optional().describe('Only reports whose latest review decision is REJECT'),
    [Q.reviewStatus]: commaList(Q.reviewStatus, z.enum(REVIEW_DECISIONS, {error: `${Q.reviewStatus} values must be ${REVIEW_DECISIONS.join(', ')}`})).optional().describe('Comma list of latest review decisions'),
    [Q.assetType]: commaList(Q.assetType, z.string().regex(/^[A-Z][A-Z0-9_]*$/, `${Q.assetType} values must be upper-case asset types such as URL or TWITTER`)).optional(),
    [Q.brandIds]: commaList(Q.brandIds, z.string().regex(/^[A-Za-z0-9_-]+$/, `${Q.brandIds} values must be brand IDs`)).optional(),
    [Q.countryCodes]: commaList(Q.countryCodes, z.string().regex(/^[A-Z]{2}$/, `${Q.countryCodes} values must be 2-letter upper-case ISO country codes`)).optional(),
    [Q.reviewedByUserId]: integer(Q.reviewedByUserId, 1, Number.MAX_SAFE_INTEGER).optional(),
    [Q.from]: isoDate(Q.from).optional().describe('createdAt at or after'),
    [Q.to]: isoDate(Q.to).optional().describe('createdAt at or before'),
    [Q.updatedFrom]: isoDate(Q.updatedFrom).optional().describe('updatedAt at or after'),
    [Q.updatedTo]: isoDate(Q.updatedTo).optional().describe('updatedAt at or before'),
    [EXCLUDE_AUTOMATION_PARAM]: flag(EXCLUDE_AUTOMATION_PARAM).optional().describe('Deprecated: use reporterKind=human'),
  })
  .superRefine((query, ctx) => {
    if (query[EXCLUDE_AUTOMATION_PARAM] === true && query[Q.reporterKind] === 'automation') {
      ctx.addIssue({code: 'custom', path: [EXCLUDE_AUTOMATION_PARAM], message: `${EXCLUDE_AUTOMATION_PARAM} contradicts ${Q.reporterKind}=automation`});
    }
  });

/** Parameters that take a comma list: repeating them joins the values. */
export const LIST_PARAMS: ReadonlySet<string> = new Set([Q.reviewStatus, Q.assetType, Q.brandIds, Q.countryCodes]);

/**
 * Query string as fastify parsed it (a repeated parameter is an array) into one string per
 * parameter, with an issue for each repeated scalar.
 */
export function flattenQuery(query: Record<string, unknown>): {query: Record<string, string>; repeated: string[]} {
  const flat: Record<string, string> = {};
  const repeated: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (!Array.isArray(value)) flat[name] = String(value);
    else if (LIST_PARAMS.has(name)) flat[name] = value.join(',');
    else repeated.push(name);
  }
  return {query: flat, repeated};
}

/** The parsed query in vigil's own filter names (store.ts filters on these). */
export function toFilters(query: z.output<typeof listReportsQuerySchema>): ListReportsFilters & {limit: number} {
  const filters: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(Q)) {
    const value = (query as Record<string, unknown>)[name];
    if (value !== undefined) filters[key] = value;
  }
  if (query[EXCLUDE_AUTOMATION_PARAM] === true) filters.reporterKind = 'human';
  return {...(filters as unknown as ListReportsFilters), limit: query[Q.limit] ?? LIST_LIMIT.default};
}

const THRESHOLD_KEYS: ReadonlySet<PropertyKey> = new Set(['warnThreshold', 'failThreshold']);

/**
 * The longest window the sandbox counts over: 100 years. docs/contract.md#limits sets no upper bound, but
 * a window reaching past the dates a clock can hold has no start (RangeError, a 500).
 */
export const MAX_LOOKBACK_HOURS = 876_000;

/**
 * docs/contract.md#the-cancelled-count-healthcheck plus the project's rule that warn may not exceed fail (defaults count). The
 * order check runs even when other fields are wrong, so one 400 lists every problem.
 */
export const cancelledCountBodySchema = cancelledCountRequestSchema().extend({
  lookbackHours: cancelledCountRequestSchema().shape.lookbackHours.unwrap().max(MAX_LOOKBACK_HOURS, `lookbackHours must be at most ${MAX_LOOKBACK_HOURS} (100 years)`).optional(),
}).refine(
  body => (body.warnThreshold ?? HEALTHCHECK_DEFAULTS.warnThreshold) <= (body.failThreshold ?? HEALTHCHECK_DEFAULTS.failThreshold),
  {
    path: ['warnThreshold'],
    error: issue => {
      const body = issue.input as {warnThreshold?: number; failThreshold?: number};
      const show = (value: number | undefined, def: number) => (value === undefined ? `${def}, the default` : String(value));
      return `warnThreshold (${show(body.warnThreshold, HEALTHCHECK_DEFAULTS.warnThreshold)}) must not be greater than failThreshold (${show(body.failThreshold, HEALTHCHECK_DEFAULTS.failThreshold)})`;
    },
    when: payload =>
      typeof payload.value === 'object' && payload.value !== null &&
      !payload.issues.some(issue => issue.path === undefined || issue.path.length === 0 || THRESHOLD_KEYS.has(issue.path[0]!)),
  },
);

// ---------- What the sandbox sends (published in openapi.json) ----------

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({message: z.string(), path: z.array(z.union([z.string(), z.number()])).optional()})).optional(),
  data: z.object({
    errors: z.array(z.object({asset: z.string(), errorType: z.string(), message: z.string(), suggestion: z.string().nullable()})),
  }).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The listing's error shape (docs/contract.md#errors, shape 2). */
export const nestedErrorBodySchema = z.object({error: z.object({code: z.string(), message: z.string()})});

const isoString = z.string().describe('ISO 8601 date-time');

export const wireAssetSchema = z.object({id: z.number().int(), type: z.string(), content: z.string(), status: z.enum(ASSET_STATUSES)});
export const wireReportSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: isoString,
  updatedAt: isoString,
  attachments: z.array(z.object({id: z.number().int(), url: z.string()})),
  proposals: z.array(z.object({id: z.number().int(), reviewStatus: z.enum(PROPOSAL_REVIEW_STATUSES), asset: wireAssetSchema})),
  reporter: z.object({id: z.number().int(), role: z.string(), fullName: z.string(), avatarUrl: z.string().nullable()}).nullable(),
  externalReporter: z.object({id: z.number().int(), displayName: z.string().nullable(), avatarUrl: z.string().nullable(), platform: z.string()}).nullable(),
  externalSubmissionLink: z.string().nullable(),
  latestReviewDecision: z.enum(REVIEW_DECISIONS).nullable(),
});
export type WireReport = z.infer<typeof wireReportSchema>;

export const listReportsResponseOutSchema = z.object({
  reports: z.array(wireReportSchema),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
  totalCount: z.number().int().describe('Reports matching the filters, independent of page size and cursor'),
});

export const searchReportsResponseOutSchema = z.object({
  reports: z.array(z.object({id: z.number().int(), status: z.enum(REPORT_STATUSES), title: z.string(), createdAt: isoString, assets: z.array(z.string()).describe('The queried contents this report covers')})),
  totalCount: z.number().int(),
});

export const createReportResponseOutSchema = z.object({
  id: z.number().int(),
  createdAt: isoString,
  organization: z.object({id: z.number().int(), slug: z.string(), name: z.string()}).nullable(),
});

export const reviewResponseOutSchema = z.object({
  proposal: z.object({id: z.number().int(), reviewStatus: z.enum(PROPOSAL_REVIEW_STATUSES).describe('APPROVED or REJECTED after a review (WATCHLIST reads as REJECTED)'), asset: wireAssetSchema}),
  review: z.object({
    id: z.number().int(),
    decision: z.enum(PROPOSAL_DECISIONS),
    label: z.string().nullable(),
    brandId: z.number().int().nullable(),
    comment: z.string().nullable().describe('The note sent with the review'),
    createdAt: isoString,
  }),
  watchlisted: z.boolean().describe('True after a WATCHLIST decision'),
});
export type ReviewResponse = z.infer<typeof reviewResponseOutSchema>;

// ---------- Admin routes (not part of the upstream API) ----------

const relativeTime = {
  at: isoDate('at').optional().describe('When the transition happened (default: now)'),
  hoursAgo: z.number().min(0, 'hoursAgo must be at least 0').max(MAX_LOOKBACK_HOURS, `hoursAgo must be at most ${MAX_LOOKBACK_HOURS} (100 years)`).optional().describe('Alternative to at: this many hours before now'),
};

export const cancellationsBodySchema = z.object({
  count: z.number().int('count must be an integer').min(1, 'count must be at least 1').max(1000, 'count must be at most 1000').default(1),
  ...relativeTime,
});

export const transitionsBodySchema = z.object({
  transitions: z.array(z.object({
    takedownId: z.string().min(1).optional(),
    assetContent: z.string().min(1).optional(),
    from: z.string().min(1).nullable().optional(),
    to: z.string().regex(/^[A-Z_]+$/, 'to must be an upper-case takedown state such as CANCELLED'),
    ...relativeTime,
  })).min(1, 'transitions must hold at least one transition').max(1000, 'transitions must hold at most 1000 transitions'),
});
