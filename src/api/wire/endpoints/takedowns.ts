import * as z from 'zod';
import {LIVENESS_STATUSES} from '../../enums.js';
import {memo} from '../../../memo.js';
import {defineEndpoint} from '../endpoint.js';
import {listTakedownsResponseSchema, SORT_DIRECTIONS, TAKEDOWN_SORT_KEYS, TAKEDOWNS_PAGE_MAX, toTakedownsListBody, type TakedownFilters} from '../takedowns.js';

const dateText = () => z.string().refine(text => !Number.isNaN(Date.parse(text)), 'must be a date (YYYY-MM-DD or ISO 8601)');

/** The body POST /takedowns/list takes (docs/contract.md#listing-takedowns), as the sandbox checks it. */
export const takedownsListBodySchema = memo(() => z.object({
  slug: z.string().min(1).optional().describe('The org; required with a key that reaches several orgs (vigil sends it when an org is configured)'),
  query: z.string().optional().describe('Substring of the asset content, case-insensitive'),
  startDate: dateText().optional().describe("On the takedown's updatedAt, inclusive"),
  endDate: dateText().optional().describe('Inclusive; a bare date covers the whole day (UTC)'),
  assetType: z.array(z.string().min(1)).optional(),
  takedownStatus: z.array(z.string().min(1)).optional(),
  livenessStatus: z.array(z.enum(LIVENESS_STATUSES)).optional(),
  sorting: z.array(z.object({key: z.enum(TAKEDOWN_SORT_KEYS), direction: z.enum(SORT_DIRECTIONS)})).max(1, 'one sort key at most').optional(),
  per_page: z.number().int().min(1).max(TAKEDOWNS_PAGE_MAX).optional(),
  next_page: z.string().regex(/^[1-9]\d*$/, 'must be the next_page of the previous answer').optional(),
}));
export type TakedownsListBody = z.output<ReturnType<typeof takedownsListBodySchema>>;

/** One page of the org's takedowns (docs/contract.md#listing-takedowns): a read, safe to repeat. */
export const listTakedowns = defineEndpoint({
  name: 'listTakedowns',
  method: 'POST',
  path: 'takedowns/list',
  summary: "List the organization's takedowns (current state), filtered; newest update first unless sorting says otherwise",
  tag: 'takedowns',
  request: takedownsListBodySchema,
  toWire: (filters: TakedownFilters) => toTakedownsListBody(filters) as TakedownsListBody,
  response: listTakedownsResponseSchema,
  repeat: 'idempotent',
});
