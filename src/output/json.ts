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
 *
 * Keys are sorted by a replacer as JSON.stringify walks the value: only an object whose keys
 * are out of order is copied, one level at a time, never the whole value up front.
 * `reports list --all --json` renders every report, and a sorted deep copy of each (on top
 * of the parsed page) was garbage that grew with the number of reports. JSON.stringify
 * itself calls toJSON (so dates arrive as ISO strings, an invalid one as null) and leaves
 * out undefined and functions.
 */
export function renderJson(value: unknown, options: {pretty: boolean}): string {
  const text = JSON.stringify(value, sortKeys, options.pretty ? 2 : undefined) ?? 'null';
  return `${escapeTerminalControls(text)}\n`;
}

/** JSON text with the characters a terminal could act on (and JSON.stringify leaves raw) as \u escapes. */
export function escapeTerminalControls(json: string): string {
  return json.replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, escapeChar);
}

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** JSON.stringify's replacer: bigints as strings, objects with their keys in order. */
function sortKeys(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  let ordered = true;
  for (let index = 1; ordered && index < keys.length; index++) ordered = keys[index - 1]! <= keys[index]!;
  if (ordered) return value;
  // Inserted in sorted order; like any JS object, the copy still lists integer-like keys first.
  const sorted: Record<string, unknown> = {};
  for (const key of keys.sort()) sorted[key] = (value as Record<string, unknown>)[key];
  return sorted;
}
