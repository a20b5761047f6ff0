/**
 * A result's `appUrl` (the upstream's link to its own page for the check) is kept only when
 * it is an http(s) URL of at most MAX_APP_URL_BYTES: it is stored with every run, read by
 * every replica and shown in the board's detail, and an upstream that sent 8 MB there had it
 * stored as is and rewritten on every run (20 MB made the detail take seconds). Anything
 * else is dropped, at write and at read (an older vigil, or someone else, may have stored
 * it), and counted: vigil_check_app_url_dropped_total.
 */

export const MAX_APP_URL_BYTES = 2048;

/** Whether `url` may be stored and shown as a result's link. */
export function isKeptAppUrl(url: string): boolean {
  // Length first: Buffer.byteLength and URL parsing of 8 MB are the cost this bounds.
  if (url.length > MAX_APP_URL_BYTES || Buffer.byteLength(url, 'utf8') > MAX_APP_URL_BYTES) return false;
  if (!URL.canParse(url)) return false;
  const {protocol} = new URL(url);
  return protocol === 'https:' || protocol === 'http:';
}

/** Dropped appUrls, counted since the process started: where they were dropped. */
export interface AppUrlDrops {
  write: number;
  read: number;
}
