import {PATHS} from './paths.js';

/*
 * The platform's plain reads (docs/contract.md#passthrough-reads): metrics, queues, the
 * user, organizations and brands. Each is one declaration: method, path and whether the
 * upstream's docs give its response schema. vigil sends only the request fields the docs
 * name (a POST whose fields they leave unstated gets `{}`), and hands the answer back as
 * the upstream sent it: `--json` prints it unchanged, a table shows what it can read.
 */

/** `documented`: the docs give the answer's fields; `unstated`: they give none, so vigil reads whatever comes. */
export type ResponseSchema = 'documented' | 'unstated';

export interface PlatformRead {
  method: 'GET' | 'POST';
  /** A PATHS template; `{slug}` is filled (escaped) from the input's pathSlug. */
  path: string;
  schema: ResponseSchema;
}

export const PLATFORM_READS = {
  organizationMetrics: {method: 'GET', path: PATHS.organizationMetrics, schema: 'documented'},
  metricsSummary: {method: 'POST', path: PATHS.metricsSummary, schema: 'unstated'},
  metricsFound: {method: 'POST', path: PATHS.metricsFound, schema: 'unstated'},
  queuesSnapshot: {method: 'POST', path: PATHS.queuesSnapshot, schema: 'unstated'},
  userMe: {method: 'POST', path: PATHS.userMe, schema: 'unstated'},
  userOrgs: {method: 'POST', path: PATHS.userOrgs, schema: 'unstated'},
  userOrg: {method: 'GET', path: PATHS.userOrg, schema: 'unstated'},
  organizationAssets: {method: 'GET', path: PATHS.organizationAssets, schema: 'documented'},
  organizationAssetGroups: {method: 'GET', path: PATHS.organizationAssetGroups, schema: 'documented'},
  organizationBrands: {method: 'GET', path: PATHS.organizationBrands, schema: 'unstated'},
} as const satisfies Record<string, PlatformRead>;

export type PlatformReadName = keyof typeof PLATFORM_READS;

/** What one read sends: query parameters (GET) or body fields (POST), each under a documented name. */
export interface PlatformReadInput {
  query?: Readonly<Record<string, string | undefined>>;
  body?: Readonly<Record<string, unknown>>;
  /** Fills `{slug}` in the path. */
  pathSlug?: string;
}

/** The request of one read: the path filled, the query without unset parameters, the body of a POST (`{}` when none is named). */
export function platformReadRequest(name: PlatformReadName, input: PlatformReadInput): {method: 'GET' | 'POST'; path: string; searchParams?: URLSearchParams; json?: unknown} {
  const read: PlatformRead = PLATFORM_READS[name];
  const path = read.path.replace('{slug}', () => encodeURIComponent(input.pathSlug ?? ''));
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) if (value !== undefined) params.set(key, value);
  return {
    method: read.method,
    path,
    ...([...params.keys()].length > 0 ? {searchParams: params} : {}),
    ...(read.method === 'POST' ? {json: input.body ?? {}} : {}),
  };
}

/** `GET organization/brands`, for messages. */
export function platformReadWhat(name: PlatformReadName): string {
  const read: PlatformRead = PLATFORM_READS[name];
  return `${read.method} ${read.path}`;
}

/** Documented page bounds of GET /organization/assets (`per_page`). */
export const ORG_ASSETS_PAGE_MAX = 1000;

/** The documented query names of GET /organization/assets (docs/contract.md#the-organizations-allowlist). */
export const ORG_ASSETS_QUERY = {type: 'type', groupId: 'groupId', query: 'query', perPage: 'per_page', nextPage: 'next_page'} as const;

/** The documented query names of GET /organization/metrics. */
export const ORG_METRICS_QUERY = {brandSlug: 'brandSlug', from: 'startDate', to: 'endDate'} as const;
