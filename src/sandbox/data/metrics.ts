import * as z from 'zod';
import type {StoredReport} from '../model.js';
import {iso} from '../serialize.js';
import type {Store} from '../store.js';
import {takedownRecords} from '../takedowns.js';

/*
 * The sandbox's metrics and queue snapshot (docs/sandbox.md#platform-reads), computed from
 * the same reports and takedown log the healthchecks grade, so the numbers agree with them:
 * a threat is a reported asset the review made BLOCKED; a takedown is filed when it first
 * enters the log and completed when its current state is COMPLETED.
 */

const count = z.number().int().min(0);
export const orgMetricsOutSchema = z.object({
  metrics: z.object({
    reports: count, newThreats: count, threatsWatchlisted: count, takedownsFiled: count, takedownsCompleted: count,
    domainThreats: count, twitterThreats: count, telegramThreats: count, otherThreats: count,
  }),
  blockedByType: z.array(z.object({type: z.string(), count})),
  blockedByDay: z.array(z.object({date: z.string(), count})),
});
export type OrgMetrics = z.infer<typeof orgMetricsOutSchema>;

export interface MetricsWindow {
  /** Epoch ms, inclusive; undefined: the beginning of time / now. */
  from?: number;
  to?: number;
  /** Only reports naming this brand id (threatsWatchlisted is then 0, as documented). */
  brandId?: string;
}

const DOMAIN_TYPES = new Set(['URL', 'PAGE']);

/** GET /organization/metrics of one org: date filter on createdAt, both ends inclusive. */
export function orgMetrics(store: Store, slug: string, window: MetricsWindow): OrgMetrics {
  const inWindow = (at: number) => (window.from === undefined || at >= window.from) && (window.to === undefined || at <= window.to);
  const reports = store.reports.filter(r => r.orgSlug === slug && inWindow(r.createdAt) && (window.brandId === undefined || r.brandIds.includes(window.brandId)));
  const blocked = blockedAssets(reports);
  const byType = tally(blocked.map(b => b.type));
  const byDay = tally(blocked.map(b => iso(b.at).slice(0, 10)));
  const records = takedownRecords(store, slug);
  const typed = (types: (type: string) => boolean) => blocked.filter(b => types(b.type)).length;
  return {
    metrics: {
      reports: reports.length,
      newThreats: blocked.length,
      threatsWatchlisted: window.brandId === undefined ? reports.flatMap(r => r.proposals).filter(p => p.asset.status === 'UNKNOWN' && p.reviewStatus === 'REJECTED').length : 0,
      takedownsFiled: records.filter(r => inWindow(r.createdAt)).length,
      takedownsCompleted: records.filter(r => r.state === 'COMPLETED' && inWindow(r.since)).length,
      domainThreats: typed(type => DOMAIN_TYPES.has(type)),
      twitterThreats: typed(type => type === 'TWITTER'),
      telegramThreats: typed(type => type === 'TELEGRAM'),
      otherThreats: typed(type => !DOMAIN_TYPES.has(type) && type !== 'TWITTER' && type !== 'TELEGRAM'),
    },
    blockedByType: [...byType].sort(([a], [b]) => (a < b ? -1 : 1)).map(([type, n]) => ({type, count: n})),
    blockedByDay: [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, n]) => ({date, count: n})),
  };
}

/** Each distinct blocked content once, at its first report. */
function blockedAssets(reports: readonly StoredReport[]): Array<{type: string; at: number}> {
  const first = new Map<string, {type: string; at: number}>();
  for (const report of reports) {
    for (const proposal of report.proposals) {
      if (proposal.asset.status !== 'BLOCKED') continue;
      const known = first.get(proposal.asset.content);
      if (known === undefined || report.createdAt < known.at) first.set(proposal.asset.content, {type: proposal.asset.type, at: report.createdAt});
    }
  }
  return [...first.values()];
}

function tally(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** POST /metrics/summary (the upstream documents no shape; this is the sandbox's). */
export const metricsSummaryOutSchema = orgMetricsOutSchema.extend({organization: z.object({slug: z.string(), name: z.string()})});
export function metricsSummary(store: Store, slug: string): z.infer<typeof metricsSummaryOutSchema> {
  const org = store.findOrg(slug)!;
  return {organization: {slug, name: org.name}, ...orgMetrics(store, slug, {})};
}

/** POST /metrics/found: "customer-facing new threats", the summary's newThreats. */
export const metricsFoundOutSchema = z.object({organization: z.object({slug: z.string()}), metric: z.literal('found'), found: count});
export function metricsFound(store: Store, slug: string): z.infer<typeof metricsFoundOutSchema> {
  return {organization: {slug}, metric: 'found', found: orgMetrics(store, slug, {}).metrics.newThreats};
}

/** Age buckets of the snapshot, upper bounds in hours (the upstream documents none). */
const BUCKETS = [['under24h', 24], ['under3d', 72], ['under7d', 168], ['over7d', Number.POSITIVE_INFINITY]] as const;
const bucketsSchema = z.object(Object.fromEntries(BUCKETS.map(([name]) => [name, count])) as Record<(typeof BUCKETS)[number][0], typeof count>);
const queueSchema = z.object({pending: count, oldestAgeHours: z.number().nullable(), ageBuckets: bucketsSchema});
export const queuesSnapshotOutSchema = z.object({
  generatedAt: z.string(),
  organizations: z.array(z.object({slug: z.string(), review: queueSchema, takedowns: z.object({todo: queueSchema, inProgress: queueSchema})})),
});

function queue(since: readonly number[], now: number): z.infer<typeof queueSchema> {
  const ages = since.map(at => (now - at) / 3_600_000);
  const ageBuckets = Object.fromEntries(BUCKETS.map(([name, limit], index) => [name, ages.filter(age => age < limit && (index === 0 || age >= BUCKETS[index - 1]![1])).length]));
  return {pending: ages.length, oldestAgeHours: ages.length === 0 ? null : Math.round(Math.max(...ages) * 10) / 10, ageBuckets: ageBuckets as z.infer<typeof bucketsSchema>};
}

/**
 * POST /operations/queues/snapshot of these orgs: the proposals awaiting review (either
 * review state, since when they entered it) and the takedowns TODO and IN_PROGRESS (since
 * their last transition), the items reviewing.* and takedowns.* count.
 */
export function queuesSnapshot(store: Store, slugs: readonly string[], now: number): z.infer<typeof queuesSnapshotOutSchema> {
  return {
    generatedAt: iso(now),
    organizations: slugs.map(slug => {
      const pending = store.reports
        .filter(r => r.orgSlug === slug)
        .flatMap(r => r.proposals.filter(p => p.reviewStatus === 'PENDING' || p.reviewStatus === 'PENDING_CUSTOMER_REVIEW').map(p => p.pendingSince ?? r.createdAt));
      const records = takedownRecords(store, slug);
      const inState = (state: string) => records.filter(r => r.state === state).map(r => r.since);
      return {slug, review: queue(pending, now), takedowns: {todo: queue(inState('TODO'), now), inProgress: queue(inState('IN_PROGRESS'), now)}};
    }),
  };
}
