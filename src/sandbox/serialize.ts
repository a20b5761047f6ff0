import type {StoredReport} from './model.js';
import type {WireReport} from './schemas.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A stored report as GET /organization/reports sends it (filter-only attributes dropped). */
export function toWireReport(report: StoredReport): WireReport {
  return {
    id: report.id,
    title: report.title,
    description: report.description,
    status: report.status,
    createdAt: iso(report.createdAt),
    updatedAt: iso(report.updatedAt),
    attachments: report.attachments.map(a => ({id: a.id, url: a.url})),
    proposals: report.proposals.map(p => ({id: p.id, reviewStatus: p.reviewStatus, asset: {...p.asset}})),
    reporter: report.reporter && {...report.reporter},
    externalReporter: report.externalReporter && {...report.externalReporter},
    externalSubmissionLink: report.externalSubmissionLink,
    latestReviewDecision: report.latestReviewDecision,
  };
}

export {iso};
