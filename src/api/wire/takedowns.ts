import * as z from 'zod';
import {memo} from '../../memo.js';

/*
 * POST /takedowns/list (docs/contract.md#listing-takedowns). The request in vigil's own names
 * (TakedownFilters) and the one function that spells the upstream's body fields; the answer
 * read tolerantly: a takedown's `id` is required, every other field may be missing or null.
 */

export const TAKEDOWN_SORT_KEYS = ['updatedAt', 'createdAt', 'takedownStatus', 'takedownUpdatedAt', 'assigneeId', 'brandId'] as const;
export type TakedownSortKey = (typeof TAKEDOWN_SORT_KEYS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Documented page size bounds of POST /takedowns/list (`per_page`). */
export const TAKEDOWNS_PAGE_MAX = 100;

export interface TakedownFilters {
  /** The org; sent as `slug` only when given (docs/contract.md#listing-takedowns: a guessed name). */
  slug?: string;
  query?: string;
  /** ISO 8601, on the takedown's updatedAt, inclusive. */
  from?: string;
  to?: string;
  assetTypes?: string[];
  statuses?: string[];
  liveness?: string[];
  sort?: {key: TakedownSortKey; direction: SortDirection};
  perPage?: number;
  nextPage?: string;
}

/** The body of POST /takedowns/list: only the fields given, under the documented names. */
export function toTakedownsListBody(filters: TakedownFilters): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (filters.slug !== undefined) body.slug = filters.slug;
  if (filters.query !== undefined) body.query = filters.query;
  if (filters.from !== undefined) body.startDate = filters.from;
  if (filters.to !== undefined) body.endDate = filters.to;
  if (filters.assetTypes !== undefined) body.assetType = filters.assetTypes;
  if (filters.statuses !== undefined) body.takedownStatus = filters.statuses;
  if (filters.liveness !== undefined) body.livenessStatus = filters.liveness;
  if (filters.sort !== undefined) body.sorting = [filters.sort];
  if (filters.perPage !== undefined) body.per_page = filters.perPage;
  if (filters.nextPage !== undefined) body.next_page = filters.nextPage;
  return body;
}

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform(value => value ?? undefined);
const idSchema = memo(() => z.union([z.number(), z.string().min(1)]).transform(String));
const optionalId = memo(() => nullish(idSchema()));
/** A page cursor: a string or a positive integer (threats' docs say "Positive integer"); empty means none. */
export const nextPageSchema = memo(() =>
  z.union([z.string(), z.number()]).nullish().transform(value => (value === undefined || value === null || value === '' ? null : String(value))),
);

export const takedownSchema = memo(() => z.object({
  id: idSchema(),
  status: nullish(z.string()),
  createdAt: nullish(z.string()),
  updatedAt: nullish(z.string()),
  asset: nullish(z.object({id: optionalId(), content: nullish(z.string()), type: nullish(z.string()), livenessStatus: nullish(z.string())})),
  assignee: nullish(z.object({id: optionalId(), fullName: nullish(z.string())})),
  brand: nullish(z.object({id: optionalId(), name: nullish(z.string()), slug: nullish(z.string())})),
}));
export type Takedown = z.output<ReturnType<typeof takedownSchema>>;

export const listTakedownsResponseSchema = memo(() => z
  .object({takedowns: z.array(takedownSchema()), next_page: nextPageSchema()})
  .transform(body => ({takedowns: body.takedowns, nextPage: body.next_page})));
export type ListTakedownsResult = z.output<ReturnType<typeof listTakedownsResponseSchema>>;
