import {normalizeAssetContent} from '../api/wire/index.js';

/*
 * Matching uses the wire module's normalizeAssetContent (one rule for client and sandbox);
 * this file only adds what a server needs on top: the type of a newly reported asset.
 */

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
