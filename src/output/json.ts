/**
 * JSON output, a contract for scripts:
 * - object keys are sorted (recursively), so the output never depends on the order the
 *   upstream sent fields in or the order our code built an object in;
 * - dates are ISO-8601 strings (UTC); undefined properties are left out; bigints become
 *   strings; NaN and Infinity become null, as JSON.stringify does;
 * - indented with two spaces on a terminal, one line when piped; always a final newline;
 * - characters a terminal could act on and JSON.stringify leaves raw (DEL, the C1
 *   controls, bidi controls, U+2028/U+2029) are written as \u escapes: the parsed value
 *   is unchanged, the terminal sees only ASCII for them. (C0 controls, ESC included, are
 *   always escaped by JSON.stringify.)
 */
export function renderJson(value: unknown, options: {pretty: boolean}): string {
  const text = JSON.stringify(normalize(value), null, options.pretty ? 2 : undefined) ?? 'null';
  return `${escapeTerminalControls(text)}\n`;
}

/** JSON text with the characters a terminal could act on (and JSON.stringify leaves raw) as \u escapes. */
export function escapeTerminalControls(json: string): string {
  return json.replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, escapeChar);
}

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function normalize(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(item => (item === undefined ? null : normalize(item)));
  if (value !== null && typeof value === 'object') {
    const maybeJson = value as {toJSON?: () => unknown};
    if (typeof maybeJson.toJSON === 'function') return normalize(maybeJson.toJSON());
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined && typeof item !== 'function') out[key] = normalize(item);
    }
    return out;
  }
  return value;
}
