import {redact} from '../secrets.js';

/*
 * How a call to the upstream can fail without an HTTP answer vigil accepts, as errors that
 * are safe to print and store. got's own errors never leave the transport: they carry the
 * request options, headers and so the key, so every failure is rebuilt as one of these,
 * from a code, a phase and URLs only. answers.ts turns them into what the user reads.
 */

/** Where in the exchange a network failure happened, which decides if a retry is safe. */
export type FailurePhase = 'not-sent' | 'maybe-sent';

/** A request that got no HTTP response. Safe to print: code, phase and a plain message. */
export class NetworkFailure extends Error {
  /** How many attempts the call took, set by the transport. */
  attempts = 1;
  constructor(
    readonly code: string,
    readonly phase: FailurePhase,
    message: string,
  ) {
    super(message);
    this.name = 'NetworkFailure';
    Object.defineProperty(this, 'attempts', {enumerable: false, writable: true});
  }
}

/** The upstream redirected to another origin; the key is not sent there. */
export class CrossOriginRedirect extends Error {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super(`the upstream redirected ${from} to another origin (${to})`);
    this.name = 'CrossOriginRedirect';
  }
}

/**
 * The upstream answered a POST with a redirect other than 303. Repeating the POST there
 * could act twice, so it is not followed: whether the first one acted is unknown.
 */
export class RedirectAfterPost extends Error {
  constructor(
    readonly status: number,
    readonly to: string,
  ) {
    super(`the upstream answered the POST with ${status} redirect to ${to}; vigil follows only a 303 after a POST, never repeats one`);
    this.name = 'RedirectAfterPost';
  }
}

/**
 * An answer of 2xx whose body could not be read (cut off, too large, undecodable): the
 * upstream acted, and what it answered is lost.
 */
export class UnreadableSuccess extends Error {
  constructor(
    readonly status: number,
    readonly problem: Error,
  ) {
    super(`the upstream answered ${status} but its answer could not be read (${problem.message})`);
    this.name = 'UnreadableSuccess';
  }
}

/** Codes that prove the request never reached the upstream: safe to repeat anything. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EADDRINUSE']);

/**
 * Rebuilds a Node or got error as one that holds no request: only its code is read, its
 * message is not reused. `sent` is what got's timings say; without them, the code decides.
 */
export function networkFailure(error: unknown, host: string, sent?: boolean): NetworkFailure {
  const code = readCode(error);
  const notSent = sent === undefined ? NOT_SENT_CODES.has(code) : !sent || NOT_SENT_CODES.has(code);
  return new NetworkFailure(code, notSent ? 'not-sent' : 'maybe-sent', redact(describeCode(code, host)));
}

/** A Node or got error's code, when it looks like one; never its message. */
export function readCode(error: unknown): string {
  const code = (error as {code?: unknown} | undefined)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? code : 'ERR_NETWORK';
}

function describeCode(code: string, host: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused by ${host}`;
    case 'ENOTFOUND':
      return `cannot resolve host ${host.replace(/:\d+$/, '')}`;
    case 'EAI_AGAIN':
      return `DNS lookup for ${host.replace(/:\d+$/, '')} failed (temporary)`;
    case 'ECONNRESET':
      return `connection reset by ${host}`;
    case 'ERR_TOO_MANY_REDIRECTS':
      return `too many redirects from ${host}`;
    default:
      if (/CERT|SSL|TLS/.test(code)) return `TLS error talking to ${host} (${code})`;
      return `request to ${host} failed (${code})`;
  }
}
