import {InterruptedError} from '../errors.js';
import type {Transport, TransportOptions} from './exchange.js';

/*
 * The transport: one call to the upstream through got, retries included (got's `retry`
 * with vigil's per-endpoint policy), and nothing else: status handling and parsing live in
 * client.ts and answers.ts, what it takes and returns in exchange.ts, the failures it
 * throws in failures.ts. got itself lives in got-transport.ts, loaded on the first request,
 * so a run that sends nothing (help, --dry-run) loads no got.
 */

// got and the exchange are loaded on the first request, not at start-up: commands that send
// nothing (help, config, --dry-run) skip loading them. One import for the process, shared by
// every transport: under vitest's module runner a second import() started while the first
// was still evaluating got the module half-initialised ("Cannot access 'agents' before
// initialization" when two workers in one test process sent their first requests together).
let gotTransport: Promise<typeof import('./got-transport.js')> | undefined;

export function createTransport(options: TransportOptions): Transport {
  let loaded: Transport | undefined;
  let loading: Promise<Transport> | undefined;
  const load = async () => (loaded = (await (gotTransport ??= import('./got-transport.js'))).createGotTransport(options));
  return {
    async send(request) {
      if (request.signal.aborted) throw new InterruptedError();
      const transport = loaded ?? (await (loading ??= load()));
      return transport.send(request);
    },
  };
}
