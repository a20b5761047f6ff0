/**
 * How the upstream compares asset contents (CONTRACT.md, reports search): the scheme and
 * trailing slashes of a URL do not matter and domains are case-insensitive, so
 * `HTTPS://Evil.Example/` and `evil.example` are the same asset. Paths keep their case
 * (video ids, invite codes are case-sensitive).
 */
export function normalizeAssetContent(content: string): string {
  let text = content.trim();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  text = text.replace(/\/+$/, '');
  const slash = text.indexOf('/');
  if (slash === -1) return text.toLowerCase();
  return text.slice(0, slash).toLowerCase() + text.slice(slash);
}

const HOST_TYPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(www\.)?(twitter|x)\.com$/, 'TWITTER'],
  [/^(t\.me|telegram\.me)$/, 'TELEGRAM'],
  [/^(www\.)?discord\.(gg|com)$/, 'DISCORD_USER'],
  [/^(www\.|m\.)?facebook\.com$/, 'FACEBOOK'],
  [/^(www\.)?instagram\.com$/, 'INSTAGRAM'],
  [/^(www\.)?threads\.net$/, 'THREADS'],
  [/^(www\.)?tiktok\.com$/, 'TIKTOK'],
  [/^(www\.)?(youtube\.com|youtu\.be)$/, 'YOUTUBE'],
  [/^(www\.|old\.)?reddit\.com$/, 'REDDIT'],
  [/^(www\.)?linkedin\.com$/, 'LINKEDIN'],
  [/^(wa\.me|chat\.whatsapp\.com)$/, 'WHATSAPP'],
  [/^(www\.)?medium\.com$/, 'MEDIUM'],
  [/^(www\.)?twitch\.tv$/, 'TWITCH'],
  [/^(www\.)?github\.com$/, 'GITHUB'],
  [/^(www\.)?opensea\.io$/, 'OPENSEA'],
  [/^bsky\.app$/, 'BLUESKY'],
];

/** The type the sandbox assigns to a newly reported asset, from the shape of its content. */
export function inferAssetType(content: string): string {
  const normalized = normalizeAssetContent(content);
  if (/^[a-z0-9-]+:[a-z0-9-]+:0x[0-9a-f]+$/i.test(normalized) || /^0x[0-9a-f]{40}$/i.test(normalized)) return 'ADDRESS';
  if (/^[^@\s/]+@[^@\s/]+\.[a-z]{2,}$/i.test(normalized)) return 'EMAIL';
  if (/^ipfs:|^(bafy|qm)[a-z0-9]{20,}$/i.test(content.trim())) return 'IPFS';
  const host = normalized.split('/')[0] ?? '';
  for (const [pattern, type] of HOST_TYPES) {
    if (pattern.test(host)) return type;
  }
  return normalized.includes('/') ? 'PAGE' : 'URL';
}
