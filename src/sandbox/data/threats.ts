import * as z from 'zod';
import type {threatsListBodySchema, ThreatSortKey} from '../../api/wire/index.js';
import type {Access} from '../keys.js';
import {iso} from '../serialize.js';
import type {Store} from '../store.js';
import {assetIndex, dateBound, offsetPage, reaches, sandboxCursor} from './assets.js';

/*
 * POST /threats/list as the sandbox serves it (docs/sandbox.md#assets-threats-and-detections):
 * the BLOCKED assets of the asset index whose deciding report belongs to an org the key
 * reaches ("scoped by the organization that last updated the asset"), blockedAt the
 * report's last update. The docs give no org field: an org key lists its org, the all-orgs
 * key every org (decided). Filtered as the body asks; the documented defaults apply.
 */

const DAY = 24 * 3_600_000;
export const THREATS_PAGE_DEFAULT = 10;

export const threatsListResponseOutSchema = z.object({
  threats: z.array(z.object({id: z.number().int(), content: z.string(), type: z.string(), blockedAt: z.string()})),
  next_page: z.string().nullable(),
});
type WireThreat = z.infer<typeof threatsListResponseOutSchema>['threats'][number];

const SORT_VALUE: Record<ThreatSortKey, (t: WireThreat) => string | number> = {id: t => t.id, blockedAt: t => t.blockedAt, content: t => t.content, type: t => t.type};

export function listThreatsPage(store: Store, access: Access, now: number, body: z.output<ReturnType<typeof threatsListBodySchema>>): z.infer<typeof threatsListResponseOutSchema> {
  // "If no startDate or endDate is provided, the API defaults to returning threats from the last 1 day."
  const noDates = body.startDate === undefined && body.endDate === undefined;
  const from = noDates ? now - DAY : body.startDate === undefined ? -Infinity : dateBound(body.startDate);
  const to = body.endDate === undefined ? Infinity : dateBound(body.endDate, true);
  const query = body.query?.toLowerCase();
  const threats: WireThreat[] = [];
  for (const entry of assetIndex(store).values()) {
    const decider = entry.reports.find(r => r.createdAt === entry.decidedAt);
    if (entry.status !== 'BLOCKED' || decider === undefined || !reaches(access, decider.orgSlug)) continue;
    if (entry.updatedAt < from || entry.updatedAt > to) continue;
    if (query !== undefined && !entry.content.toLowerCase().includes(query)) continue;
    if (body.assetType?.length && !body.assetType.includes(entry.type)) continue;
    threats.push({id: entry.id, content: entry.content, type: entry.type, blockedAt: iso(entry.updatedAt)});
  }
  const sort = body.sorting?.[0] ?? {key: 'id', direction: 'asc'};
  const sign = sort.direction === 'asc' ? 1 : -1;
  const value = SORT_VALUE[sort.key];
  threats.sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return sign * (x < y ? -1 : x > y ? 1 : 0) || a.id - b.id;
  });
  const page = offsetPage(threats, sandboxCursor(body.next_page, 'next_page'), body.per_page ?? THREATS_PAGE_DEFAULT);
  return {threats: page.rows, next_page: page.next === null ? null : String(page.next)};
}
