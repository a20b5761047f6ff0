/*
 * Where a JSON text first goes wrong, as line and column, without quoting it: V8's
 * JSON.parse message repeats the text around the error ("Unexpected token 'x', "{"apiKey":
 * "vk_live_..." is not valid JSON"), and a payload file may hold a key or private data.
 */

export interface JsonErrorPosition {
  /** 1-based. */
  line: number;
  /** 1-based, in characters. */
  column: number;
  /** What was expected or found, in words; never a piece of the text. */
  reason: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

/** The first syntax error of `text`, or undefined when it is valid JSON. */
export function findJsonError(text: string): JsonErrorPosition | undefined {
  let i = 0;
  const fail = (reason: string): never => {
    throw new Stop(i, i >= text.length ? 'the file ends in the middle of a value' : reason);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail('unexpected character (strings need double quotes)');
  };
  const string = () => {
    i++;
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const char = text[i]!;
      if (char === '"') return void i++;
      if (char < ' ') fail('control character or line break inside a string');
      if (char === '\\') {
        i++;
        if (text[i] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) i += 5;
        else if (i < text.length && '"\\/bfnrt'.includes(text[i]!)) i++;
        else fail('bad escape sequence in a string');
      } else i++;
    }
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) fail('unexpected character');
    i += match![0].length;
  };
  const value = (): void => {
    space();
    const char = text[i];
    if (char === '{') return members('}', () => {
      space();
      if (text[i] !== '"') fail('expected a property name in double quotes');
      string();
      space();
      if (text[i] !== ':') fail("expected ':' after a property name");
      i++;
      value();
    });
    if (char === '[') return members(']', value);
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
    fail('expected a value');
  };
  const members = (close: string, item: () => void) => {
    i++;
    space();
    if (text[i] === close) return void i++;
    for (;;) {
      item();
      space();
      if (text[i] === ',') i++;
      else if (text[i] === close) return void i++;
      else fail(`expected ',' or '${close}'`);
    }
  };
  try {
    value();
    space();
    if (i < text.length) fail('unexpected text after the JSON value');
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    const before = text.slice(0, error.offset);
    const line = before.split('\n').length;
    const column = error.offset - (before.lastIndexOf('\n') + 1) + 1;
    return {line, column, reason: error.reason};
  }
}
