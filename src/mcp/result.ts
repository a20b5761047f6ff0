import {sanitizeText} from '../output/sanitize.js';
import type {ToolSpec} from './derive.js';
import type {ToolResult} from './call.js';
import {EXIT_CODE_MEANINGS} from '../exit-codes.js';

/** An agent has no README: the code's meaning in words (the tool's inputs are camelCase). */
function exitCodeMeaning(code: number): string {
  const meaning = (EXIT_CODE_MEANINGS as Record<number, string | undefined>)[code];
  return meaning === undefined ? 'not one of the documented codes' : meaning.replace('`--fail-on`', '`failOn`');
}

/**
 * The most characters of output a tool returns (the upstream platform's own MCP server caps
 * at the same). Past it the text is cut, with a marker telling how to ask for the rest.
 */
export const MAX_RESULT_CHARS = 100_000;
/**
 * The most characters of what a command said on stderr (an error, a breach line, warnings)
 * in one part: an upstream 400 with a 5 MB message once made a 10 MB tool error.
 */
export const MAX_NOTE_CHARS = 10_000;

/** A line of the server's log at most: the log repeated whole 3 MB breach lines and 5 MB upstream errors. */
export const MAX_LOG_LINE_CHARS = 2000;
/** Lines of one call's stderr the server logs at most; the rest are counted. */
export const MAX_LOGGED_LINES = 20;

/** One line of the server's log, cut at MAX_LOG_LINE_CHARS. */
export function boundLogLine(line: string): string {
  return cut(line, MAX_LOG_LINE_CHARS, 'the line goes on');
}

/** What a call printed on stderr as the server's log lines: each cut, a few, the rest counted. */
export function logLines(name: string, stderr: string): string[] {
  const lines = stderr.split('\n').filter(line => line !== '');
  const out = lines.slice(0, MAX_LOGGED_LINES).map(line => boundLogLine(`${name}: ${line}`));
  if (lines.length > MAX_LOGGED_LINES) out.push(`${name}: ${lines.length - MAX_LOGGED_LINES} more lines not logged`);
  return out;
}

/** `text` at most `max` characters, with a marker saying what was cut and what to do. */
function cut(text: string, max: number, rest: string): string {
  if (text.length <= max) return text;
  // Never split a surrogate pair: a lone half is not text.
  const end = max > 0 && text.charCodeAt(max - 1) >= 0xd800 && text.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return `${text.slice(0, end)}\n[cut: ${end} of ${text.length} characters shown; ${rest}]`;
}

export interface RunOutput {
  /** What the command printed on stdout (with --json: one JSON value). */
  stdout: string;
  /** What it printed on stderr: warnings, and the error banner when it failed. */
  stderr: string;
  code: number;
  /** The work threw: a refusal, an upstream error, a bug. */
  threw: boolean;
}

/** The lines of stderr an agent should read: not the --debug trace, which the server logs. */
function notes(stderr: string): string {
  return stderr
    .split('\n')
    .filter(line => !line.startsWith('debug: '))
    .join('\n')
    .trim();
}

function parseJson(text: string): unknown {
  try {
    return text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every string of a JSON value (keys too) without terminal controls, bidi or invisible characters; newlines kept. */
function sanitizeDeep(value: unknown): unknown {
  if (typeof value === 'string') return sanitizeText(value, {multiline: true});
  if (Array.isArray(value)) return value.map(sanitizeDeep);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [sanitizeText(key), sanitizeDeep(item)]));
  return value;
}

/** How to get the rest of a cut result, in the tool's own inputs. */
function howToGetTheRest(tool: Pick<ToolSpec, 'inputs'>): string {
  const names = new Set(tool.inputs.map(input => input.name));
  if (names.has('limit') && names.has('cursor')) return 'ask for fewer with a smaller "limit", then page on with "cursor" (the nextCursor of each result)';
  if (names.has('limit')) return 'ask for fewer with a smaller "limit"';
  return 'narrow the request';
}

/**
 * What --json printed, as structured content (an object; a list comes as `{items}`) and as
 * text. A failure is isError with the CLI's message, plus whatever the command printed before
 * failing (`auth status` prints the settings, then refuses). Bounded part by part: what the
 * command said on stderr at MAX_NOTE_CHARS, and stdout at what is left of MAX_RESULT_CHARS.
 */
export function bounded(tool: Pick<ToolSpec, 'inputs'>, run: RunOutput): ToolResult {
  const value = parseJson(run.stdout);
  const isError = run.threw || (run.code !== 0 && value === undefined);
  const said = cut(notes(run.stderr), MAX_NOTE_CHARS, 'the rest is in the server log, cut too; narrow the request');
  const content: ToolResult['content'] = [];
  if (isError) content.push({type: 'text', text: said === '' ? `failed with exit code ${run.code}` : said});
  let structured: Record<string, unknown> | undefined;
  let text = run.stdout.trimEnd();
  if (value !== undefined) {
    // Parsing undoes --json's escapes: ESC would be a real ESC again. Cleaned as text for a reader is.
    const clean = sanitizeDeep(value);
    structured = typeof clean === 'object' && clean !== null && !Array.isArray(clean) ? (clean as Record<string, unknown>) : {items: clean};
  }
  // The notes' part is counted once, whichever place it takes.
  const budget = MAX_RESULT_CHARS - said.length;
  if (text.length > budget) {
    text = cut(text, budget, howToGetTheRest(tool));
    // Whole or not at all: a cut value would read as complete.
    structured = undefined;
  }
  if (text !== '') content.push({type: 'text', text});
  if (!isError && said !== '') content.push({type: 'text', text: said});
  if (!isError && run.code !== 0) content.push({type: 'text', text: `exit code ${run.code}, as the CLI would exit: ${exitCodeMeaning(run.code)}`});
  if (content.length === 0) content.push({type: 'text', text: 'done (nothing printed)'});
  return {content, ...(structured === undefined ? {} : {structuredContent: structured}), ...(isError ? {isError: true} : {})};
}
