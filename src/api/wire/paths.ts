/** Every upstream path vigil calls, relative to the base URL (which ends in /api/v2). */
export const PATHS = {
  createReport: 'report/create',
  listReports: 'organization/reports',
  searchReports: 'reports/search',
} as const;

/** The review operation's path template, as the upstream documents it (and openapi.json publishes it). */
export const PROPOSAL_REVIEW_PATH = 'organization/proposals/{proposalId}/review';

/** POST target of a review of one proposal; the id is escaped, never trusted as a path. */
export function proposalReviewPath(proposalId: string): string {
  return PROPOSAL_REVIEW_PATH.replace('{proposalId}', encodeURIComponent(proposalId));
}

/**
 * Healthcheck ids are `<group>.<name>` (e.g. `takedowns.cancelled-count`) and live at
 * `healthchecks/<group>/<name>` upstream; the siblings share the result shape.
 */
export const HEALTHCHECK_IDS = ['takedowns.cancelled-count'] as const;

export function healthcheckPath(id: string): string {
  const parts = id.split('.');
  if (parts.length !== 2 || parts.some(part => !/^[a-z][a-z0-9-]*$/.test(part))) {
    throw new Error(`not a healthcheck id: ${id}`);
  }
  return `healthchecks/${parts[0]}/${parts[1]}`;
}
