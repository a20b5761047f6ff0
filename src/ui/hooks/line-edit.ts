/*
 * One-line text editing as a pure function. Screens fold every key into their reducer
 * state with it, so text followed at once by Enter (a paste ending in a newline, tmux
 * send-keys, a fast typist) is never lost: @inkjs/ui's TextInput submits the value of its
 * last render, and keys that arrive before a newly opened input mounts go to the old one.
 */

export interface Line {
  value: string;
  /** In characters (code points), 0..length. */
  cursor: number;
}

export interface EditKey {
  backspace?: boolean;
  delete?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  home?: boolean;
  end?: boolean;
  ctrl?: boolean;
  meta?: boolean;
  escape?: boolean;
  return?: boolean;
  tab?: boolean;
  upArrow?: boolean;
  downArrow?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
}

export function lineOf(value: string): Line {
  return {value, cursor: [...value].length};
}

export function editLine(line: Line, input: string, key: EditKey): Line {
  const chars = [...line.value];
  if (key.backspace || key.delete) {
    if (line.cursor === 0) return line;
    chars.splice(line.cursor - 1, 1);
    return {value: chars.join(''), cursor: line.cursor - 1};
  }
  if (key.leftArrow) return {...line, cursor: Math.max(0, line.cursor - 1)};
  if (key.rightArrow) return {...line, cursor: Math.min(chars.length, line.cursor + 1)};
  if (key.home || (key.ctrl && input === 'a')) return {...line, cursor: 0};
  if (key.end || (key.ctrl && input === 'e')) return {...line, cursor: chars.length};
  if (key.ctrl && input === 'u') return {value: chars.slice(line.cursor).join(''), cursor: 0};
  if (key.ctrl || key.meta || key.escape || key.return || key.tab || key.upArrow || key.downArrow || key.pageUp || key.pageDown) return line;
  // Pasted text may carry tabs or newlines: one line holds neither.
  const text = [...input.replace(/[\u0000-\u001f\u007f]+/g, ' ')];
  if (text.length === 0) return line;
  chars.splice(line.cursor, 0, ...text);
  return {value: chars.join(''), cursor: line.cursor + text.length};
}

/**
 * Ink hands over a chunk of typed or pasted text as ONE input, newlines and backspaces
 * included (`"title\r"` with key.return false). Split it into the keys a person pressed,
 * so every newline is an Enter and every DEL a backspace, in the right place.
 */
export function splitKeys<K extends EditKey>(input: string, key: K): Array<{input: string; key: K | EditKey}> {
  if (input.length <= 1 || key.ctrl || key.meta || !/[\r\n\u007f\b]/.test(input)) return [{input, key}];
  const keys: Array<{input: string; key: K | EditKey}> = [];
  for (const part of input.split(/(\r\n|[\r\n\u007f\b])/)) {
    if (part === '') continue;
    if (/^[\r\n]+$/.test(part)) keys.push({input: '\r', key: {return: true}});
    else if (part === '\u007f' || part === '\b') keys.push({input: '', key: {backspace: true}});
    else keys.push({input: part, key: {}});
  }
  return keys;
}
