import type {ListReportsFilters} from '../api/wire/index.js';
import type {Brand, Org, OrgHealth, ReviewRecord, SeedData, StoredProposal, StoredReport, TakedownAsset, TakedownTransition} from './model.js';
import {normalizeAssetContent} from '../api/wire/index.js';

/** Sort key of the newest-first order; the list cursor is the key of a page's last report. */
interface CursorKey {
  createdAt: number;
  id: number;
}

/** Opaque to clients: base64url of the last key, so inserts never shift a page. */
export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.id])).toString('base64url');
}

/** undefined when the text is not a cursor this server issued. */
export function decodeCursor(cursor: string): CursorKey | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every(n => Number.isSafeInteger(n))) {
      return {createdAt: value[0] as number, id: value[1] as number};
    }
  } catch {
    // fall through: not ours
  }
  return undefined;
}

const newestFirst = (a: StoredReport, b: StoredReport) => b.createdAt - a.createdAt || b.id - a.id;

export interface ListPage {
  reports: StoredReport[];
  nextCursor: string | null;
  totalCount: number;
}

export interface SearchHit {
  report: StoredReport;
  /** The queried contents (as the caller spelled them) this report covers. */
  assets: string[];
}

/** The sandbox's in-memory state: orgs, reports and takedown event logs. */
export class Store {
  readonly orgs: Org[];
  readonly brands: Brand[];
  readonly reports: StoredReport[];
  readonly takedowns: TakedownTransition[];
  /** Accepted reviews, oldest first: the rolling daily limit counts them per org. */
  readonly reviews: ReviewRecord[] = [];
  /** What the healthchecks read beyond reports and takedowns, per org slug. */
  private readonly health = new Map<string, OrgHealth>();
  /** Per `<org slug>/<takedown id>` (ids are an org's own); a takedown without one is a URL of UNKNOWN liveness. */
  private readonly takedownAssets = new Map<string, TakedownAsset>();
  private nextIds: {report: number; proposal: number; asset: number; takedown: number; review: number};

  constructor(data: SeedData) {
    this.orgs = [...data.orgs];
    this.brands = [...data.brands];
    this.reports = [...data.reports];
    this.takedowns = [...data.takedowns];
    for (const [slug, health] of Object.entries(data.health ?? {})) this.health.set(slug, structuredClone(health));
    for (const [id, asset] of Object.entries(data.takedownAssets ?? {})) this.takedownAssets.set(id, {...asset});
    const maxOf = (values: number[], floor: number) => values.reduce((max, v) => Math.max(max, v), floor);
    const proposals = this.reports.flatMap(r => r.proposals);
    this.nextIds = {
      report: maxOf(this.reports.map(r => r.id), 1000) + 1,
      proposal: maxOf(proposals.map(p => p.id), 5000) + 1,
      asset: maxOf(proposals.map(p => p.asset.id), 7000) + 1,
      takedown: maxOf(this.takedowns.map(t => Number(t.takedownId.replace(/\D/g, '')) || 0), 9000) + 1,
      review: 80001,
    };
  }

  findOrg(slug: string): Org | undefined {
    return this.orgs.find(org => org.slug === slug);
  }

  /** The org's health data, created empty on first use (so admin routes can change it). */
  healthOf(slug: string): OrgHealth {
    let health = this.health.get(slug);
    if (health === undefined) {
      health = {contactUrl: null, takedownService: null, detectionConfigs: []};
      this.health.set(slug, health);
    }
    return health;
  }

  findOrgBy(field: 'discordGuildId' | 'telegramGroupId', value: string): Org | undefined {
    return this.orgs.find(org => org[field] === value);
  }

  /** GET /organization/reports: filter, order newest first, page after the cursor. */
  listReports(filters: ListReportsFilters & {limit: number}, after?: CursorKey): ListPage {
    const matching = this.reports.filter(report => report.orgSlug === filters.slug && matchesFilters(report, filters)).sort(newestFirst);
    const start = after === undefined ? 0 : matching.findIndex(r => r.createdAt < after.createdAt || (r.createdAt === after.createdAt && r.id < after.id));
    const page = start === -1 ? [] : matching.slice(start, start + filters.limit);
    const last = page[page.length - 1];
    const hasMore = start !== -1 && start + filters.limit < matching.length;
    return {reports: page, nextCursor: hasMore && last ? encodeCursor(last) : null, totalCount: matching.length};
  }

