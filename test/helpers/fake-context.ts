import nock from 'nock';
import {contextFrom, type CommandContext} from '../../src/cli/context.js';
import type {Settings, SettingSource} from '../../src/config/settings.js';
import {fakeIO, type FakeIO} from './fake-io.js';

/** The base URL nock intercepts in these tests (https: the client refuses a key over remote http). */
export const BASE_URL = 'https://api.vigil.test/api/v2';
export const API_KEY = 'test-key-0123456789';

export interface FakeContextOptions {
  tty?: boolean;
  org?: string;
  orgSource?: SettingSource;
  apiKey?: string | null;
  baseUrl?: string | null;
  signal?: AbortSignal;
  /** Default NO_COLOR=1, so assertions read plain text. */
  env?: NodeJS.ProcessEnv;
  /** The terminal's width when tty. Default 120. */
  columns?: number;
}

/**
 * The context the CLI builds (contextFrom in src/cli/context.ts, so errors, hints and the
 * client's options are the real ones), from settings given directly: a fixed clock, and a
 * client that does not retry unless a test asks.
 */
export function fakeContext(options: FakeContextOptions = {}): CommandContext & {io: FakeIO} {
  const io = fakeIO({tty: options.tty ?? false, columns: options.columns ?? 120, env: options.env ?? {NO_COLOR: '1'}});
  const apiKey = options.apiKey === undefined ? API_KEY : options.apiKey;
  const baseUrl = options.baseUrl === undefined ? BASE_URL : options.baseUrl;
  const settings: Settings = {
    configDir: '/nonexistent/vigil',
    ...(apiKey === null ? {} : {apiKey: {value: apiKey, source: 'env'}}),
    ...(baseUrl === null ? {} : {baseUrl: {value: baseUrl, source: 'env'}}),
    ...(options.org === undefined ? {} : {org: {value: options.org, source: options.orgSource ?? 'env'}}),
  };
  const signal = options.signal ?? new AbortController().signal;
  const ctx = contextFrom(settings, {flags: {}, io, signal, now: () => new Date('2026-11-22T00:00:00Z'), clientDefaults: {retries: 0}});
  return {...ctx, io};
}

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/**
 * Intercepts `times` requests to `path` (relative to BASE_URL) with nock, answering each
 * with the next of `replies` (the last one repeats), and records what was sent.
 */
export function interceptApi(
  method: 'GET' | 'POST',
  path: string,
  replies: Array<{status?: number; body: unknown}>,
  times = replies.length,
): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const origin = new URL(BASE_URL).origin;
  const fullPath = `${new URL(BASE_URL).pathname}/${path}`;
  const scope = nock(origin);
  const interceptor = method === 'GET' ? scope.get(fullPath).query(true) : scope.post(fullPath);
  interceptor.times(times).reply(function (this: {req: {headers: Record<string, string | string[] | undefined>}}, uri: string, body: unknown) {
    const url = new URL(uri, origin);
    seen.push({method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: {...this.req.headers}, body});
    const reply = replies[Math.min(seen.length - 1, replies.length - 1)]!;
    return [reply.status ?? 200, JSON.stringify(reply.body), {'content-type': 'application/json'}];
  });
  return seen;
}
