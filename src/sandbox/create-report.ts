import type {CreateReportRequest} from '../api/wire/index.js';
import type {Org, StoredProposal, StoredReport} from './model.js';
import {normalizeAssetContent} from '../api/wire/index.js';
import {inferAssetType} from './normalize.js';
import type {Store} from './store.js';

export interface AssetError {
  asset: string;
  errorType: string;
  message: string;
  suggestion: string | null;
}

export type CreateOutcome = {ok: true; report: StoredReport} | {ok: false; errors: AssetError[]};

/** The API caller, as a reporter: keys belong to the org's own staff. */
const API_REPORTER = {id: 7, role: 'CUSTOMER', fullName: 'API key user', avatarUrl: null};

/**
 * POST /report/create after validation and access checks. Rejects the whole report (422,
 * nothing stored) when an asset repeats inside it or the org already reported it.
 */
export function createReport(store: Store, org: Org, body: CreateReportRequest, now: number): CreateOutcome {
  const errors: AssetError[] = [];
  const seen = new Map<string, string>();
  for (const asset of body.assets) {
    const key = normalizeAssetContent(asset.content);
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({
        asset: asset.content,
        errorType: 'DUPLICATE_ASSETS',
        message: first === asset.content ? 'this asset appears more than once in the report' : `same asset as "${first}" earlier in the report`,
        suggestion: 'Remove the repeated asset.',
      });
      continue;
    }
    seen.set(key, asset.content);
    const existing = store.findReportWithAsset(org.slug, asset.content);
    if (existing) {
      const pending = existing.proposals.some(p => normalizeAssetContent(p.asset.content) === key && p.reviewStatus.startsWith('PENDING'));
      errors.push({
        asset: asset.content,
        errorType: pending ? 'ALREADY_PENDING_REVIEW' : 'REPORT_ALREADY_EXISTS',
        message: pending ? `already proposed in report ${existing.id}, awaiting review` : `already reported in report ${existing.id}`,
        suggestion: `Follow report ${existing.id} instead of reporting the asset again.`,
      });
    }
  }
  if (errors.length > 0) return {ok: false, errors};

  const ids = store.newIds();
  const brandIds = [...new Set(body.assets.flatMap(a => store.brands.filter(b => b.orgSlug === org.slug && b.slug === a.brandSlug).map(b => b.id)))];
  const proposals: StoredProposal[] = body.assets.map(asset => ({
    id: ids.proposal(),
    reviewStatus: 'PENDING',
    asset: {id: ids.asset(), type: inferAssetType(asset.content), content: asset.content.trim(), status: asset.status ?? 'BLOCKED'},
  }));
  const reporter = body.externalReporter;
  const report: StoredReport = {
    id: ids.report(),
    orgSlug: org.slug,
    title: body.title,
    description: body.description,
    contactInfo: body.contactInfo ?? null,
    status: 'TODO',
    createdAt: now,
    updatedAt: now,
    attachments: (body.attachmentUrls ?? []).map((url, index) => ({id: proposals[0]!.id * 10 + index, url})),
    proposals,
    reporter: {...API_REPORTER},
    externalReporter: reporter
      ? {id: proposals[0]!.id, displayName: reporter.displayName ?? null, avatarUrl: reporter.avatarUrl ?? null, platform: reporter.platform}
      : null,
    externalSubmissionLink: body.externalSubmissionLink ?? null,
    latestReviewDecision: null,
    reporterKind: 'human',
    reviewerKind: null,
    reviewedByUserId: null,
    reportedByCustomer: true,
    brandIds,
    countryCode: null,
  };
  store.addReport(report);
  return {ok: true, report};
}
