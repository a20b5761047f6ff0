/*
 * CONTRACT.md (POST /reports/search): the upstream matches asset content after normalising
 * it (lower-cased domains, URLs without scheme or trailing slash). The client uses the same
 * rule to tell which queried asset a search hit covers and to spot duplicate assets in a
 * create body; the sandbox uses it to match. One rule, kept beside the other wire facts.
 */

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** `example.com`, `sub.example.co.uk:8443`: a host a URL or bare domain starts with. */
const HOST = /^(?:[a-z0-9-]+\.)+[a-z][a-z0-9-]*\.?(?::\d+)?$/i;

export function normalizeAssetContent(content: string): string {
  let text = content.trim();
  const hadScheme = SCHEME.test(text);
  text = text.replace(SCHEME, '');
  const end = text.search(/[/?#]/);
  const host = end === -1 ? text : text.slice(0, end);
  const rest = end === -1 ? '' : text.slice(end);
  // Only a domain is case-insensitive: handles, addresses and paths keep their case.
  if (hadScheme || HOST.test(host)) text = host.toLowerCase() + rest;
  return text.replace(/\/+$/, '');
}
