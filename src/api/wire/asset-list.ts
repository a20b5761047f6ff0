import * as z from 'zod';
import {ASSET_STATUSES, type AssetStatus} from '../enums.js';
import {memo} from '../../memo.js';
import {nextPageSchema} from './takedowns.js';
import {optionalText} from './read.js';
import {dayText} from './threats.js';

/*
 * POST /asset/list (docs/contract.md#listing-assets): the assets of one type in one status,
 * updated within a date range. `type` is required; the answer's items carry no id, so an
 * asset's `content` is its identity (required), every other field may be missing or null.
 */

/** docs/contract.md#listing-assets: "max: 10000" and the CLI's 1-10000; vigil takes both ends. */
export const ASSETS_PAGE_MAX = 10_000;

export interface AssetListFilters {
  type: string;
  status?: AssetStatus;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  perPage?: number;
  nextPage?: string;
}

export const assetListBodySchema = memo(() => z.object({
  type: z.string().min(1).describe('Asset type (required)'),
  status: z.enum(ASSET_STATUSES).optional().describe('Default BLOCKED'),
  startDate: dayText().optional().describe('YYYY-MM-DD, inclusive; with no dates, the last day'),
  endDate: dayText().optional().describe('YYYY-MM-DD, inclusive'),
  per_page: z.number().int().min(1).max(ASSETS_PAGE_MAX).optional(),
  next_page: z.string().nullable().optional(),
}));

/** The body of POST /asset/list: `type` and only the other fields given. */
export function toAssetListBody(filters: AssetListFilters): z.input<ReturnType<typeof assetListBodySchema>> {
  return {
    type: filters.type,
    ...(filters.status === undefined ? {} : {status: filters.status}),
    ...(filters.from === undefined ? {} : {startDate: filters.from}),
    ...(filters.to === undefined ? {} : {endDate: filters.to}),
    ...(filters.perPage === undefined ? {} : {per_page: filters.perPage}),
    ...(filters.nextPage === undefined ? {} : {next_page: filters.nextPage}),
  };
}

export const listedAssetSchema = memo(() => z.object({
  content: z.string().min(1),
  type: optionalText(),
  status: optionalText(),
  watchStatus: optionalText(),
  updatedAt: optionalText(),
}));
export type ListedAsset = z.output<ReturnType<typeof listedAssetSchema>>;

export const listAssetsResponseSchema = memo(() => z
  .object({assets: z.array(listedAssetSchema()), next_page: nextPageSchema()})
  .transform(body => ({assets: body.assets, nextPage: body.next_page})));
export type ListAssetsResult = z.output<ReturnType<typeof listAssetsResponseSchema>>;
