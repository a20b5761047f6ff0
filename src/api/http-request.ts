import http, {type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders} from 'node:http';
import https from 'node:https';
import type {Socket} from 'node:net';
import {InterruptedError} from '../errors.js';
import {CappedBody, type ResponseTooLargeError} from './body-cap.js';
import {NetworkFailure, networkFailure, type TransportOptions} from './http.js';

/*
 * One request and its whole response on node:http / node:https, with the connect, response
 * and whole-exchange timeouts, Ctrl+C and the body cap. It settles with the response or a
 * safe error (NetworkFailure, ResponseTooLargeError, InterruptedError), never with one of
 * Node's errors. A worker sends hundreds of these a second, so an exchange is one object
 * with one timer: the listeners are shared functions that find it on the request, not
 * closures made per request.
 */

export interface Exchange {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** The body as received (still compressed). */
  raw: Buffer;
}

export type Exchanger = (method: string, path: string, headers: OutgoingHttpHeaders, body: Buffer | undefined, signal: AbortSignal) => Promise<Exchange>;

// Keep-alive, like Node's global agents. An idle socket is unref'd by the agent, so it never
// keeps a finished CLI alive, and it is closed after `timeout`, or a second before the
// server's Keep-Alive hint says the server will: reusing a socket the server is closing
// fails as a reset, which a report creation would have to call "may have been sent".
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

/** What every exchange of one transport shares. */
interface Target {
  request: typeof http.request;
  options: {agent: http.Agent; hostname: string; port: string | number};
  /** For messages: host[:port]. */
  host: string;
  connectedEvent: 'connect' | 'secureConnect';
  connectTimeoutMs: number;
  timeoutMs: number;
  maxResponseBytes: number;
}

/** Every exchange goes to `origin`: a redirect elsewhere is refused before it is followed. */
export function createExchanger(origin: URL, settings: Pick<TransportOptions, 'connectTimeoutMs' | 'timeoutMs' | 'maxResponseBytes'>): Exchanger {
  const secure = origin.protocol === 'https:';
  agents ??= {http: new http.Agent(AGENT_OPTIONS), https: new https.Agent(AGENT_OPTIONS)};
  const target: Target = {
    request: secure ? https.request : http.request,
    // URL keeps the brackets of an IPv6 host; the socket wants the bare address.
    options: {agent: secure ? agents.https : agents.http, hostname: origin.hostname.replace(/^\[(.*)\]$/, '$1'), port: origin.port || (secure ? 443 : 80)},
    host: origin.host,
    connectedEvent: secure ? 'secureConnect' : 'connect',
    connectTimeoutMs: settings.connectTimeoutMs,
    timeoutMs: settings.timeoutMs,
    maxResponseBytes: settings.maxResponseBytes,
  };
  return (method, path, headers, body, signal) => new PendingExchange(target, signal).start(method, path, headers, body);
}

const EXCHANGE = Symbol('vigil.exchange');
/** A request or response, with the exchange it belongs to. */
interface Carrier {
  [EXCHANGE]?: PendingExchange;
}

class PendingExchange {
  private phase = Phase.Connect;
  private readonly startedAt = performance.now();
  /** When the current phase times out; the timer may be due earlier (see timedOut). */
  private deadline: number;
  private due: number;
  private timer: NodeJS.Timeout | undefined;
  private settled = false;
  private req: ClientRequest | undefined;
  private response: IncomingMessage | undefined;
  private readonly cap: CappedBody;
  private resolve!: (exchange: Exchange) => void;
  private reject!: (error: Error) => void;

  constructor(
    private readonly target: Target,
    private readonly signal: AbortSignal,
  ) {
    this.deadline = this.due = this.startedAt + target.connectTimeoutMs;
    this.cap = new CappedBody(target.maxResponseBytes, target.host);
  }

