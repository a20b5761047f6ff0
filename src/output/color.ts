import type {IO, OutputStream} from '../cli/io.js';

/**
 * Whether to colour what goes to `stream` (stdout by default). In order:
 * FORCE_COLOR set: on, unless it is `0` or `false` (an explicit request beats everything);
 * NO_COLOR set and non-empty: off (https://no-color.org);
 * TERM=dumb: off;
 * otherwise: on for a terminal, off for a pipe or file.
 */
export function colorEnabled(io: Pick<IO, 'env' | 'stdout' | 'stdoutIsTTY'>, stream: 'stdout' | 'stderr' = 'stdout'): boolean {
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  if (io.env.TERM === 'dumb') return false;
  if (stream === 'stdout') return io.stdoutIsTTY;
  return (io as {stderr?: OutputStream}).stderr?.isTTY === true;
}

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  underline: [4, 24],
  inverse: [7, 27],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  gray: [90, 39],
} as const;

export type StyleName = keyof typeof CODES;
export type Paint = (style: StyleName | undefined, text: string) => string;

/**
 * A painter that wraps text in SGR codes, or returns it untouched when colour is off.
 * Seven colours and four attributes cover tables and status lines; chalk would be one more
 * dependency for the same handful of escape codes.
 */
export function painter(enabled: boolean): Paint {
  return (style, text) => {
    if (!enabled || style === undefined || text === '') return text;
    const [open, close] = CODES[style];
    return `\u001b[${open}m${text}\u001b[${close}m`;
  };
}
