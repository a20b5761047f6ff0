import {pathsOf} from './endpoint.js';
import {ENDPOINTS} from './endpoints/index.js';

/**
 * Every upstream path vigil calls, relative to the base URL (which ends in /api/v2), templates
 * as the upstream documents them; the healthchecks' own paths follow from their ids
 * (healthcheckPath). An endpoint declared in src/api/wire/endpoints/ brings its own (ENDPOINTS);
 * the older ones are listed here. The sandbox must publish each in its OpenAPI document
 * (test/sandbox/openapi.test.ts reads this list).
 */
export const PATHS = {
  ...pathsOf(ENDPOINTS),
  createReport: 'report/create',
  listReports: 'organization/reports',
  searchReports: 'reports/search',
  reviewProposal: 'organization/proposals/{proposalId}/review',
  listHealthchecks: 'healthchecks/list',
} as const;

/** The review operation's path template, as the upstream documents it (and openapi.json publishes it). */
export const PROPOSAL_REVIEW_PATH = PATHS.reviewProposal;

/** POST target of a review of one proposal; the id is escaped, never trusted as a path. */
export function proposalReviewPath(proposalId: string): string {
  return PROPOSAL_REVIEW_PATH.replace('{proposalId}', encodeURIComponent(proposalId));
}

/*
 * Healthcheck ids are `<group>.<name>` (e.g. `takedowns.cancelled-count`): each part lower-case
 * words (letters and digits) joined by single dashes. The id lives at
 * `healthchecks/<group>/<name>` upstream; the siblings share the result shape. The ids vigil
 * knows are the registry's (DOCUMENTED_HEALTHCHECK_IDS in healthcheck-registry.ts).
 */
const ID_PART = '[a-z][a-z0-9]*(?:-[a-z0-9]+)*';
/** The registry's id shape; anything else is never sent (it would be a path of its own making). */
export const HEALTHCHECK_ID_PATTERN = new RegExp(`^${ID_PART}\\.${ID_PART}$`);

/**
 * The longest id vigil calls, from the checks file or the registry alike: an id is a label
 * of every series and a Redis field, and a registry's 200,000-character ids made 63 MB scrapes.
 */
export const MAX_HEALTHCHECK_ID_LENGTH = 128;

/** Whether `id` has the registry's shape, `group.name`, and so maps to a path. */
export function isHealthcheckId(id: string): boolean {
  return id.length <= MAX_HEALTHCHECK_ID_LENGTH && HEALTHCHECK_ID_PATTERN.test(id);
}

/** `takedowns.cancelled-count` -> `healthchecks/takedowns/cancelled-count`; throws on any other shape. */
export function healthcheckPath(id: string): string {
  if (!isHealthcheckId(id)) throw new Error(`not a healthcheck id: ${id}`);
  return `healthchecks/${id.replace('.', '/')}`;
}

/** POST target of the registry: which checks exist, and which are implemented. */
export const HEALTHCHECK_LIST_PATH = PATHS.listHealthchecks;
