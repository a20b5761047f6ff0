import http, {type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders} from 'node:http';
import https from 'node:https';
import type {Socket} from 'node:net';
import {InterruptedError} from '../errors.js';
import {CappedBody, type ResponseTooLargeError} from './body-cap.js';
import {NetworkFailure, networkFailure, type TransportOptions} from './http.js';

/*
 * One request and its whole response on node:http / node:https, with the connect, response
 * and whole-exchange timeouts, Ctrl+C and the body cap. It settles with the response or a
 * safe error (NetworkFailure, ResponseTooLargeError, InterruptedError), never with one of
 * Node's errors. A worker sends hundreds of these a second, so the path is kept lean:
 * static options per origin, one timer per exchange, no trace work here.
 */

export interface Exchange {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** The body as received (still compressed). */
  raw: Buffer;
}

export type Exchanger = (method: string, path: string, headers: OutgoingHttpHeaders, body: Buffer | undefined, signal: AbortSignal) => Promise<Exchange>;

// Keep-alive, as Node's global agents: a worker reuses its connections, and an idle socket
// is unref'd by the agent, so it never keeps a finished CLI process alive. The server's
// Keep-Alive hint shortens the idle time; `timeout` bounds it otherwise.
const AGENT_OPTIONS = {keepAlive: true, scheduling: 'lifo', timeout: 5_000} as const;
let agents: {http: http.Agent; https: https.Agent} | undefined;

const enum Phase {
  /** DNS, TCP and TLS: a failure here means nothing was sent. */
  Connect,
  /** Sent, waiting for the response headers. */
  Response,
  /** Reading the body, within the cap on the whole exchange. */
  Body,
}

/** Every exchange goes to `origin`: a redirect elsewhere is refused before it is followed. */
export function createExchanger(origin: URL, options: Pick<TransportOptions, 'connectTimeoutMs' | 'timeoutMs' | 'maxResponseBytes'>): Exchanger {
  const {connectTimeoutMs, timeoutMs, maxResponseBytes} = options;
  const secure = origin.protocol === 'https:';
  agents ??= {http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS)};
  const request = secure ? https.request : http.request;
  const base = {
    agent: secure ? agents.https : agents.http,
    // URL keeps the brackets of an IPv6 host; the socket wants the bare address.
    hostname: origin.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: origin.port || (secure ? 443 : 80),
  };
  const host = origin.host;
  const connectedEvent = secure ? 'secureConnect' : 'connect';

  return (method, path, headers, body, signal) =>
    new Promise<Exchange>((resolve, reject) => {
      if (signal.aborted) {
        reject(new InterruptedError());
        return;
      }
      const startedAt = performance.now();
      let phase = Phase.Connect;
      // One timer for every phase: it is set for the earliest deadline, and when it fires
      // early (the phase moved on, with a later deadline) it is set again for the rest.
      let deadline = startedAt + connectTimeoutMs;
      let due = deadline;
      let timer = setTimeout(onTimer, connectTimeoutMs);
      timer.unref();
      let settled = false;
      const cap = new CappedBody(maxResponseBytes, host);
      let response: IncomingMessage | undefined;

      function finish(): boolean {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        return true;
      }
      function fail(error: NetworkFailure | ResponseTooLargeError | InterruptedError): void {
        if (!finish()) return;
        // Destroys the socket too: its connection is in an unknown state. The error events
        // this raises land in onError, which ignores them now.
        req.destroy();
        reject(error);
      }
      function moveTo(next: Phase, at: number): void {
        phase = next;
        deadline = at;
        if (at < due) arm(at);
      }
      function arm(at: number): void {
        clearTimeout(timer);
        due = at;
        timer = setTimeout(onTimer, Math.max(0, at - performance.now()));
        timer.unref();
      }
      function onTimer(): void {
        if (deadline - performance.now() >= 1) {
          arm(deadline);
          return;
        }
        fail(
          phase === Phase.Connect
            ? new NetworkFailure('ETIMEDOUT', 'not-sent', `could not connect to ${host} within ${connectTimeoutMs} ms`)
            : new NetworkFailure('ETIMEDOUT', 'maybe-sent', `no response from ${host} within ${timeoutMs} ms`),
        );
      }
      function onAbort(): void {
        fail(new InterruptedError());
      }
      function onError(error: unknown): void {
        fail(networkFailure(error, host));
      }
      function onConnected(): void {
        if (phase === Phase.Connect) moveTo(Phase.Response, performance.now() + timeoutMs);
      }
      function onData(chunk: Buffer): void {
        const tooLarge = cap.add(chunk);
        if (tooLarge) fail(tooLarge);
      }
      function onEnd(): void {
        if (!finish() || !response) return;
        resolve({status: response.statusCode ?? 0, statusText: response.statusMessage || http.STATUS_CODES[response.statusCode ?? 0] || '', headers: response.headers, raw: cap.bytes()});
      }

      let req: http.ClientRequest;
      try {
        req = request({...base, method, path, headers});
      } catch (error) {
        finish();
        reject(networkFailure(error, host));
        return;
      }
      req.on('error', onError);
      // A reused keep-alive socket has no connect phase.
      req.on('socket', (socket: Socket) => (req.reusedSocket ? onConnected() : socket.once(connectedEvent, onConnected)));
      req.on('response', (res: IncomingMessage) => {
        response = res;
        res.on('error', onError);
        moveTo(Phase.Body, startedAt + connectTimeoutMs + timeoutMs);
        const tooLarge = cap.refuse(res.headers['content-length']);
        if (tooLarge) {
          fail(tooLarge);
          return;
        }
        res.on('data', onData);
        res.on('end', onEnd);
      });
      signal.addEventListener('abort', onAbort);
      req.end(body);
    });
}
