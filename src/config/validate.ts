/**
 * The rules for each setting, shared by flags, environment variables and the saved files so
 * a value is accepted or refused the same way wherever it comes from. Each returns the
 * normalised value or a message; callers name the field (flag, variable or file and key).
 * Messages never repeat the value of a key.
 */
import {checkBaseUrl as guardBaseUrl} from '../api/url-guard.js';
import {InputError} from '../errors.js';

export type Checked = {ok: true; value: string} | {ok: false; message: string};

// Bidi controls too: an org or key must read the same in every terminal.
const CONTROL_OR_SPACE = /[\s\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * The client's rules for a base URL (src/api/url-guard.ts: http(s), no credentials, query or
 * fragment, plain http only to loopback), applied where the value enters, so a URL the
 * client would refuse is not saved in the first place. Stored without trailing slashes:
 * `https://h/api/v2/` and `https://h/api/v2` are the same setting.
 */
export function checkBaseUrl(raw: string): Checked {
  const text = raw.trim();
  if (text === '') return {ok: false, message: 'is empty'};
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) return {ok: false, message: 'is not a URL: start it with https:// (or http:// for a local sandbox)'};
  try {
    return {ok: true, value: guardBaseUrl(text).href.replace(/\/+$/, '')};
  } catch (error) {
    if (error instanceof InputError && error.problems[0]) return {ok: false, message: error.problems[0].message};
    throw error;
  }
}

/**
 * What an upstream org slug can be: letters, digits, ".", "_", "-", starting with a letter or
 * digit. Slugs go into commands vigil suggests, Redis keys, scheduler ids and metric labels;
 * anything else (`acme;touch${IFS}pwned;#`) is no org of the upstream's.
 */
export const ORG_SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export const ORG_SLUG_RULE = 'must be an org slug: letters, digits, ".", "_", "-", starting with a letter or digit; at most 100';

/** A slug of the upstream's shape. The upstream decides whether it exists. */
export function checkOrg(raw: string): Checked {
  const text = raw.trim();
  if (text === '') return {ok: false, message: 'is empty'};
  // The value is not repeated: it may be a key pasted into the wrong place.
  if (!ORG_SLUG.test(text)) return {ok: false, message: ORG_SLUG_RULE};
  return {ok: true, value: text};
}

/**
 * An API key goes into a header: no spaces, line breaks or control characters (a pasted
 * key with a trailing newline is trimmed first).
 */
export function checkApiKey(raw: string): Checked {
  const text = raw.trim();
  if (text === '') return {ok: false, message: 'is empty'};
  if (CONTROL_OR_SPACE.test(text)) return {ok: false, message: 'contains spaces, line breaks or control characters (paste one key only)'};
  if (text.length > 4096) return {ok: false, message: 'is longer than 4096 characters'};
  return {ok: true, value: text};
}