  /** POST /reports/search: reports of the org covering any queried content, newest first. */
  searchReports(slug: string, contents: string[], reportedByCustomer: boolean | undefined): SearchHit[] {
    const wanted = contents.map(content => ({content, key: normalizeAssetContent(content)}));
    const hits: SearchHit[] = [];
    for (const report of this.reports) {
      if (report.orgSlug !== slug) continue;
      if (reportedByCustomer !== undefined && report.reportedByCustomer !== reportedByCustomer) continue;
      const keys = new Set(report.proposals.map(p => normalizeAssetContent(p.asset.content)));
      const covered = wanted.filter(w => keys.has(w.key)).map(w => w.content);
      if (covered.length > 0) hits.push({report, assets: [...new Set(covered)]});
    }
    return hits.sort((a, b) => newestFirst(a.report, b.report));
  }

  /** The newest report of the org already holding this (normalised) content. */
  findReportWithAsset(slug: string, content: string): StoredReport | undefined {
    const key = normalizeAssetContent(content);
    return this.reports
      .filter(r => r.orgSlug === slug && r.proposals.some(p => normalizeAssetContent(p.asset.content) === key))
      .sort(newestFirst)[0];
  }

  newIds(): {report: () => number; proposal: () => number; asset: () => number} {
    return {report: () => this.nextIds.report++, proposal: () => this.nextIds.proposal++, asset: () => this.nextIds.asset++};
  }

  addReport(report: StoredReport): void {
    this.reports.push(report);
  }

  /** The proposal with this id and the report holding it. */
  findProposal(id: number): {report: StoredReport; proposal: StoredProposal} | undefined {
    for (const report of this.reports) {
      const proposal = report.proposals.find(p => p.id === id);
      if (proposal) return {report, proposal};
    }
    return undefined;
  }

  /** Reviews of the org accepted after `since` (epoch ms, exclusive). */
  reviewsSince(slug: string, since: number): ReviewRecord[] {
    return this.reviews.filter(r => r.orgSlug === slug && r.at > since);
  }

  recordReview(orgSlug: string, proposalId: number, at: number): ReviewRecord {
    const record = {id: this.nextIds.review++, orgSlug, proposalId, at};
    this.reviews.push(record);
    return record;
  }

  /** Forgets the org's reviews, so its daily limit starts afresh; the proposals keep their state. */
  clearReviews(slug: string): number {
    return removeOrgEntries(this.reviews, slug);
  }

  /** Transitions into CANCELLED of the org with windowStart < at <= windowEnd, oldest first. */
  cancellations(slug: string, windowStart: number, windowEnd: number): TakedownTransition[] {
    return this.takedowns
      .filter(t => t.orgSlug === slug && t.to === 'CANCELLED' && t.at > windowStart && t.at <= windowEnd)
      .sort((a, b) => a.at - b.at);
  }

  /** Appends transitions to the event log, giving an id to those without one. */
  recordTransitions(transitions: Array<Omit<TakedownTransition, 'takedownId'> & {takedownId?: string}>): TakedownTransition[] {
    const recorded = transitions.map(t => ({...t, takedownId: t.takedownId ?? `${this.nextIds.takedown++}`}));
    this.takedowns.push(...recorded);
    return recorded;
  }

  takedownAsset(slug: string, takedownId: string): TakedownAsset {
    return this.takedownAssets.get(takedownAssetKey(slug, takedownId)) ?? {assetType: 'URL', liveness: 'UNKNOWN', deadAt: null};
  }

  setTakedownAsset(slug: string, takedownId: string, asset: TakedownAsset): void {
    this.takedownAssets.set(takedownAssetKey(slug, takedownId), asset);
  }

