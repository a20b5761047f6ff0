import type {ActorKind, AssetStatus, ReportStatus, ReviewDecision} from '../api/enums.js';
import type {Brand, ExternalReporter, Org, Reporter, SeedData, StoredProposal, StoredReport, TakedownAsset, TakedownTransition} from './model.js';
import {createRng, type Rng} from './prng.js';
import {deadTakedowns, openTakedowns, seedHealth, settleReviewQueues} from './health-seed.js';

/*
 * The demo world. Structure is fixed (orgs, how many reports, how many cancellations fall
 * in the default 168-hour window), the seed only varies the details; so every seed puts at
 * least one org at each healthcheck severity with the default thresholds (warn 3, fail 10).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface OrgPlan {
  org: Org;
  brands: Array<[string, string]>;
  reports: number;
  /** CANCELLED transitions inside / outside the last 168 hours. */
  cancelledRecent: number;
  cancelledOld: number;
}

const PLANS: OrgPlan[] = [
  {org: {id: 42, slug: 'acme', name: 'Acme Corp', discordGuildId: '900000000000000042', telegramGroupId: '-1001000000042'}, brands: [['101', 'acme-wallet'], ['102', 'acme-exchange'], ['103', 'acme-bank']], reports: 140, cancelledRecent: 5, cancelledOld: 3},
  {org: {id: 43, slug: 'globex', name: 'Globex', discordGuildId: '900000000000000043'}, brands: [['201', 'globex-pay'], ['202', 'globex-cloud']], reports: 80, cancelledRecent: 1, cancelledOld: 6},
  {org: {id: 44, slug: 'initech', name: 'Initech', telegramGroupId: '-1001000000044'}, brands: [['301', 'initech-tps']], reports: 50, cancelledRecent: 12, cancelledOld: 2},
  {org: {id: 45, slug: 'umbrella', name: 'Umbrella'}, brands: [['401', 'umbrella-health'], ['402', 'umbrella-labs']], reports: 30, cancelledRecent: 0, cancelledOld: 0},
  {org: {id: 46, slug: 'hooli', name: 'Hooli'}, brands: [['501', 'hooli-chat']], reports: 20, cancelledRecent: 3, cancelledOld: 1},
];

const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'IN', 'NG', 'SG', 'JP', 'CA'];
const HUMANS: Reporter[] = [
  {id: 11, role: 'ANALYST', fullName: 'Ada Byron', avatarUrl: null},
  {id: 12, role: 'ANALYST', fullName: 'Grace Hopper', avatarUrl: 'https://avatars.sandbox.invalid/12.png'},
  {id: 13, role: 'ANALYST', fullName: 'Alan Turing', avatarUrl: null},
];
const CUSTOMERS: Reporter[] = [
  {id: 31, role: 'CUSTOMER', fullName: 'Casey Customer', avatarUrl: null},
  {id: 32, role: 'CUSTOMER', fullName: 'Morgan Ops', avatarUrl: null},
];
const BOTS: Reporter[] = [
  {id: 90, role: 'AUTOMATION', fullName: 'Phish Detector', avatarUrl: null},
  {id: 91, role: 'AUTOMATION', fullName: 'Brand Monitor', avatarUrl: null},
];
const HUMAN_REVIEWERS = [21, 22, 23, 24];
const AUTOMATION_REVIEWER = 99;

const ASSET_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['URL', 30], ['PAGE', 8], ['TWITTER', 8], ['TELEGRAM', 8], ['DISCORD_USER', 5], ['INSTAGRAM', 4],
  ['FACEBOOK', 4], ['YOUTUBE', 4], ['TIKTOK', 3], ['ADDRESS', 6], ['EMAIL', 3], ['WHATSAPP', 2],
  ['DISCORD', 1], ['TWITCH', 1], ['GITHUB', 2], ['CHROME_WEB_STORE', 1],
];
const LURES = ['login', 'verify', 'airdrop', 'support', 'claim', 'wallet', 'secure', 'refund', 'giveaway', 'update'];
const TLDS = ['com', 'xyz', 'net', 'io', 'app', 'top'];
const TITLES = ['Phishing site impersonating {brand}', 'Fake {brand} support account', 'Scam giveaway using {brand} logo', 'Drainer contract targeting {brand} users', 'Impersonation of {brand} staff', 'Counterfeit {brand} app listing'];
const DESCRIPTIONS = ['Reported by several users after a {lure} campaign.', 'Seen in ads; asks for the seed phrase on a fake {lure} page.', 'Links shared in community channels with a {lure} lure.', 'Detected by keyword monitoring for "{lure}".'];

