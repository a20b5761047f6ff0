/** Value sets of docs/contract.md#value-sets and docs/contract.md#asset-types, shared by client, CLI and sandbox. */

export const REPORT_STATUSES = ['TODO', 'IN_PROGRESS', 'CLOSED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REVIEW_DECISIONS = ['APPROVE', 'REJECT', 'SKIP', 'ESCALATE'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const ASSET_STATUSES = ['BLOCKED', 'ALLOWED', 'UNKNOWN'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const ACTOR_KINDS = ['human', 'automation'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const SEVERITIES = ['ok', 'warn', 'fail'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const HEALTHCHECK_CATEGORIES = [
  'detection',
  'reviewing',
  'blocklisting',
  'takedowns',
  'assets',
  'organization',
] as const;

/** The social and messaging group (docs/contract.md#asset-types). */
export const SOCIAL_ASSET_TYPES = [
  'TWITTER', 'TELEGRAM', 'DISCORD_USER', 'DISCORD', 'FACEBOOK', 'INSTAGRAM', 'THREADS',
  'TIKTOK', 'YOUTUBE', 'REDDIT', 'LINKEDIN', 'WHATSAPP', 'MEDIUM', 'FARCASTER', 'BLUESKY',
  'SNAPCHAT', 'PINTEREST', 'PATREON', 'SUBSTACK', 'QUORA', 'PRIMAL', 'DESO', 'TWITCH',
] as const;

/** The rest of the upstream's list (docs/contract.md#asset-types). */
export const OTHER_ASSET_TYPES = [
  'URL', 'PAGE', 'ADDRESS', 'EMAIL', 'GITHUB', 'IPFS', 'OPENSEA', 'DEBANK', 'GOOGLE_FORM',
  'JOTFORM', 'TAWK_TO', 'TEACHABLE', 'ARCHIVE_ORG', 'GOOGLE_APP_STORE', 'APPLE_APP_STORE',
  'AMAZON_APP_STORE', 'MICROSOFT_APP_STORE', 'CHROME_WEB_STORE', 'MOZILLA_ADDONS',
  'OPERA_ADDONS',
] as const;

export const KNOWN_ASSET_TYPES: readonly string[] = [...SOCIAL_ASSET_TYPES, ...OTHER_ASSET_TYPES];
export const DEPRECATED_ASSET_TYPES: Readonly<Record<string, string>> = {
  DISCORD: 'DISCORD (servers) is deprecated upstream; use DISCORD_USER for users',
};


/**
 * Takedown states the upstream names (docs/contract.md#listing-takedowns); its list ends in
 * "..." (not complete), so `takedowns list` sends another value with a warning.
 */
export const TAKEDOWN_STATUSES = ['TODO', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'PENDING_INPUT'] as const;

/** An asset's liveness on a takedown (docs/contract.md#listing-takedowns), complete as documented. */
export const LIVENESS_STATUSES = ['ALIVE', 'DEAD', 'UNKNOWN'] as const;
