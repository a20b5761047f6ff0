/*
 * docs/contract.md#searching-reports: the upstream matches asset content after normalising
 * it (lower-cased domains, URLs without scheme or trailing slash). The client uses the same
 * rule to tell which queried asset a search hit covers and to spot duplicate assets in a
 * create body; the sandbox matches with it. One rule, kept beside the other wire facts.
 *
 * Everything before the first `/` is compared case-insensitively: that is the domain of a
 * URL, and also a handle (`@Acme_Support`) or an EVM address (`0xAbC...`, whose case is only
 * a checksum), which platforms treat case-insensitively too. Paths keep their case (video
 * ids and invite codes are case-sensitive).
 */
export function normalizeAssetContent(content: string): string {
  const text = content
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\/+$/, '');
  const slash = text.indexOf('/');
  return slash === -1 ? text.toLowerCase() : text.slice(0, slash).toLowerCase() + text.slice(slash);
}
