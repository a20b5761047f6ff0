import type {ClientRequest} from 'node:http';

/*
 * Since Node 24.20 and 26.7 (nodejs/node#64847), a request whose connection fails (refused,
 * or destroyed by got's connect timeout) first emits 'error' and then also calls the
 * callback of `request.end()` with a second error (ERR_SOCKET_CLOSED_BEFORE_CONNECTION,
 * ECANCELED). Older Nodes never call that callback for a failed request. got 14 turns that
 * second error into the failure of the whole call while its retry is already scheduled: a
 * refused connection is tried once instead of `--retries` times, and a connect timeout is
 * reported as "ECANCELED" (got issue #2469; fixed only in got 16, which needs Node 22).
 *
 * Given each request got creates (its 'request' event, before got ends it), this keeps
 * `end()`'s callback from being called with an error the request already reported through
 * 'error', as before Node 24.20: got's retry and error handling see the first, real error
 * only. Drop it once vigil moves to got 16.
 */
export function restoreEndCallback(request: ClientRequest): void {
  let failed = false;
  request.prependListener('error', () => {
    failed = true;
  });
  const end = request.end.bind(request) as (...args: unknown[]) => ClientRequest;
  request.end = ((...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error?: Error | null) => {
        if (error && failed) return;
        (last as (error?: Error | null) => void)(error);
      };
    }
    return end(...args);
  }) as ClientRequest['end'];
}
