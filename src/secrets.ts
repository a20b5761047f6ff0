/**
 * Last line of defence for the API key: every line vigil writes to stderr (errors, debug
 * traces, logs) passes through `redact`, which masks each registered secret wherever it
 * appears, even inside an error message Node or a library built.
 */
const secrets = new Set<string>();

export function registerSecret(value: string | undefined): void {
  if (value && value.length >= 4) secrets.add(value);
}

export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(maskSecret(secret));
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
