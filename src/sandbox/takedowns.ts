import * as z from 'zod';
import {LIVENESS_STATUSES} from '../api/enums.js';
import {TAKEDOWN_SORT_KEYS} from '../api/wire/index.js';
import type {TakedownsListBody} from '../api/wire/endpoints/takedowns.js';
import type {Brand} from './model.js';
import {iso} from './serialize.js';
import type {Store} from './store.js';

/*
 * POST /takedowns/list as the sandbox serves it (docs/sandbox.md#takedowns): the takedowns of
 * the event log in their current state, filtered as the body asks, newest update first by
 * default, paged by an offset cursor. The same records the takedown healthchecks count.
 */

export const TAKEDOWNS_PAGE_DEFAULT = 10;

const wireTakedownSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  asset: z.object({id: z.number().int(), content: z.string(), type: z.string(), livenessStatus: z.enum(LIVENESS_STATUSES)}),
  assignee: z.object({id: z.number().int(), fullName: z.string()}).nullable(),
  brand: z.object({id: z.number().int(), name: z.string(), slug: z.string()}).nullable(),
});
export const takedownsListResponseOutSchema = z.object({takedowns: z.array(wireTakedownSchema), next_page: z.string().nullable()});
type WireTakedown = z.infer<typeof wireTakedownSchema>;

/** A takedown as its event log makes it: current state, first and last transition. */
export interface TakedownRecord {
  takedownId: string;
  assetContent: string;
  state: string;
  createdAt: number;
  /** When it entered its current state (its updatedAt). */
  since: number;
}

/** Every takedown of the org in its current state, oldest entry first. */
export function takedownRecords(store: Store, slug: string): TakedownRecord[] {
  const records = new Map<string, TakedownRecord>();
  for (const t of store.takedowns) {
    if (t.orgSlug !== slug) continue;
    const known = records.get(t.takedownId);
    if (known === undefined) records.set(t.takedownId, {takedownId: t.takedownId, assetContent: t.assetContent, state: t.to, createdAt: t.at, since: t.at});
    else {
      known.createdAt = Math.min(known.createdAt, t.at);
      if (t.at >= known.since) Object.assign(known, {state: t.to, since: t.at, assetContent: t.assetContent});
    }
  }
  return [...records.values()].sort((a, b) => a.since - b.since);
}

const numericId = (id: string) => (/^\d+$/.test(id) ? Number(id) : id);
const ASSIGNEES = [{id: 41, fullName: 'Dana Ops'}, {id: 42, fullName: 'Sam Takedowns'}];

function toWire(store: Store, slug: string, record: TakedownRecord, brands: Brand[]): WireTakedown {
  const asset = store.takedownAsset(slug, record.takedownId);
  const n = Number(record.takedownId.replace(/\D/g, '')) || 0;
  const brand = brands.length === 0 ? undefined : brands[n % brands.length];
  return {
    id: numericId(record.takedownId),
    status: record.state,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.since),
    asset: {id: 100_000 + n, content: record.assetContent, type: asset.assetType, livenessStatus: asset.liveness},
    // Automated takedowns (every third) have no assignee.
    assignee: n % 3 === 0 ? null : ASSIGNEES[n % ASSIGNEES.length]!,
    brand: brand === undefined ? null : {id: Number(brand.id), name: brand.name, slug: brand.slug},
  };
}

function endOf(text: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T23:59:59.999Z`) : Date.parse(text);
}

const SORT_VALUE: Record<(typeof TAKEDOWN_SORT_KEYS)[number], (t: WireTakedown) => string | number> = {
  updatedAt: t => t.updatedAt,
  createdAt: t => t.createdAt,
  takedownStatus: t => t.status,
  takedownUpdatedAt: t => t.updatedAt,
  assigneeId: t => t.assignee?.id ?? 0,
  brandId: t => t.brand?.id ?? 0,
};

/** One page of the org's takedowns matching the body; every filter combines with AND, lists match any value. */
export function listTakedownsPage(store: Store, slug: string, body: TakedownsListBody): z.infer<typeof takedownsListResponseOutSchema> {
  const brands = store.brands.filter(brand => brand.orgSlug === slug);
  const from = body.startDate === undefined ? undefined : Date.parse(body.startDate);
  const to = body.endDate === undefined ? undefined : endOf(body.endDate);
  const query = body.query?.toLowerCase();
  const matching = takedownRecords(store, slug)
    .filter(r => (from === undefined || r.since >= from) && (to === undefined || r.since <= to))
    .map(record => toWire(store, slug, record, brands))
    .filter(t => query === undefined || t.asset.content.toLowerCase().includes(query))
    .filter(t => !body.assetType?.length || body.assetType.includes(t.asset.type))
    .filter(t => !body.takedownStatus?.length || body.takedownStatus.includes(t.status))
    .filter(t => !body.livenessStatus?.length || body.livenessStatus.includes(t.asset.livenessStatus));
  const sort = body.sorting?.[0] ?? {key: 'updatedAt', direction: 'desc'};
  const sign = sort.direction === 'asc' ? 1 : -1;
  const value = SORT_VALUE[sort.key];
  matching.sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return sign * (x < y ? -1 : x > y ? 1 : 0) || sign * String(a.id).localeCompare(String(b.id), 'en', {numeric: true});
  });
  const offset = body.next_page === undefined ? 0 : Number(body.next_page);
  const size = body.per_page ?? TAKEDOWNS_PAGE_DEFAULT;
  const end = offset + size;
  return {takedowns: matching.slice(offset, end), next_page: end < matching.length ? String(end) : null};
}