  start(method: string, path: string, headers: OutgoingHttpHeaders, body: Buffer | undefined): Promise<Exchange> {
    const promise = new Promise<Exchange>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    if (this.signal.aborted) {
      this.settle(new InterruptedError());
      return promise;
    }
    let req: ClientRequest & Carrier;
    try {
      req = this.target.request({...this.target.options, method, path, headers});
    } catch (error) {
      this.settle(networkFailure(error, this.target.host));
      return promise;
    }
    this.req = req;
    req[EXCHANGE] = this;
    req.on('error', onError);
    req.on('socket', onSocket);
    req.on('response', onResponse);
    this.timer = setTimeout(onTimer, this.target.connectTimeoutMs, this);
    this.timer.unref();
    // The abort listener is this object (handleEvent): nothing to allocate for it.
    this.signal.addEventListener('abort', this);
    req.end(body);
    return promise;
  }

  /** Ctrl+C, as an EventListener of the signal. */
  handleEvent(): void {
    this.settle(new InterruptedError());
  }

  fail(error: unknown): void {
    this.settle(error instanceof NetworkFailure ? error : networkFailure(error, this.target.host));
  }

  assigned(socket: Socket, reused: boolean): void {
    // A reused keep-alive socket has no connect phase. A new one is rare enough for a closure.
    if (reused) this.connected();
    else socket.once(this.target.connectedEvent, () => this.connected());
  }

  private connected(): void {
    if (this.phase === Phase.Connect) this.moveTo(Phase.Response, performance.now() + this.target.timeoutMs);
  }

  responded(res: IncomingMessage & Carrier): void {
    this.response = res;
    res[EXCHANGE] = this;
    res.on('error', onError);
    this.moveTo(Phase.Body, this.startedAt + this.target.connectTimeoutMs + this.target.timeoutMs);
    const tooLarge = this.cap.refuse(res.headers['content-length']);
    if (tooLarge) {
      this.settle(tooLarge);
      return;
    }
    res.on('data', onData);
    res.on('end', onEnd);
  }

  received(chunk: Buffer): void {
    const tooLarge = this.cap.add(chunk);
    if (tooLarge) this.settle(tooLarge);
  }

  ended(): void {
    const res = this.response;
    if (this.settled || !res) return;
    this.settle(undefined);
    const status = res.statusCode ?? 0;
    this.resolve({status, statusText: res.statusMessage || http.STATUS_CODES[status] || '', headers: res.headers, raw: this.cap.bytes()});
  }

  timedOut(): void {
    this.timer = undefined;
    // Set for an earlier deadline than the current phase's: wait for the rest.
    if (this.deadline - performance.now() >= 1) {
      this.arm(this.deadline);
      return;
    }
    const {host, connectTimeoutMs, timeoutMs} = this.target;
    this.settle(
      this.phase === Phase.Connect
        ? new NetworkFailure('ETIMEDOUT', 'not-sent', `could not connect to ${host} within ${connectTimeoutMs} ms`)
        : new NetworkFailure('ETIMEDOUT', 'maybe-sent', `no response from ${host} within ${timeoutMs} ms`),
    );
  }

  private moveTo(phase: Phase, deadline: number): void {
    if (this.settled) return;
    this.phase = phase;
    this.deadline = deadline;
    if (deadline < this.due) this.arm(deadline);
  }

  private arm(at: number): void {
    clearTimeout(this.timer);
    this.due = at;
    this.timer = setTimeout(onTimer, Math.max(0, at - performance.now()), this);
    this.timer.unref();
  }

  /** Settles once: with an error the request is destroyed, socket included (its state is unknown). */
  private settle(error: NetworkFailure | ResponseTooLargeError | InterruptedError | undefined): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.signal.removeEventListener('abort', this);
    if (!error) return;
    // The error events this raises land in onError, which ignores them now.
    this.req?.destroy();
    this.reject(error);
  }
}

// Listeners shared by every exchange: `this` is the request or response carrying it.
function onError(this: Carrier, error: unknown): void {
  this[EXCHANGE]?.fail(error);
}

function onSocket(this: ClientRequest & Carrier, socket: Socket): void {
  this[EXCHANGE]?.assigned(socket, this.reusedSocket);
}

function onResponse(this: Carrier, res: IncomingMessage): void {
  this[EXCHANGE]?.responded(res);
}

function onData(this: Carrier, chunk: Buffer): void {
  this[EXCHANGE]?.received(chunk);
}

function onEnd(this: Carrier): void {
  this[EXCHANGE]?.ended();
}

function onTimer(exchange: PendingExchange): void {
  exchange.timedOut();
}
