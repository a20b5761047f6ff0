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

/** How to get the rest of a cut result, in the tool's own inputs. */
function howToGetTheRest(tool: Pick<ToolSpec, 'inputs'>): string {
  const names = new Set(tool.inputs.map(input => input.name));
  if (names.has('limit') && names.has('cursor')) return 'ask for fewer with a smaller "limit", then page on with "cursor" (the nextCursor of each result)';
  if (names.has('limit')) return 'ask for fewer with a smaller "limit"';
  return 'narrow the request';
}

/**
 * What --json printed, as structured content (an object; a list comes as `{items}`) and as
 * text, cut at MAX_RESULT_CHARS. A failure is isError with the CLI's message, plus whatever
 * the command printed before failing (`auth status` prints the settings, then refuses).
 */
export function bounded(tool: Pick<ToolSpec, 'inputs'>, run: RunOutput): ToolResult {
  const value = parseJson(run.stdout);
  const isError = run.threw || (run.code !== 0 && value === undefined);
  const said = notes(run.stderr);
  const content: ToolResult['content'] = [];
  if (isError) content.push({type: 'text', text: said === '' ? `failed with exit code ${run.code}` : said});
  let structured: Record<string, unknown> | undefined;
  let text = run.stdout.trimEnd();
  if (value !== undefined) structured = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {items: value};
  if (text.length > MAX_RESULT_CHARS) {
    const total = text.length;
    text = `${text.slice(0, MAX_RESULT_CHARS)}\n[cut: ${MAX_RESULT_CHARS} of ${total} characters shown; ${howToGetTheRest(tool)}]`;
    // Whole or not at all: a cut value would read as complete.
    structured = undefined;
  }
  if (text !== '') content.push({type: 'text', text});
  if (!isError && said !== '') content.push({type: 'text', text: said});
  if (!isError && run.code !== 0) content.push({type: 'text', text: `exit code ${run.code}, as the CLI would exit: ${exitCodeMeaning(run.code)}`});
  if (content.length === 0) content.push({type: 'text', text: 'done (nothing printed)'});
  return {content, ...(structured === undefined ? {} : {structuredContent: structured}), ...(isError ? {isError: true} : {})};
}
