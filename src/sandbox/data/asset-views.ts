import * as z from 'zod';
import {ASSET_STATUSES} from '../../api/enums.js';
import {normalizeAssetContent, type assetListBodySchema, type assetSearchBodySchema} from '../../api/wire/index.js';
import type {Access} from '../keys.js';
import {iso} from '../serialize.js';
import type {Store} from '../store.js';
import {takedownRecords} from '../takedowns.js';
import {assetIndex, dateBound, offsetPage, reaches, sandboxCursor, type AssetEntry} from './assets.js';

/*
 * POST /asset/search and POST /asset/list as the sandbox serves them
 * (docs/sandbox.md#assets-threats-and-detections), from the one asset index (assets.ts).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The upstream CLI's default page of /asset/list (the API's is not documented). */
export const ASSETS_PAGE_DEFAULT = 100;

/** Who consumes a block, in the order the sandbox lists them. */
const CONSUMERS = [
  {consumer: 'metamask', name: 'MetaMask'},
  {consumer: 'google-safe-browsing', name: 'Google Safe Browsing'},
  {consumer: 'quad9', name: 'Quad9'},
] as const;

const text = z.string();
export const assetSearchResponseOutSchema = z.object({
  asset: z.object({id: z.number().int(), content: text, type: text, status: z.enum(ASSET_STATUSES), watchStatus: text, createdAt: text, updatedAt: text}).nullable(),
  reports: z.array(z.object({id: z.number().int(), title: text, status: text, createdAt: text})),
  takedown: z.object({
    id: z.number().int(),
    status: text,
    createdAt: text,
    updatedAt: text,
    tasks: z.array(z.object({id: z.number().int(), type: text, status: text, retractionStatus: text, submittedAt: text.nullable(), retractedAt: text.nullable(), lastResponseAt: text.nullable(), createdAt: text, updatedAt: text, takedownProvider: z.object({name: text})})),
  }).nullable(),
  blockedBy: z.array(z.object({consumer: text, name: text, consumedAt: text})),
});
type SearchAnswer = z.infer<typeof assetSearchResponseOutSchema>;

export const assetListResponseOutSchema = z.object({
  assets: z.array(z.object({content: text, type: text, status: z.enum(ASSET_STATUSES), watchStatus: text, updatedAt: text})),
  next_page: text.nullable(),
});

const watchStatus = (entry: AssetEntry) => (entry.status === 'BLOCKED' ? 'ENABLED' : 'DISABLED');

/** The takedown of the content in an org the key reaches, the newest if several; its one task with the hosting provider. */
function takedownOf(store: Store, access: Access, content: string): SearchAnswer['takedown'] {
  const key = normalizeAssetContent(content);
  const records = store.orgs
    .filter(org => reaches(access, org.slug))
    .flatMap(org => takedownRecords(store, org.slug))
    .filter(record => normalizeAssetContent(record.assetContent) === key)
    .sort((a, b) => b.since - a.since);
  const record = records[0];
  if (record === undefined) return null;
  const id = Number(record.takedownId.replace(/\D/g, '')) || 0;
  const submitted = record.state === 'TODO' ? null : iso(record.createdAt + HOUR);
  return {
    id,
    status: record.state,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.since),
    tasks: [{id: id * 10 + 1, type: 'HOSTING_PROVIDER', status: record.state === 'COMPLETED' ? 'APPROVED' : record.state === 'TODO' ? 'TODO' : 'SUBMITTED', retractionStatus: 'NOT_RETRACTED', submittedAt: submitted, retractedAt: null, lastResponseAt: record.state === 'COMPLETED' ? iso(record.since) : null, createdAt: iso(record.createdAt), updatedAt: iso(record.since), takedownProvider: {name: 'Sandbox Hosting'}}],
  };
}

/** POST /asset/search: the asset by content or id; its reports of the orgs the key reaches. Not found: `asset` null, the lists empty. */
export function searchAssetAnswer(store: Store, access: Access, body: z.output<ReturnType<typeof assetSearchBodySchema>>): SearchAnswer {
  const index = assetIndex(store);
  // By id: any proposal's asset of that id names the content (one asset per content).
  const content = body.content ?? store.reports.flatMap(r => r.proposals).find(p => p.asset.id === body.assetId)?.asset.content;
  const entry = content === undefined ? undefined : index.get(normalizeAssetContent(content));
  if (entry === undefined) return {asset: null, reports: [], takedown: null, blockedBy: []};
  const consumers = entry.status === 'BLOCKED' ? CONSUMERS.slice(0, 1 + (entry.id % CONSUMERS.length)) : [];
  return {
    asset: {id: entry.id, content: entry.content, type: entry.type, status: entry.status, watchStatus: watchStatus(entry), createdAt: iso(entry.createdAt), updatedAt: iso(entry.updatedAt)},
    reports: entry.reports.filter(r => reaches(access, r.orgSlug)).map(r => ({id: r.id, title: r.title, status: r.status, createdAt: iso(r.createdAt)})),
    takedown: takedownOf(store, access, entry.content),
    blockedBy: consumers.map((c, i) => ({...c, consumedAt: iso(entry.updatedAt + (i + 1) * HOUR)})),
  };
}

/** POST /asset/list: assets of the type in the status (default BLOCKED), updated in the range (default the last day), oldest update first. */
export function listAssetsPage(store: Store, now: number, body: z.output<ReturnType<typeof assetListBodySchema>>): z.infer<typeof assetListResponseOutSchema> {
  const status = body.status ?? 'BLOCKED';
  const noDates = body.startDate === undefined && body.endDate === undefined;
  const from = noDates ? now - DAY : body.startDate === undefined ? -Infinity : dateBound(body.startDate);
  const to = body.endDate === undefined ? Infinity : dateBound(body.endDate, true);
  const matching = [...assetIndex(store).values()]
    .filter(e => e.type === body.type && e.status === status && e.updatedAt >= from && e.updatedAt <= to)
    .sort((a, b) => a.updatedAt - b.updatedAt || a.id - b.id);
  const page = offsetPage(matching, sandboxCursor(body.next_page, 'next_page'), body.per_page ?? ASSETS_PAGE_DEFAULT);
  return {
    assets: page.rows.map(e => ({content: e.content, type: e.type, status: e.status, watchStatus: watchStatus(e), updatedAt: iso(e.updatedAt)})),
    next_page: page.next === null ? null : String(page.next),
  };
}
