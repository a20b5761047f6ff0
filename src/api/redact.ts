import {redact} from '../secrets.js';

/**
 * `redact` applied to every string inside a JSON-like value. Upstream error bodies are
 * untrusted text that ends up in error messages: one that echoes the key back (a proxy
 * printing request headers, an "invalid key ..." message) must not print it.
 */
export function redactDeep<T>(value: T): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map(item => redactDeep(item)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = redactDeep(item);
    return out as T;
  }
  return value;
}