  /** When each of the org's takedown assets was found DEAD (assets.dead-asset-spike), oldest first. */
  deadAssetTimes(slug: string): number[] {
    const ids = new Set(this.takedowns.filter(t => t.orgSlug === slug).map(t => t.takedownId));
    return [...ids].map(id => this.takedownAssets.get(takedownAssetKey(slug, id))).flatMap(asset => (asset?.liveness === 'DEAD' && asset.deadAt !== null ? [asset.deadAt] : [])).sort((a, b) => a - b);
  }

  /** The org's dead assets found alive again (the admin route's reset); returns how many. */
  reviveDeadAssets(slug: string): number {
    let revived = 0;
    for (const id of new Set(this.takedowns.filter(t => t.orgSlug === slug).map(t => t.takedownId))) {
      const asset = this.takedownAssets.get(takedownAssetKey(slug, id));
      if (asset?.liveness !== 'DEAD') continue;
      this.takedownAssets.set(takedownAssetKey(slug, id), {...asset, liveness: 'ALIVE', deadAt: null});
      revived++;
    }
    return revived;
  }

  clearTakedowns(slug: string): number {
    return removeOrgEntries(this.takedowns, slug);
  }
}

/** The key of SeedData.takedownAssets and the store's map: takedown ids are an org's own. */
export function takedownAssetKey(slug: string, takedownId: string): string {
  return `${slug}/${takedownId}`;
}

/** Removes the org's entries in place (the arrays are shared, readonly references); returns how many. */
function removeOrgEntries(list: Array<{orgSlug: string}>, slug: string): number {
  const before = list.length;
  const kept = list.filter(entry => entry.orgSlug !== slug);
  list.splice(0, list.length, ...kept);
  return before - kept.length;
}

function includesText(haystack: string | null | undefined, needle: string): boolean {
  return haystack !== null && haystack !== undefined && haystack.toLowerCase().includes(needle.toLowerCase());
}

function within(value: number, from: string | undefined, to: string | undefined): boolean {
  if (from !== undefined && value < Date.parse(from)) return false;
  if (to !== undefined && value > Date.parse(to)) return false;
  return true;
}

/** Every filter of the query table of docs/contract.md#listing-reports, combined with AND; list filters match any value. */
export function matchesFilters(report: StoredReport, f: ListReportsFilters): boolean {
  if (f.status !== undefined && report.status !== f.status) return false;
  if (f.search !== undefined && !includesText(report.title, f.search) && !includesText(report.description, f.search)) return false;
  if (f.reporterQuery !== undefined && !includesText(report.reporter?.fullName, f.reporterQuery) && !includesText(report.externalReporter?.displayName, f.reporterQuery)) return false;
  if (f.reportedByCustomer !== undefined && report.reportedByCustomer !== f.reportedByCustomer) return false;
  if (f.needsCustomerReview !== undefined && needsCustomerReview(report) !== f.needsCustomerReview) return false;
  if (f.reporterKind !== undefined && report.reporterKind !== f.reporterKind) return false;
  if (f.reviewerKind !== undefined && report.reviewerKind !== f.reviewerKind) return false;
  if (f.onlyRejected === true && report.latestReviewDecision !== 'REJECT') return false;
  if (f.reviewStatus?.length && (report.latestReviewDecision === null || !f.reviewStatus.includes(report.latestReviewDecision))) return false;
  if (f.assetType?.length && !report.proposals.some(p => f.assetType!.includes(p.asset.type))) return false;
  if (f.brandIds?.length && !report.brandIds.some(id => f.brandIds!.includes(id))) return false;
  if (f.countryCodes?.length && (report.countryCode === null || !f.countryCodes.includes(report.countryCode))) return false;
  if (f.reviewedByUserId !== undefined && report.reviewedByUserId !== f.reviewedByUserId) return false;
  if (!within(report.createdAt, f.from, f.to)) return false;
  if (!within(report.updatedAt, f.updatedFrom, f.updatedTo)) return false;
  return true;
}

/** A report awaits the org's own approval while one of its proposals does. */
export function needsCustomerReview(report: StoredReport): boolean {
  return report.proposals.some(p => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW');
}
