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
 * Keys are put in order by a walk before JSON.stringify, not by a replacer: a replacer is a
 * call from JSON.stringify into JavaScript for every value and takes it off its fast path,
 * which was ~10% of `reports list --all --json`'s CPU (docs/performance.md#cli). The walk
 * copies only what must change (an object whose keys are out of order, or that holds such an
 * object or a bigint), one rendered value at a time: `--all` renders report by report, so
 * nothing grows with the number of reports. toJSON is called as JSON.stringify calls it
 * (dates arrive as ISO strings, an invalid one as null); undefined and functions are left
 * for JSON.stringify to drop.
 */
export function renderJson(value: unknown, options: {pretty: boolean}): string {
  const text = JSON.stringify(ordered(value, ''), null, options.pretty ? 2 : undefined) ?? 'null';
  return `${escapeTerminalControls(text)}\n`;
}

/** JSON text with the characters a terminal could act on (and JSON.stringify leaves raw) as \u escapes. */
export function escapeTerminalControls(json: string): string {
  return json.replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, escapeChar);
}

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** What JSON.stringify will write for `value` under `key`: its toJSON's result if it has one, then ordered. */
function ordered(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : value;
  const toJSON = (value as {toJSON?: unknown}).toJSON;
  // As JSON.stringify: toJSON once per property, its result written as it is (not asked again).
  return typeof toJSON === 'function' ? orderedValue(toJSON.call(value, key)) : orderedValue(value);
}

/** Bigints as strings, objects with their keys in order: `value` itself when nothing changes. */
function orderedValue(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const out = ordered(item, String(index));
      if (out !== item) (copy ??= value.slice())[index] = out;
    }
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let inOrder = true;
  for (let index = 1; inOrder && index < keys.length; index++) inOrder = keys[index - 1]! <= keys[index]!;
  let changed: Map<string, unknown> | undefined;
  for (const key of keys) {
    const item = record[key];
    const out = ordered(item, key);
    if (out !== item) (changed ??= new Map()).set(key, out);
  }
  if (inOrder && !changed) return value;
  // Inserted in sorted order; like any JS object, the copy still lists integer-like keys first.
  const sorted: Record<string, unknown> = {};
  for (const key of inOrder ? keys : keys.sort()) sorted[key] = changed?.has(key) ? changed.get(key) : record[key];
  return sorted;
}
