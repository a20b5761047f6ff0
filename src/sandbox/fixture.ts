import {readFile} from 'node:fs/promises';
import * as z from 'zod';
import {ACTOR_KINDS, ASSET_STATUSES, REPORT_STATUSES, REVIEW_DECISIONS} from '../api/enums.js';
import {formatPath} from '../api/wire/index.js';
import {InputError} from '../errors.js';
import {PROPOSAL_REVIEW_STATUSES, type SeedData, type StoredReport} from './model.js';
import {inferAssetType} from './normalize.js';
import {generateSeed} from './seed.js';

/*
 * `--seed-file <json>`: a fixture of orgs, reports and takedown transitions, optionally on
 * top of a generated seed. Validated with zod; every problem names its JSON path.
 */

const HOUR = 3_600_000;
const isoTime = z.iso.datetime({offset: true, error: 'must be an ISO 8601 date-time such as 2026-01-31T12:00:00Z'});
const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a slug (lower-case letters, digits, dashes)');

const fixtureSchema = z.strictObject({
  $schema: z.string().optional(),
  seed: z.string().min(1).optional().describe('Start from the generated data of this seed, then add the fixture'),
  orgs: z.array(z.strictObject({
    id: z.number().int().positive(),
    slug,
    name: z.string().min(1),
    discordGuildId: z.string().min(1).optional(),
    telegramGroupId: z.string().min(1).optional(),
  })).default([]),
  brands: z.array(z.strictObject({id: z.string().min(1), slug: z.string().min(1), name: z.string().optional(), org: slug})).default([]),
  reports: z.array(z.strictObject({
    id: z.number().int().positive().optional(),
    org: slug,
    title: z.string().min(1),
    description: z.string().default(''),
    status: z.enum(REPORT_STATUSES).default('TODO'),
    createdAt: isoTime,
    updatedAt: isoTime.optional(),
    assets: z.array(z.strictObject({
      content: z.string().min(1),
      type: z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'must be an upper-case asset type').optional(),
      status: z.enum(ASSET_STATUSES).default('UNKNOWN'),
      reviewStatus: z.enum(PROPOSAL_REVIEW_STATUSES).optional().describe('Default: APPROVED / REJECTED after that decision, else PENDING'),
    })).min(1, 'a report needs at least one asset'),
    reporterName: z.string().min(1).optional(),
    reporterKind: z.enum(ACTOR_KINDS).default('human'),
    reviewerKind: z.enum(ACTOR_KINDS).nullable().default(null),
    reviewedByUserId: z.number().int().positive().nullable().default(null),
    latestReviewDecision: z.enum(REVIEW_DECISIONS).nullable().default(null),
    reportedByCustomer: z.boolean().default(false),
    brandIds: z.array(z.string().min(1)).default([]),
    countryCode: z.string().regex(/^[A-Z]{2}$/, 'must be a 2-letter upper-case ISO country code').nullable().default(null),
    attachmentUrls: z.array(z.url()).default([]),
    externalSubmissionLink: z.url().nullable().default(null),
  })).default([]),
  takedowns: z.array(z.strictObject({
    org: slug,
    takedownId: z.string().min(1).optional(),
    assetContent: z.string().min(1).optional(),
    from: z.string().nullable().default(null),
    to: z.string().regex(/^[A-Z_]+$/, 'must be an upper-case takedown state such as CANCELLED').default('CANCELLED'),
    at: isoTime.optional(),
    hoursAgo: z.number().min(0).optional(),
  })).default([]),
});
export type Fixture = z.output<typeof fixtureSchema>;

/** Validates a parsed fixture; problems are [path, message] pairs. */
export function parseFixture(json: unknown): {ok: true; fixture: Fixture} | {ok: false; problems: Array<{path: string; message: string}>} {
  const result = fixtureSchema.safeParse(json);
  if (!result.success) {
    return {ok: false, problems: result.error.issues.map(issue => ({path: formatPath(issue.path), message: issue.message}))};
  }
  const fixture = result.data;
  const problems: Array<{path: string; message: string}> = [];
  const orgSlugs = new Set(fixture.orgs.map(o => o.slug));
  if (fixture.seed !== undefined) for (const org of generateSeed(fixture.seed, 0).orgs) orgSlugs.add(org.slug);
  if (orgSlugs.size === 0) problems.push({path: 'orgs', message: 'at least one org is needed (or a "seed" to start from)'});
  const check = (list: Array<{org: string}>, name: string) =>
    list.forEach((item, index) => {
      if (!orgSlugs.has(item.org)) problems.push({path: `${name}[${index}].org`, message: `no org with slug "${item.org}" in orgs`});
    });
  check(fixture.brands, 'brands');
  check(fixture.reports, 'reports');
  check(fixture.takedowns, 'takedowns');
  const ids = new Map<number, number>();
  fixture.reports.forEach((report, index) => {
    if (report.id === undefined) return;
    if (ids.has(report.id)) problems.push({path: `reports[${index}].id`, message: `duplicate id ${report.id} (also reports[${ids.get(report.id)}])`});
    ids.set(report.id, index);
  });
  return problems.length > 0 ? {ok: false, problems} : {ok: true, fixture};
}

