import {describe, expect, it} from 'vitest';
import {HEALTHCHECK_DEFAULTS, gradeCount} from '../../src/api/wire/index.js';
import {DEMO_REVIEW_QUEUE, generateSeed} from '../../src/sandbox/seed.js';
import {Store, needsCustomerReview} from '../../src/sandbox/store.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;

function severities(seed: string): Record<string, string> {
  const data = generateSeed(seed, NOW);
  const store = new Store(data);
  const {lookbackHours, warnThreshold, failThreshold} = HEALTHCHECK_DEFAULTS;
  return Object.fromEntries(data.orgs.map(org => [org.slug, gradeCount(store.cancellations(org.slug, NOW - lookbackHours * HOUR, NOW).length, warnThreshold, failThreshold)]));
}

describe('generated seed', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(JSON.stringify(generateSeed('demo', NOW))).toBe(JSON.stringify(generateSeed('demo', NOW)));
    const a = generateSeed('demo', NOW).reports.map(r => r.title + r.createdAt);
    const b = generateSeed('other', NOW).reports.map(r => r.title + r.createdAt);
    expect(a).not.toEqual(b);
  });

  it.each(['demo', 'other', 'x'])('puts an org at each severity with the default thresholds (seed %s)', seed => {
    const graded = severities(seed);
    expect(new Set(Object.values(graded))).toEqual(new Set(['ok', 'warn', 'fail']));
    expect(graded).toEqual({acme: 'warn', globex: 'ok', initech: 'fail', umbrella: 'ok', hooli: 'warn'});
  });

  it.each(['demo', 'other', 'x', 'q'])('gives the demo org a review queue of at least 12 pending proposals (seed %s)', seed => {
    const queue = generateSeed(seed, NOW).reports.filter(r => r.orgSlug === 'acme' && needsCustomerReview(r));
    expect(queue.length).toBeGreaterThanOrEqual(DEMO_REVIEW_QUEUE);
    expect(DEMO_REVIEW_QUEUE).toBe(12);
    for (const report of queue) expect(report.proposals.filter(p => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW')).toHaveLength(1);
  });

  it('covers what the list filters act on', () => {
    const {reports, orgs} = generateSeed('demo', NOW);
    expect(orgs.length).toBeGreaterThanOrEqual(5);
    expect(reports.length).toBeGreaterThanOrEqual(300);
    const distinct = <T>(values: T[]) => new Set(values.filter(v => v !== null && v !== undefined));
    expect(distinct(reports.map(r => r.status)).size).toBe(3);
    expect(distinct(reports.map(r => r.latestReviewDecision)).size).toBe(4);
    expect(distinct(reports.map(r => r.reporterKind)).size).toBe(2);
    expect(distinct(reports.map(r => r.reviewerKind)).size).toBe(2);
    expect(distinct(reports.flatMap(r => r.proposals.map(p => p.asset.type))).size).toBeGreaterThanOrEqual(12);
    expect(distinct(reports.flatMap(r => r.brandIds)).size).toBeGreaterThanOrEqual(8);
    expect(distinct(reports.map(r => r.countryCode)).size).toBeGreaterThanOrEqual(8);
    expect(reports.filter(r => r.reportedByCustomer).length).toBeGreaterThan(20);
    expect(reports.filter(needsCustomerReview).length).toBeGreaterThan(10);
    expect(reports.filter(r => r.externalReporter !== null).length).toBeGreaterThan(5);
    // ids unique and growing with time
    const ids = [...reports].sort((x, y) => x.createdAt - y.createdAt).map(r => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(reports.flatMap(r => r.proposals.map(p => p.asset.id))).size).toBe(reports.flatMap(r => r.proposals).length);
  });
});