function assetContent(rng: Rng, type: string, brand: string, n: number): string {
  const lure = rng.pick(LURES);
  const host = `${brand}-${lure}-${n}.${rng.pick(TLDS)}`;
  switch (type) {
    case 'URL': return rng.chance(0.25) ? `https://${host.replace(brand, brand.toUpperCase())}/` : host;
    case 'PAGE': return `https://${host}/${lure}/Index${n}.html`;
    case 'TWITTER': return `https://x.com/${brand.replace('-', '_')}_${lure}${n}`;
    case 'TELEGRAM': return `https://t.me/${brand.replace('-', '')}${lure}${n}`;
    case 'DISCORD_USER': return `${brand.replace('-', '')}_${lure}#${1000 + n}`;
    case 'DISCORD': return `https://discord.gg/${brand.slice(0, 4)}${n}`;
    case 'INSTAGRAM': return `https://instagram.com/${brand.replace('-', '.')}.${lure}${n}`;
    case 'FACEBOOK': return `https://facebook.com/${brand}-${lure}-${n}`;
    case 'YOUTUBE': return `https://youtube.com/@${brand.replace('-', '')}${lure}${n}`;
    case 'TIKTOK': return `https://tiktok.com/@${brand.replace('-', '')}${n}`;
    case 'ADDRESS': return `eip155:1:0x${(n * 2654435761 >>> 0).toString(16).padStart(8, '0')}${'ab'.repeat(16)}`;
    case 'EMAIL': return `${lure}${n}@${brand}-mail.${rng.pick(TLDS)}`;
    case 'WHATSAPP': return `+1555${String(1000000 + n).slice(-7)}`;
    case 'TWITCH': return `twitch.tv/${brand.replace('-', '')}${n}`;
    case 'GITHUB': return `https://github.com/${brand}-${lure}/${lure}-${n}`;
    default: return `https://chromewebstore.google.com/detail/${brand}-${lure}/${n}`;
  }
}

interface Counters {
  asset: number;
  proposal: number;
  attachment: number;
  externalReporter: number;
}

