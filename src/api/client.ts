import type {
  CreateReportRequest,
  CreateReportResponse,
  HealthcheckResult,
  ListReportsFilters,
  ListReportsResult,
  SearchReportsRequest,
  SearchReportsResult,
} from './wire/index.js';

/** How the client talks to the upstream. */
export interface ApiClientOptions {
  /** Base URL, ending in `/api/v2`. Required. */
  baseUrl: string;
  /** Sent as `X-API-KEY`. Without it every call throws CredentialsError before sending. */
  apiKey?: string;
  /** Called with one line per attempt (method, URL, status, ms; key redacted). Default: none. */
  debug?: (line: string) => void;
  /** Milliseconds to establish a connection. Default: 5000. */
  connectTimeoutMs?: number;
  /** Milliseconds for a whole response after the request is sent. Default: 30000. */
  timeoutMs?: number;
  /** Retries after the first attempt, for 5xx, 429, timeouts and resets. Default: 3. */
  retries?: number;
  /** Upper bound of one backoff delay, including a Retry-After the upstream asked for. Default: 30000. */
  maxRetryDelayMs?: number;
  /** Aborts every in-flight and future request (Ctrl+C). Default: none. */
  signal?: AbortSignal;
  /** Sent as `User-Agent`. Default: `vigil/<version>`. */
  userAgent?: string;
}

/** Per-call overrides. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface ApiClient {
  createReport(body: CreateReportRequest, options?: CallOptions): Promise<CreateReportResponse>;
  listReports(filters: ListReportsFilters, options?: CallOptions): Promise<ListReportsResult>;
  searchReports(body: SearchReportsRequest, options?: CallOptions): Promise<SearchReportsResult>;
  /** Runs any `/healthchecks/...` check by id (e.g. `takedowns.cancelled-count`). */
  runHealthcheck(id: string, body: Record<string, unknown>, options?: CallOptions): Promise<HealthcheckResult>;
}

export function createApiClient(_options: ApiClientOptions): ApiClient {
  throw new Error('not implemented yet');
}
