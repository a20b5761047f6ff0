import nock from 'nock';
import {afterEach, beforeEach} from 'vitest';

/** nock for every test of the file: nothing leaves the machine, and an interceptor never called fails the test (a request that should have been sent was not). */
export function useNock(options: {
  /** Lets real 127.0.0.1 servers through, for what nock cannot fake faithfully (timeouts, resets). */
  allowLoopback?: boolean;
  /** For files whose tests keep an interceptor ready precisely to show it is never called. */
  allowUnused?: boolean;
} = {}): void {
  const {allowLoopback = false, allowUnused = false} = options;
  beforeEach(() => {
    nock.disableNetConnect();
    if (allowLoopback) nock.enableNetConnect(host => host.startsWith('127.0.0.1'));
  });
  afterEach(() => {
    const unused = nock.pendingMocks();
    nock.cleanAll();
    nock.enableNetConnect();
    if (unused.length > 0 && !allowUnused) throw new Error(`interceptors set up but never called: ${unused.join(', ')}`);
  });
}