function reviewStatusAfter(decision: string | null): 'APPROVED' | 'REJECTED' | 'PENDING' {
  return decision === 'APPROVE' ? 'APPROVED' : decision === 'REJECT' ? 'REJECTED' : 'PENDING';
}

/** The data a fixture describes, with times relative to `now` where it gives hoursAgo. */
export function fixtureToSeedData(fixture: Fixture, now: number): SeedData {
  const base: SeedData = fixture.seed === undefined ? {orgs: [], brands: [], reports: [], takedowns: []} : generateSeed(fixture.seed, now);
  let reportId = base.reports.reduce((max, r) => Math.max(max, r.id), 1000) + 1;
  let proposalId = base.reports.flatMap(r => r.proposals).reduce((max, p) => Math.max(max, p.id, p.asset.id), 7000) + 1;
  const reports: StoredReport[] = fixture.reports.map(r => ({
    id: r.id ?? reportId++,
    orgSlug: r.org,
    title: r.title,
    description: r.description,
    contactInfo: null,
    status: r.status,
    createdAt: Date.parse(r.createdAt),
    updatedAt: Date.parse(r.updatedAt ?? r.createdAt),
    attachments: r.attachmentUrls.map(url => ({id: proposalId++, url})),
    proposals: r.assets.map(a => ({id: proposalId++, reviewStatus: a.reviewStatus ?? reviewStatusAfter(r.latestReviewDecision), asset: {id: proposalId++, type: a.type ?? inferAssetType(a.content), content: a.content, status: a.status}})),
    reporter: {id: 1, role: r.reporterKind === 'automation' ? 'AUTOMATION' : 'ANALYST', fullName: r.reporterName ?? (r.reporterKind === 'automation' ? 'Automation' : 'Fixture reporter'), avatarUrl: null},
    externalReporter: null,
    externalSubmissionLink: r.externalSubmissionLink,
    latestReviewDecision: r.latestReviewDecision,
    reporterKind: r.reporterKind,
    reviewerKind: r.reviewerKind,
    reviewedByUserId: r.reviewedByUserId,
    reportedByCustomer: r.reportedByCustomer,
    brandIds: r.brandIds,
    countryCode: r.countryCode,
  }));
  // Past every seeded takedown id (the seed's go up to about 11000), so none merges with one.
  let takedownId = 90000;
  return {
    ...(base.health === undefined ? {} : {health: base.health}),
    ...(base.takedownAssets === undefined ? {} : {takedownAssets: base.takedownAssets}),
    orgs: [...base.orgs.filter(o => !fixture.orgs.some(f => f.slug === o.slug)), ...fixture.orgs],
    brands: [...base.brands, ...fixture.brands.map(b => ({id: b.id, slug: b.slug, name: b.name ?? b.slug, orgSlug: b.org}))],
    reports: [...base.reports, ...reports],
    takedowns: [
      ...base.takedowns,
      ...fixture.takedowns.map(t => ({
        takedownId: t.takedownId ?? `${takedownId++}`,
        orgSlug: t.org,
        assetContent: t.assetContent ?? `${t.org}-takedown.example`,
        from: t.from,
        to: t.to,
        at: t.at !== undefined ? Date.parse(t.at) : now - (t.hoursAgo ?? 0) * HOUR,
      })),
    ],
  };
}

/** Reads and validates `--seed-file`; every problem is an InputError line naming file and path. */
export async function loadFixtureFile(file: string, now: number): Promise<SeedData> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `cannot read: ${(error as Error).message}`;
    throw new InputError([{field: '--seed-file', message: `${file}: ${reason}`}]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError([{field: '--seed-file', message: `${file}: not valid JSON (${(error as Error).message})`}]);
  }
  const parsed = parseFixture(json);
  if (!parsed.ok) {
    throw new InputError(parsed.problems.map(p => ({field: `--seed-file ${file}`, message: `${p.path}: ${p.message}`})));
  }
  return fixtureToSeedData(parsed.fixture, now);
}
