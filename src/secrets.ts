/**
 * Last line of defence for the API key and the Redis passwords: every line vigil writes to
 * stdout and stderr (listings, JSON, errors, debug traces, logs) passes through `redact`
 * (src/cli/io.ts), which masks each registered secret wherever it appears, even inside an
 * error message Node, a library or a server built; so does every untrusted text sanitised for
 * a terminal (src/output/sanitize.ts), before a table or a screen cuts it to a column.
 * An upstream echoes the key the way it carries it: in a URL (percent-encoded) or inside a
 * JSON string (escaped), so each of those forms is masked too.
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
  const shown = mask === 'whole' || secrets.get(value) === '***' ? '***' : maskSecret(value);
  for (const form of encodedForms(value)) secrets.set(form, shown);
  // Longest first: a secret that contains another is masked whole, not around the shorter one.
  const sorted = [...secrets].sort(([a], [b]) => b.length - a.length);
  secrets.clear();
  for (const [secret, shown] of sorted) secrets.set(secret, shown);
}

/** The secret as written, percent-encoded (either case of hex digit, `+` for a space as forms write it) and JSON-escaped. */
function encodedForms(value: string): Set<string> {
  const percent = encodeURIComponent(value);
  const forms = new Set([value, percent, percent.replace(/%[0-9A-F]{2}/g, hex => hex.toLowerCase()), new URLSearchParams({k: value}).toString().slice(2), JSON.stringify(value).slice(1, -1)]);
  // A form of fewer than 4 characters would mangle every word it occurs in, as registerSecret says.
  for (const form of forms) if (form.length < 4) forms.delete(form);
  return forms;
}

export function redact(text: string): string {
  let out = text;
  // includes first: most text holds no secret, and a split allocates even when it finds none.
  for (const [secret, shown] of secrets) if (out.includes(secret)) out = out.split(secret).join(shown);
  return out;
}

/**
 * First 3 and last 4 characters, as `vigil auth status` shows a key. A quote, a backslash or
 * a control among them shows as `*`: the mask replaces the key inside JSON strings and TSV
 * fields too, and must not end the string or start an escape there.
 */
export function maskSecret(secret: string): string {
  if (secret.length <= 8) return '*'.repeat(secret.length);
  return `${secret.slice(0, 3)}…${secret.slice(-4)}`.replace(/["\\]|[^\x20-\x7e…]/g, '*');
}

/** For tests: forget every registered secret. */
export function clearSecrets(): void {
  secrets.clear();
}
