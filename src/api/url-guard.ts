import {isIP} from 'node:net';
import {InputError} from '../errors.js';

/*
 * The base URL decides where the API key goes, so it is checked before anything is sent:
 * a key over plain http to another machine can be read by anyone on the path.
 */

const BASE_URL_FIELD = '--base-url';
const BASE_URL_HINT = 'pass --base-url https://<host>/api/v2, set VIGIL_BASE_URL, or run `vigil config set base-url <url>`';

/** 127.0.0.0/8, ::1 (and its IPv4-mapped forms) and `localhost` never leave the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host === 'localhost.') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) {
    if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
    // WHATWG URL writes ::ffff:127.0.0.1 as ::ffff:7f00:1; the high byte 0x7f is 127.
    const mapped = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(host);
    if (mapped?.[1]) return parseInt(mapped[1], 16) >> 8 === 127;
    const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (dotted?.[1]) return dotted[1].startsWith('127.');
  }
  return false;
}

/**
 * Validates the configured base URL and returns it with exactly one trailing slash, so that
 * the transport's paths join under it (`https://x/api/v2` and `https://x/api/v2/` are the same API).
 * Throws InputError naming --base-url (exit 3, nothing sent).
 */
export function checkBaseUrl(raw: string): URL {
  const problem = (message: string) => new InputError([{field: BASE_URL_FIELD, message}], BASE_URL_HINT);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw problem(`not a valid URL: ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw problem(`must start with https:// (got ${url.protocol}//)`);
  }
  // Credentials in the URL would be sent as Basic auth and printed by --debug.
  if (url.username !== '' || url.password !== '') {
    throw problem('must not contain a user name or password; the API key is configured separately');
  }
  if (url.search !== '' || url.hash !== '') {
    throw problem('must not contain a query string or fragment');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw problem(
      `refusing to send the API key over plain http to ${url.hostname}; use https:// (plain http is only allowed for localhost, 127.0.0.0/8 and ::1)`,
    );
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/**
 * The base URL to try for one that does not end in /api/v2 (no trailing slash): another
 * API version or a bare /api is replaced (`.../api/v1` -> `.../api/v2`, not
 * `.../api/v1/api/v2`), anything else gets /api/v2 appended.
 */
export function suggestedBaseUrl(trimmed: string): string {
  return /\/api(\/v\d+)?$/i.test(trimmed) ? trimmed.replace(/\/api(\/v\d+)?$/i, '/api/v2') : `${trimmed}/api/v2`;
}
