import * as z from 'zod';
import {memo} from '../../memo.js';
import {ASSET_STATUSES} from '../enums.js';

/*
 * Report payloads (docs/contract.md, from #creating-a-report on). Response schemas are tolerant readers: unknown fields
 * are dropped (z.object strips), every documented variant is accepted and normalised into
 * one internal shape. Request schemas validate what vigil sends (and what the sandbox
 * accepts), naming the JSON path of each problem.
 */

// ---------- POST /report/create ----------

export const enrichmentSchema = memo(() => z.looseObject({
  type: z.string(),
  source: z.string(),
  output: z.unknown(),
}));

export const reportAssetInputSchema = memo(() => z.looseObject({
  content: z.string().trim().min(1, 'asset content must not be empty'),
  status: z.enum(ASSET_STATUSES).optional(),
  brandSlug: z.string().optional(),
  // A string in the upstream's own example ("HIGH"), a number elsewhere: passed through as given.
  reporterConfidence: z.union([z.string(), z.number()]).optional(),
  enrichments: z.array(enrichmentSchema()).optional(),
}));

export const externalReporterSchema = memo(() => z.looseObject({
  platform: z.string().min(1),
  platformIdentifier: z.string().min(1),
  displayName: z.string().optional(),
  avatarUrl: z.url().optional(),
}));

/** Fields of the create body that docs/contract.md#creating-a-report documents; anything else is "unknown". */
export const CREATE_REPORT_FIELDS = [
  'organizationSlug', 'discordGuildId', 'telegramGroupId', 'title', 'description',
  'contactInfo', 'assets', 'attachmentUrls', 'externalSubmissionLink', 'externalReporter',
  'rawAssetsInput', 'userAgent', 'referrer',
] as const;

export const createReportRequestSchema = memo(() => z.looseObject({
  organizationSlug: z.string().min(1).optional(),
  discordGuildId: z.string().min(1).optional(),
  telegramGroupId: z.string().min(1).optional(),
  title: z.string({error: 'title is required'}).trim().min(3, 'title must be at least 3 characters'),
  description: z.string({error: 'description is required'}).trim().min(1, 'description is required'),
  contactInfo: z.string().optional(),
  assets: z.array(reportAssetInputSchema(), {error: 'at least one asset is required'}).min(1, 'at least one asset is required'),
  attachmentUrls: z.array(z.url('must be a valid URL')).optional(),
  externalSubmissionLink: z.url('must be a valid URL').optional(),
  externalReporter: externalReporterSchema().optional(),
  rawAssetsInput: z.string().optional(),
  userAgent: z.string().optional(),
  referrer: z.string().optional(),
}));
export type CreateReportRequest = z.infer<ReturnType<typeof createReportRequestSchema>>;

const idSchema = memo(() => z.union([z.number(), z.string().min(1)]).transform(String));

/*
 * docs/contract.md#the-tolerant-reader: only identity is required (a report's `id`). Every
 * other field of a response may be missing or null in some rendering of the upstream's
 * docs; it is read as undefined and shown as absent, never a reason to fail the page.
 */
const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform(value => value ?? undefined);
const optionalId = memo(() => nullish(idSchema()));

export const createReportResponseSchema = memo(() => z.object({
  id: idSchema(),
  createdAt: nullish(z.string()),
  organization: z
    .object({id: optionalId(), slug: nullish(z.string()), name: nullish(z.string())})
    .nullable()
    .optional()
    .transform(org => org ?? null),
}));
export type CreateReportResponse = z.output<ReturnType<typeof createReportResponseSchema>>;

// ---------- GET /organization/reports ----------

/**
 * A proposal as listed. Its `id` and `asset.id` are what a review needs: the listing shows a
 * proposal without them, and the review action says why it is off for that row.
 */
export const proposalSchema = memo(() => z.object({
  id: optionalId(),
  reviewStatus: nullish(z.string()),
  asset: nullish(
    z.object({
      id: optionalId(),
      type: nullish(z.string()),
      content: nullish(z.string()),
      status: nullish(z.string()),
    }),
  ),
}));

export const reportSchema = memo(() => z.object({
  id: idSchema(),
  title: nullish(z.string()),
  description: nullish(z.string()),
  status: nullish(z.string()),
  createdAt: nullish(z.string()),
  updatedAt: nullish(z.string()),
  attachments: nullish(z.array(z.object({id: optionalId(), url: nullish(z.string())}))),
  proposals: nullish(z.array(proposalSchema())),
  reporter: nullish(
    z.object({
      id: nullish(idSchema()),
      role: nullish(z.string()),
      fullName: nullish(z.string()),
      avatarUrl: nullish(z.string()),
    }),
  ),
  externalReporter: nullish(
    z.object({
      id: nullish(idSchema()),
      displayName: nullish(z.string()),
      avatarUrl: nullish(z.string()),
      platform: nullish(z.string()),
    }),
  ),
  externalSubmissionLink: nullish(z.string()),
  latestReviewDecision: nullish(z.string()),
}));
export type Report = z.output<ReturnType<typeof reportSchema>>;
export type Proposal = z.output<ReturnType<typeof proposalSchema>>;

/** Both documented list variants, normalised to {reports, nextCursor, totalCount}. */
export const listReportsResponseSchema = memo(() => z
  .object({
    reports: z.array(reportSchema()),
    nextCursor: z.union([z.number(), z.string()]).nullish(),
    cursor: z.union([z.number(), z.string()]).nullish(),
    totalCount: z.number().int().nonnegative().nullish(),
  })
  .transform(body => {
    const next = body.nextCursor ?? body.cursor;
    return {
      reports: body.reports,
      nextCursor: next === undefined || next === null || next === '' ? null : String(next),
      totalCount: body.totalCount ?? null,
    };
  }));
export type ListReportsResult = z.output<ReturnType<typeof listReportsResponseSchema>>;

// ---------- POST /reports/search ----------

export const searchReportsRequestSchema = memo(() => z.object({
  slug: z.string().min(1),
  assetContents: z.array(z.string().min(1)).min(1),
  reportedByCustomer: z.boolean().optional(),
  limit: z.number().int().min(1).max(100).optional(),
}));
export type SearchReportsRequest = z.infer<ReturnType<typeof searchReportsRequestSchema>>;

export const searchReportsResponseSchema = memo(() => z
  .object({
    reports: z.array(
      z.object({
        id: idSchema(),
        status: nullish(z.string()),
        title: nullish(z.string()),
        createdAt: nullish(z.string()),
        assets: nullish(z.array(z.string())),
      }),
    ),
    totalCount: z.number().int().nonnegative().nullish(),
  })
  .transform(body => ({reports: body.reports, totalCount: body.totalCount ?? body.reports.length})));
export type SearchReportsResult = z.output<ReturnType<typeof searchReportsResponseSchema>>;
export type SearchHit = SearchReportsResult['reports'][number];