function makeReport(rng: Rng, plan: OrgPlan, now: number, counters: Counters): StoredReport {
  const [brandId, brandSlug] = rng.pick(plan.brands);
  const status = rng.weighted<ReportStatus>([['TODO', 4], ['IN_PROGRESS', 3], ['CLOSED', 5]]);
  const reporterKind = rng.weighted<ActorKind>([['human', 3], ['automation', 2]]);
  const reportedByCustomer = reporterKind === 'human' && rng.chance(0.35);
  const viaExternal = reporterKind === 'human' && !reportedByCustomer && rng.chance(0.3);
  let reporter: Reporter | null = reporterKind === 'automation' ? rng.pick(BOTS) : reportedByCustomer ? rng.pick(CUSTOMERS) : rng.pick(HUMANS);
  let externalReporter: ExternalReporter | null = null;
  if (viaExternal) {
    const platform = rng.pick(['TELEGRAM', 'DISCORD']);
    externalReporter = {id: ++counters.externalReporter, displayName: rng.pick(['cryptofan', 'watchdog', 'helpful_hannah', null]), avatarUrl: null, platform};
    reporter = null;
  }

  let decision: ReviewDecision | null = null;
  if (status === 'CLOSED') decision = rng.weighted<ReviewDecision>([['APPROVE', 6], ['REJECT', 3], ['SKIP', 1]]);
  else if (status === 'IN_PROGRESS') decision = rng.weighted<ReviewDecision | null>([[null, 3], ['ESCALATE', 2], ['SKIP', 1]]);
  const reviewerKind: ActorKind | null = decision === null ? null : rng.weighted<ActorKind>([['human', 3], ['automation', 1]]);
  const reviewedByUserId = reviewerKind === null ? null : reviewerKind === 'automation' ? AUTOMATION_REVIEWER : rng.pick(HUMAN_REVIEWERS);
  const awaitingCustomer = status !== 'CLOSED' && rng.chance(0.2);

  const proposals: StoredProposal[] = [];
  const assetCount = rng.weighted([[1, 6], [2, 3], [3, 1]] as const);
  for (let i = 0; i < assetCount; i++) {
    const type = rng.weighted(ASSET_TYPES);
    const assetId = ++counters.asset;
    let reviewStatus: StoredProposal['reviewStatus'] = 'PENDING';
    let assetStatus: AssetStatus = 'UNKNOWN';
    if (decision === 'APPROVE') [reviewStatus, assetStatus] = ['APPROVED', 'BLOCKED'];
    else if (decision === 'REJECT') [reviewStatus, assetStatus] = ['REJECTED', 'ALLOWED'];
    else if (awaitingCustomer && i === 0) reviewStatus = 'PENDING_CUSTOMER_REVIEW';
    proposals.push({id: ++counters.proposal, reviewStatus, asset: {id: assetId, type, content: assetContent(rng, type, brandSlug, assetId), status: assetStatus}});
  }

  const createdAt = now - rng.int(1, 120 * 24) * HOUR - rng.int(0, 3599) * 1000;
  const updatedAt = Math.min(now, createdAt + (status === 'TODO' && rng.chance(0.5) ? 0 : rng.int(1, 240) * HOUR));
  const lure = rng.pick(LURES);
  return {
    id: 0,
    orgSlug: plan.org.slug,
    title: rng.pick(TITLES).replace('{brand}', brandSlug),
    description: rng.pick(DESCRIPTIONS).replace('{lure}', lure),
    contactInfo: reportedByCustomer ? 'security@example.com' : null,
    status,
    createdAt,
    updatedAt,
    attachments: rng.chance(0.3) ? [{id: ++counters.attachment, url: `https://files.sandbox.invalid/${counters.attachment}.png`}] : [],
    proposals,
    reporter,
    externalReporter,
    externalSubmissionLink: rng.chance(0.15) ? `https://forms.sandbox.invalid/submissions/${counters.asset}` : null,
    latestReviewDecision: decision,
    reporterKind,
    reviewerKind,
    reviewedByUserId,
    reportedByCustomer,
    brandIds: [brandId],
    countryCode: rng.chance(0.85) ? rng.pick(COUNTRIES) : null,
  };
}

function takedownLog(rng: Rng, plan: OrgPlan, reports: StoredReport[], now: number, firstId: number): TakedownTransition[] {
  const contents = reports.flatMap(report => report.proposals.map(p => p.asset.content));
  const log: TakedownTransition[] = [];
  let id = firstId;
  const add = (at: number, path: string[]) => {
    const takedownId = `${id++}`;
    const assetContent = contents.length > 0 ? rng.pick(contents) : `${plan.org.slug}-asset.example`;
    let from: string | null = null;
    path.forEach((to, step) => {
      log.push({takedownId, orgSlug: plan.org.slug, assetContent, from, to, at: at + step * 2 * HOUR});
      from = to;
    });
  };
  // Completed takedowns: noise the healthcheck must not count.
  for (let i = 0; i < Math.ceil(reports.length / 10); i++) add(now - rng.int(24, 600) * HOUR, ['REQUESTED', 'IN_PROGRESS', 'COMPLETED']);
  // CANCELLED entered inside the window: the final transition lands 2-160 hours ago.
  for (let i = 0; i < plan.cancelledRecent; i++) add(now - rng.int(6, 164) * HOUR, ['REQUESTED', 'CANCELLED']);
  for (let i = 0; i < plan.cancelledOld; i++) add(now - rng.int(8, 60) * DAY, ['REQUESTED', 'CANCELLED']);
  return log;
}

