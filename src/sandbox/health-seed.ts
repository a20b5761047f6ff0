import type {OrgHealth, StoredReport, TakedownAsset, TakedownTransition} from './model.js';
import {takedownAssetKey} from './store.js';

/*
 * The seeded data the registry's checks read besides reports and cancellations, fixed per
 * org (no random draws: the seed varies only details). With the documented defaults
 * (docs/sandbox.md) the orgs grade as:
 *   acme      reviewing.backlog fail (the demo's review queue), cancelled-count warn, the rest ok
 *   globex    silent-configs, old-proposals, todo-volume, automation-off warn
 *   initech   cancelled-count and dead-asset-spike fail; in-progress-volume, stale-in-progress warn
 *   umbrella  missing-contact-url fail
 *   hooli     automation-off and stale-in-progress fail; cancelled-count warn
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface HealthPlan {
  contactUrl: boolean;
  /** undefined: no takedown service; null: automation on; a number: days since it was switched off. */
  automationOffDays?: number | null;
  /** Results in the last week of each enabled detection config (0: silent). */
  configs: number[];
  /** Dead assets in the last 24 hours, and over the 7 days before. */
  deadToday: number;
  deadBaseline: number;
  todo: number;
  inProgress: number;
  /** Of inProgress, how many entered IN_PROGRESS 8 days ago or more. */
  stale: number;
  /** Queue entries beyond this many are put back to PENDING (only the demo org fails the backlog). */
  queueCap: number;
  /** Age in days of the org's oldest proposal awaiting review, when it should stand out. */
  oldestPendingDays?: number;
}

const PLANS: Record<string, HealthPlan> = {
  acme: {contactUrl: true, automationOffDays: null, configs: [6, 4, 9], deadToday: 2, deadBaseline: 14, todo: 4, inProgress: 3, stale: 0, queueCap: Infinity},
  globex: {contactUrl: true, automationOffDays: 40, configs: [5, 0], deadToday: 1, deadBaseline: 7, todo: 25, inProgress: 2, stale: 0, queueCap: 4, oldestPendingDays: 9},
  initech: {contactUrl: true, configs: [3], deadToday: 12, deadBaseline: 7, todo: 1, inProgress: 22, stale: 2, queueCap: 4},
  umbrella: {contactUrl: false, automationOffDays: null, configs: [2, 2], deadToday: 0, deadBaseline: 3, todo: 0, inProgress: 0, stale: 0, queueCap: 4},
  hooli: {contactUrl: true, automationOffDays: 70, configs: [1], deadToday: 0, deadBaseline: 0, todo: 2, inProgress: 7, stale: 6, queueCap: 4},
};

/** Evenly spread `count` times over (now - span, now]. */
function spread(count: number, now: number, span: number, offset = 0): number[] {
  return Array.from({length: count}, (_, index) => now - offset - Math.floor(((index + 0.5) * span) / count));
}

export function seedHealth(slugs: readonly string[], now: number): Record<string, OrgHealth> {
  const health: Record<string, OrgHealth> = {};
  for (const slug of slugs) {
    const plan = PLANS[slug];
    if (plan === undefined) continue;
    health[slug] = {
      contactUrl: plan.contactUrl ? `https://${slug}.example/security` : null,
      takedownService: plan.automationOffDays === undefined ? null : {automationOffSince: plan.automationOffDays === null ? null : now - plan.automationOffDays * DAY},
      detectionConfigs: [
        ...plan.configs.map((results, index) => ({name: `${slug}-config-${index + 1}`, enabled: true, resultTimes: spread(results, now, 6 * DAY)})),
        {name: `${slug}-retired`, enabled: false, resultTimes: []},
      ],
    };
  }
  return health;
}

/** TODO and IN_PROGRESS takedowns of the plan, after the ids the random log uses. */
export function openTakedowns(slug: string, orgId: number, now: number): TakedownTransition[] {
  const plan = PLANS[slug];
  if (plan === undefined) return [];
  const log: TakedownTransition[] = [];
  let next = 5000 + orgId * 100;
  const add = (path: string[], at: number) => {
    const takedownId = `${next++}`;
    let from: string | null = null;
    path.forEach((to, step) => {
      log.push({takedownId, orgSlug: slug, assetContent: `${slug}-open-${takedownId}.example`, from, to, at: at + step * HOUR});
      from = to;
    });
  };
  for (let i = 0; i < plan.todo; i++) add(['TODO'], now - (i + 1) * 5 * HOUR);
  for (let i = 0; i < plan.inProgress; i++) add(['TODO', 'IN_PROGRESS'], now - (i < plan.stale ? 8 + i : 1 + (i % 5)) * DAY);
  return log;
}

/**
 * The dead assets of assets.dead-asset-spike: takedowns COMPLETED when their asset was found
 * DEAD (the only documented list that carries liveness), so `takedowns list
 * --liveness-status DEAD --from <24 h ago>` lists the ones the check counts; updatedAt is
 * the moment the asset was found dead.
 */
export function deadTakedowns(slug: string, orgId: number, now: number): {transitions: TakedownTransition[]; assets: Record<string, TakedownAsset>} {
  const plan = PLANS[slug];
  const transitions: TakedownTransition[] = [];
  const assets: Record<string, TakedownAsset> = {};
  if (plan === undefined) return {transitions, assets};
  let next = 6000 + orgId * 100;
  for (const deadAt of [...spread(plan.deadToday, now, 20 * HOUR), ...spread(plan.deadBaseline, now, 7 * DAY, DAY)]) {
    const takedownId = `${next++}`;
    const assetContent = `${slug}-gone-${takedownId}.example`;
    transitions.push(
      {takedownId, orgSlug: slug, assetContent, from: null, to: 'TODO', at: deadAt - 30 * HOUR},
      {takedownId, orgSlug: slug, assetContent, from: 'TODO', to: 'IN_PROGRESS', at: deadAt - 28 * HOUR},
      {takedownId, orgSlug: slug, assetContent, from: 'IN_PROGRESS', to: 'COMPLETED', at: deadAt},
    );
    assets[takedownAssetKey(slug, takedownId)] = {assetType: 'URL', liveness: 'DEAD', deadAt};
  }
  return {transitions, assets};
}

/**
 * When each queued proposal entered the queue (the old-proposals check's age): one every 12
 * hours back from now, newest report first, never before its report; the plan's
 * `oldestPendingDays` ages the oldest. Entries past the plan's cap go back to PENDING.
 */
export function settleReviewQueues(reports: StoredReport[], now: number): void {
  for (const [slug, plan] of Object.entries(PLANS)) {
    const queued = reports
      .filter(report => report.orgSlug === slug)
      .flatMap(report => report.proposals.filter(p => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW').map(proposal => ({report, proposal})))
      .sort((a, b) => b.report.createdAt - a.report.createdAt);
    queued.forEach(({report, proposal}, index) => {
      if (index >= plan.queueCap) proposal.reviewStatus = 'PENDING';
      else proposal.pendingSince = Math.max(report.createdAt, now - index * 12 * HOUR);
    });
    const last = queued[Math.min(queued.length, plan.queueCap) - 1];
    if (last !== undefined && plan.oldestPendingDays !== undefined) last.proposal.pendingSince = now - plan.oldestPendingDays * DAY;
  }
}
