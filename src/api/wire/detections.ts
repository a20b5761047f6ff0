import * as z from 'zod';
import {memo} from '../../memo.js';
import {nextPageSchema} from './takedowns.js';
import {idText, nullish, optionalIdText, optionalText} from './read.js';

/*
 * POST /detection/list (docs/contract.md#listing-detections): an organization's threat
 * detections, paged by `cursor` / `nextCursor` (numbers). `slug` is required; the filters
 * are `{property, operator, value[]}` on the four documented properties. The answer read
 * tolerantly: a detection's `id` is required, every other field may be missing or null.
 */

/** Documented `limit` bounds (default 50 upstream). */
export const DETECTIONS_PAGE_MAX = 100;
/** The filter properties the docs name; the upstream CLI's others (brand, liveness, ...) have no documented property. */
export const DETECTION_FILTER_PROPERTIES = ['source', 'assetStatus', 'confidence', 'assetType'] as const;
export type DetectionFilterProperty = (typeof DETECTION_FILTER_PROPERTIES)[number];
/** ThreatDetectionSourceKey as the filter's docs list it (upper case; docs/contract.md#listing-detections). */
export const DETECTION_SOURCE_KEYS = [
  'ASSET_CHECK', 'BING_SEARCH', 'CERTSTREAM', 'DNS_TWIST', 'DUCK_DUCK_GO_SEARCH', 'EXTERNAL', 'GOOGLE_SEARCH', 'GUESTBOOK',
  'MEDIUM_TAG_RSS', 'MOZILLA_ADDON_SEARCH', 'REDDIT_SUBREDDIT_SEARCH', 'TWITTER', 'TWITTER_POST_SEARCH', 'TWITTER_SEARCH',
  'URLSCAN', 'YAHOO_SEARCH', 'YOUTUBE_SEARCH',
] as const;
export const DETECTION_CONFIDENCES = ['none', 'low', 'medium', 'high'] as const;

export interface DetectionFilters {
  slug: string;
  query?: string;
  /** ISO 8601. */
  from?: string;
  to?: string;
  filters?: Partial<Record<DetectionFilterProperty, string[]>>;
  limit?: number;
  /** The previous page's nextCursor, as vigil keeps every cursor (a string). */
  cursor?: string;
}

export const detectionListBodySchema = memo(() => z.object({
  slug: z.string().min(1).describe('Organization slug (required)'),
  cursor: z.union([z.number().int().min(0), z.string().min(1)]).optional().describe('nextCursor of the previous page (a number; vigil passes back any cursor as it came)'),
  limit: z.number().int().min(1).max(DETECTIONS_PAGE_MAX).optional().describe('Default 50'),
  filters: z.array(z.object({property: z.enum(DETECTION_FILTER_PROPERTIES), operator: z.enum(['in', 'notIn']), value: z.array(z.string())})).optional(),
  query: z.string().optional().describe('Threat content, case-insensitive'),
  startDate: z.string().optional().describe('ISO 8601'),
  endDate: z.string().optional().describe('ISO 8601'),
}));

/** The cursor as the docs type it (a number); one that is not a whole number goes back as it came. */
function cursorValue(cursor: string): number | string {
  return /^\d+$/.test(cursor) && Number.isSafeInteger(Number(cursor)) ? Number(cursor) : cursor;
}

/** The body of POST /detection/list: `slug` and only the other fields given. */
export function toDetectionListBody(filters: DetectionFilters): z.input<ReturnType<typeof detectionListBodySchema>> {
  const given = DETECTION_FILTER_PROPERTIES.flatMap(property => {
    const value = filters.filters?.[property];
    return value === undefined ? [] : [{property, operator: 'in' as const, value}];
  });
  return {
    slug: filters.slug,
    ...(filters.cursor === undefined ? {} : {cursor: cursorValue(filters.cursor)}),
    ...(filters.limit === undefined ? {} : {limit: filters.limit}),
    ...(given.length === 0 ? {} : {filters: given}),
    ...(filters.query === undefined ? {} : {query: filters.query}),
    ...(filters.from === undefined ? {} : {startDate: filters.from}),
    ...(filters.to === undefined ? {} : {endDate: filters.to}),
  };
}

export const detectionSchema = memo(() => z.object({
  id: idText(),
  threatContent: optionalText(),
  source: optionalText(),
  createdAt: optionalText(),
  confidence: optionalText(),
  reportStatus: optionalText(),
  asset: nullish(z.object({id: optionalIdText(), content: optionalText(), type: optionalText(), status: optionalText()})),
}));
export type Detection = z.output<ReturnType<typeof detectionSchema>>;

export const listDetectionsResponseSchema = memo(() => z
  .object({detections: z.array(detectionSchema()), nextCursor: nextPageSchema()})
  .transform(body => ({detections: body.detections, nextPage: body.nextCursor})));
export type ListDetectionsResult = z.output<ReturnType<typeof listDetectionsResponseSchema>>;