/** Fixed landmarks the docs and the demo refer to (`vigil reports search acme-wallet-verify.example`). */
function landmarks(now: number, counters: Counters): StoredReport[] {
  const base = {
    orgSlug: 'acme', contactInfo: null, attachments: [], reporter: HUMANS[0]!, externalReporter: null,
    externalSubmissionLink: null, reviewedByUserId: null, reviewerKind: null, latestReviewDecision: null,
    reporterKind: 'human' as const, reportedByCustomer: false, brandIds: ['101'], countryCode: 'US',
  };
  const asset = (type: string, content: string, reviewStatus: StoredProposal['reviewStatus']): StoredProposal => ({
    id: ++counters.proposal, reviewStatus, asset: {id: ++counters.asset, type, content, status: 'UNKNOWN'},
  });
  return [
    {...base, id: 0, title: 'Wallet verification phishing', description: 'Fake "verify your wallet" page sent by SMS.', status: 'TODO', createdAt: now - 2 * HOUR, updatedAt: now - 2 * HOUR, proposals: [asset('URL', 'https://acme-wallet-verify.example/', 'PENDING'), asset('TELEGRAM', 'https://t.me/acmewalletsupport', 'PENDING')]},
    {...base, id: 0, title: 'Airdrop scam awaiting your approval', description: 'Proposed by the detection team; needs Acme to confirm.', status: 'IN_PROGRESS', createdAt: now - 5 * HOUR, updatedAt: now - 3 * HOUR, reporter: BOTS[0]!, reporterKind: 'automation', proposals: [asset('URL', 'acme-airdrop-claim.example', 'PENDING_CUSTOMER_REVIEW')]},
  ];
}

/** The first org's review queue (needs-customer-review reports) never has fewer, whatever the seed. */
export const DEMO_REVIEW_QUEUE = 12;

/**
 * Tops the org's queue up to `min` reports by putting the first proposal of its oldest-generated
 * open, undecided reports up for customer review: `npm run demo` then always shows the loop.
 */
function fillReviewQueue(reports: StoredReport[], slug: string, min: number): void {
  const awaiting = (r: StoredReport) => r.proposals.some(p => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW');
  let queued = reports.filter(r => r.orgSlug === slug && awaiting(r)).length;
  for (const report of reports) {
    if (queued >= min) return;
    if (report.orgSlug !== slug || report.status === 'CLOSED' || awaiting(report) || report.proposals[0]?.reviewStatus !== 'PENDING') continue;
    report.proposals[0].reviewStatus = 'PENDING_CUSTOMER_REVIEW';
    queued++;
  }
}

/** Generates the demo world for `seed`, with times relative to `now` (epoch ms). */
export function generateSeed(seed: string, now: number): SeedData {
  const rng = createRng(seed);
  const counters: Counters = {asset: 7000, proposal: 5000, attachment: 300, externalReporter: 600};
  const orgs = PLANS.map(plan => plan.org);
  const brands: Brand[] = PLANS.flatMap(plan => plan.brands.map(([id, slug]) => ({id, slug, name: slug.replace('-', ' '), orgSlug: plan.org.slug})));
  const reports: StoredReport[] = [];
  const takedowns: TakedownTransition[] = [];
  const takedownAssets: Record<string, TakedownAsset> = {};
  for (const plan of PLANS) {
    const own: StoredReport[] = [];
    for (let i = 0; i < plan.reports; i++) own.push(makeReport(rng, plan, now, counters));
    const dead = deadTakedowns(plan.org.slug, plan.org.id, now);
    takedowns.push(...takedownLog(rng, plan, own, now, 3000 + plan.org.id * 100), ...openTakedowns(plan.org.slug, plan.org.id, now), ...dead.transitions);
    Object.assign(takedownAssets, dead.assets);
    reports.push(...own);
  }
  reports.push(...landmarks(now, counters));
  fillReviewQueue(reports, PLANS[0]!.org.slug, DEMO_REVIEW_QUEUE);
  settleReviewQueues(reports, now);
  // Ids grow with time, as they do upstream.
  reports.sort((a, b) => a.createdAt - b.createdAt);
  reports.forEach((report, index) => {
    report.id = 1001 + index;
  });
  return {orgs, brands, reports, takedowns, takedownAssets, health: seedHealth(orgs.map(org => org.slug), now)};
}
