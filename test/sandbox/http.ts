import {startSandbox, type Sandbox, type SandboxOptions} from '../../src/sandbox/server.js';

export const ALL_KEY = 'test-all-orgs-key';
export const SCOPED_KEY = 'test-scoped-acme-key';
/** A fixed clock: windows and timestamps in assertions are exact. */
export const NOW = Date.parse('2026-06-01T12:00:00.000Z');
export const HOUR = 3_600_000;

export interface Reply<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface Caller {
  sandbox: Sandbox;
  /** `path` is relative to /api/v2 unless it starts with '/'. */
  call<T = any>(method: string, path: string, options?: {body?: unknown; raw?: string; key?: string | null; contentType?: string}): Promise<Reply<T>>;
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<Caller> {
  const sandbox = await startSandbox({port: 0, now: () => NOW, keys: {allOrgs: ALL_KEY, scoped: SCOPED_KEY, scopedOrg: 'acme'}, ...options});
  return {
    sandbox,
    async call(method, path, options = {}) {
      const url = path.startsWith('/') ? `${sandbox.origin}${path}` : `${sandbox.url}/${path}`;
      const headers: Record<string, string> = {};
      const key = options.key === undefined ? ALL_KEY : options.key;
      if (key !== null) headers['x-api-key'] = key;
      let body: string | undefined;
      if (options.raw !== undefined) body = options.raw;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
      const response = await fetch(url, {method, headers, ...(body === undefined ? {} : {body})});
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return {status: response.status, body: parsed as any, text, headers: response.headers};
    },
  };
}
