import * as z from 'zod';
import {memo} from '../../memo.js';
import {nextPageSchema, SORT_DIRECTIONS, type SortDirection} from './takedowns.js';
import {idText, optionalText} from './read.js';

/*
 * POST /threats/list (docs/contract.md#listing-threats): the organization's blocked threats.
 * The request in vigil's names (ThreatFilters), the one function that spells the body, the
 * body as the upstream documents it (what the sandbox checks), and the answer read
 * tolerantly: a threat's `id` is required, every other field may be missing or null.
 */

export const THREAT_SORT_KEYS = ['id', 'blockedAt', 'content', 'type'] as const;
export type ThreatSortKey = (typeof THREAT_SORT_KEYS)[number];
/** Documented bounds of `per_page` (default 10 upstream). */
export const THREATS_PAGE_MAX = 100;

export interface ThreatFilters {
  query?: string;
  /** YYYY-MM-DD, inclusive (the documented format). */
  from?: string;
  to?: string;
  assetTypes?: string[];
  sort?: {key: ThreatSortKey; direction: SortDirection};
  perPage?: number;
  nextPage?: string;
}

/** A calendar date as the docs spell it (YYYY-MM-DD). */
export const dayText = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** The documented body of POST /threats/list; every field optional. */
export const threatsListBodySchema = memo(() => z.object({
  query: z.string().optional().describe('Search query to filter threats by content'),
  startDate: dayText().optional().describe('YYYY-MM-DD, inclusive (default: 1 day ago)'),
  endDate: dayText().optional().describe('YYYY-MM-DD, inclusive (default: today)'),
  assetType: z.array(z.string().min(1)).optional(),
  sorting: z.array(z.object({key: z.enum(THREAT_SORT_KEYS), direction: z.enum(SORT_DIRECTIONS)})).optional().describe('Default [{key: "id", direction: "asc"}]'),
  per_page: z.number().int().min(1).max(THREATS_PAGE_MAX).optional().describe('Default 10'),
  next_page: z.string().optional(),
}));

/** The body of POST /threats/list: only the fields given, under the documented names. */
export function toThreatsListBody(filters: ThreatFilters): z.input<ReturnType<typeof threatsListBodySchema>> {
  return {
    ...(filters.query === undefined ? {} : {query: filters.query}),
    ...(filters.from === undefined ? {} : {startDate: filters.from}),
    ...(filters.to === undefined ? {} : {endDate: filters.to}),
    ...(filters.assetTypes === undefined ? {} : {assetType: filters.assetTypes}),
    ...(filters.sort === undefined ? {} : {sorting: [filters.sort]}),
    ...(filters.perPage === undefined ? {} : {per_page: filters.perPage}),
    ...(filters.nextPage === undefined ? {} : {next_page: filters.nextPage}),
  };
}

export const threatSchema = memo(() => z.object({id: idText(), content: optionalText(), type: optionalText(), blockedAt: optionalText()}));
export type Threat = z.output<ReturnType<typeof threatSchema>>;

export const listThreatsResponseSchema = memo(() => z
  .object({threats: z.array(threatSchema()), next_page: nextPageSchema()})
  .transform(body => ({threats: body.threats, nextPage: body.next_page})));
export type ListThreatsResult = z.output<ReturnType<typeof listThreatsResponseSchema>>;
