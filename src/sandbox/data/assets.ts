import {normalizeAssetContent} from '../../api/wire/index.js';
import type {AssetStatus} from '../../api/enums.js';
import type {Access} from '../keys.js';
import {badRequest} from '../http-errors.js';
import type {StoredReport} from '../model.js';
import type {Store} from '../store.js';

/*
 * The sandbox's assets (docs/sandbox.md#assets-threats-and-detections): the assets of the
 * stored reports, one per normalised content, in the state the newest report holding it
 * gives them, exactly as POST /asset/check decides (routes/assets.ts). So `asset check`,
 * `asset list`, `asset search` and `threats list` agree on every asset, and a report filed
 * in the sandbox shows in all four.
 */

export interface AssetEntry {
  id: number;
  content: string;
  type: string;
  status: AssetStatus;
  /** Epoch ms: the first report holding it. */
  createdAt: number;
  /** Epoch ms: when the newest report holding it was last updated. */
  updatedAt: number;
  /** Epoch ms: the creation of the report that decides its state. */
  decidedAt: number;
  /** Every report holding it, newest first. */
  reports: StoredReport[];
}

/** Every asset of the store, keyed by normalised content. Built per request: the store changes. */
export function assetIndex(store: Store): Map<string, AssetEntry> {
  const index = new Map<string, AssetEntry>();
  for (const report of store.reports) {
    for (const proposal of report.proposals) {
      const key = normalizeAssetContent(proposal.asset.content);
      const known = index.get(key);
      const state = {id: proposal.asset.id, content: proposal.asset.content, type: proposal.asset.type, status: proposal.asset.status, updatedAt: report.updatedAt};
      if (known === undefined) {
        index.set(key, {...state, createdAt: report.createdAt, decidedAt: report.createdAt, reports: [report]});
        continue;
      }
      if (!known.reports.includes(report)) known.reports.push(report);
      known.createdAt = Math.min(known.createdAt, report.createdAt);
      // The newest report decides; within one report, its first proposal of the content.
      if (report.createdAt > known.decidedAt) Object.assign(known, state, {decidedAt: report.createdAt});
    }
  }
  for (const entry of index.values()) entry.reports.sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  return index;
}

/** Whether the key reaches the org (the all-orgs key reaches every one). */
export function reaches(access: Access, slug: string): boolean {
  return access.kind === 'all' || access.slug === slug;
}

/**
 * The offset a cursor this sandbox issued names (a positive integer, as text or a number),
 * 0 for none; any other is a 400 naming the field (the upstream's cursors are its own).
 */
export function sandboxCursor(cursor: string | number | null | undefined, field: string): number {
  if (cursor === undefined || cursor === null) return 0;
  if (/^[1-9]\d*$/.test(String(cursor))) return Number(cursor);
  throw badRequest([{message: `${field}: must be the ${field === 'cursor' ? 'nextCursor' : 'next_page'} of the previous answer`, path: [field]}]);
}

/** One page of `rows` from `offset`; the next cursor is null on the last page. */
export function offsetPage<T>(rows: readonly T[], offset: number, size: number): {rows: T[]; next: number | null} {
  const end = offset + size;
  return {rows: rows.slice(offset, end), next: end < rows.length ? end : null};
}

/** Epoch ms of an inclusive date bound: a bare date's start, or with `endOfDay` its last millisecond. */
export function dateBound(text: string, endOfDay = false): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`) : Date.parse(text);
}
