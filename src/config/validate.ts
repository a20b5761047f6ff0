/**
 * The rules for each setting, shared by flags, environment variables and the saved files so
 * a value is accepted or refused the same way wherever it comes from. Each returns the
 * normalised value or a message; callers name the field (flag, variable or file and key).
 * Messages never repeat the value of a key.
 */
export type Checked = {ok: true; value: string} | {ok: false; message: string};

// Bidi controls too: an org or key must read the same in every terminal.
const CONTROL_OR_SPACE = /[\s\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * An http(s) URL without credentials, query or fragment; trailing slashes dropped so
 * `https://h/api/v2/` and `https://h/api/v2` are the same setting.
 */
export function checkBaseUrl(raw: string): Checked {
  const text = raw.trim();
  if (text === '') return {ok: false, message: 'is empty'};
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {ok: false, message: /^[a-z][a-z0-9+.-]*:/i.test(text) ? 'is not a valid URL' : 'is not a URL: start it with https:// (or http:// for a local sandbox)'};
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {ok: false, message: `must be an http(s) URL, not ${url.protocol.slice(0, -1)}:`};
  }
  if (url.username !== '' || url.password !== '') {
    return {ok: false, message: 'must not contain a user name or password (the API key is sent as a header)'};
  }
  if (url.search !== '' || url.hash !== '') return {ok: false, message: 'must not contain a query (?) or fragment (#)'};
  return {ok: true, value: url.href.replace(/\/+$/, '')};
}

/** A slug: one word, printable, no spaces. The upstream decides whether it exists. */
export function checkOrg(raw: string): Checked {
  const text = raw.trim();
  if (text === '') return {ok: false, message: 'is empty'};
  if (CONTROL_OR_SPACE.test(text)) return {ok: false, message: 'must be one word without spaces or control characters'};
  if (text.length > 200) return {ok: false, message: 'is longer than 200 characters'};
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
