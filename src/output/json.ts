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
 * The text is written straight from the value, without first building a sorted copy of it:
 * `reports list --all --json` renders every report, and a second copy of each (on top of
 * the parsed page) was what made its memory grow with the number of reports.
 */
export function renderJson(value: unknown, options: {pretty: boolean}): string {
  return `${write(value, options.pretty ? '\n' : '') ?? 'null'}\n`;
}

const TERMINAL_CONTROLS = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
const HAS_TERMINAL_CONTROL = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** JSON text with the characters a terminal could act on (and JSON.stringify leaves raw) as \u escapes. */
export function escapeTerminalControls(json: string): string {
  return json.replace(TERMINAL_CONTROLS, escapeChar);
}

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** A string as a JSON literal; the controls only ever occur inside string literals. */
function quote(text: string): string {
  const json = JSON.stringify(text);
  return HAS_TERMINAL_CONTROL.test(json) ? escapeTerminalControls(json) : json;
}

/**
 * The JSON text of a value, as JSON.stringify(value, null, pretty ? 2 : undefined) would
 * write it after sorting keys and mapping dates and bigints (see renderJson).
 * @param newline '' for one line; otherwise '\n' plus the current indentation
 * @returns undefined for what an object leaves out (undefined, functions, symbols)
 */
function write(value: unknown, newline: string): string | undefined {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return quote(value.toString());
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'null' : quote(value.toISOString());
  const inner = newline === '' ? '' : `${newline}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    let out = '[';
    for (let index = 0; index < value.length; index++) {
      out += `${index === 0 ? '' : ','}${inner}${write(value[index], inner) ?? 'null'}`;
    }
    return `${out}${newline}]`;
  }
  const maybeJson = value as {toJSON?: () => unknown};
  if (typeof maybeJson.toJSON === 'function') return write(maybeJson.toJSON(), newline);
  const colon = newline === '' ? ':' : ': ';
  let out = '';
  for (const key of sortedKeys(value)) {
    const item = write((value as Record<string, unknown>)[key], inner);
    if (item !== undefined) out += `${out === '' ? '{' : ','}${inner}${quote(key)}${colon}${item}`;
  }
  return out === '' ? '{}' : `${out}${newline}}`;
}

/**
 * The key order of the sorted copy JSON.stringify used to get: a JS object lists its
 * integer-like keys first, in numeric order (Object.keys already does), then the rest sorted.
 */
function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  let indices = 0;
  while (indices < keys.length && isArrayIndex(keys[indices]!)) indices++;
  if (indices === 0) return keys.sort();
  return [...keys.slice(0, indices), ...keys.slice(indices).sort()];
}

function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}
