import type {SandboxKeys} from './keys.js';
import type {Store} from './store.js';

/** What every route of one sandbox instance shares. */
export interface SandboxContext {
  store: Store;
  keys: SandboxKeys;
  /** Epoch ms; tests pin it to make windows and timestamps exact. */
  now: () => number;
  /** `http://host:port` once listening (the healthcheck's appUrl points here). */
  origin: () => string;
  bodyLimit: number;
  /** Reviews each org may make per rolling 24 hours (docs/contract.md#rate-limits-and-retries: 10; `--review-limit`). */
  reviewLimit: number;
  /** Failures queued by the admin route for the next API requests (client retry tests). */
  faults: Fault[];
}

export interface Fault {
  /** 500 thrown as a real exception (the error handler must hide it), or a plain status. */
  status: 429 | 500 | 502 | 503;
  /** Only requests whose path (after /api/v2) starts with this; '' for any. */
  pathPrefix: string;
  remaining: number;
}

/** Where the real API lives; admin and meta routes stay outside it. */
export const API_PREFIX = '/api/v2';
export const ADMIN_PREFIX = '/_sandbox';
