/**
 * Last line of defence for the API key and the Redis passwords: every line vigil writes to
 * stderr (errors, debug traces, logs) passes through `redact`, which masks each registered
 * secret wherever it appears, even inside an error message Node, a library or a server built.
 */
const secrets = new Map<string, string>();

/**
 * How a secret is masked in text: `partial` as `vigil auth status` shows the API key (first
 * 3, last 4: which key is in use, no more); `whole` as `***`, for a password, of which no
 * part may show.
 */
export type SecretMask = 'partial' | 'whole';

/** Secrets shorter than 4 characters are not masked in text: they would mangle every word they occur in. */
export function registerSecret(value: string | undefined, mask: SecretMask = 'partial'): void {
  if (!value || value.length < 4) return;
  secrets.set(value, mask === 'whole' || secrets.get(value) === '***' ? '***' : maskSecret(value));
  // Longest first: a secret that contains another is masked whole, not around the shorter one.
  const sorted = [...secrets].sort(([a], [b]) => b.length - a.length);
  secrets.clear();
  for (const [secret, shown] of sorted) secrets.set(secret, shown);
}

export function redact(text: string): string {
  let out = text;
  for (const [secret, shown] of secrets) out = out.split(secret).join(shown);
  return out;
}

/** First 3 and last 4 characters, as `vigil auth status` shows a key. */
export function maskSecret(secret: string): string {
  if (secret.length <= 8) return '*'.repeat(secret.length);
  return `${secret.slice(0, 3)}…${secret.slice(-4)}`;
}

/** For tests: forget every registered secret. */
export function clearSecrets(): void {
  secrets.clear();
}
