import {ApiError, InterruptedError} from '../errors.js';
import {suggestedBaseUrl} from '../api/url-guard.js';
import {ExitCode} from '../exit-codes.js';
import {formatError} from '../output/error-banner.js';
import {loadTableRenderer, tableMayBeDrawn} from '../output/print.js';
import {createContext, type CommandContext, type ContextFlags} from './context.js';
import {interruptSignal, wasInterrupted} from './interrupt.js';
import {redactingIO, type IO} from './io.js';

export type CommandWork = (ctx: CommandContext) => Promise<number | void>;

/**
 * A command's work with its errors mapped: what the process exits with. Both paths run
 * commands through it (the fast path directly, Ink's through useCommand), so an error reads
 * and exits the same whichever path ran it.
 */
export async function runWork(flags: ContextFlags, work: CommandWork, given: IO, signal: AbortSignal = interruptSignal): Promise<number> {
  const io = redactingIO(given);
  let debug = flags.debug === true;
  let baseUrl: string | undefined;
  try {
    const ctx = await createContext(flags, io, signal);
    if (tableMayBeDrawn(flags as {json?: unknown; output?: unknown}, io)) await loadTableRenderer();
    debug = ctx.debug;
    baseUrl = ctx.settings.baseUrl?.value;
    const code = await work(ctx);
    return wasInterrupted() ? ExitCode.Interrupted : (code ?? ExitCode.Ok);
  } catch (error) {
    if (wasInterrupted() || signal.aborted) {
      // An interrupted `reports create` may still have created the report: keep its hint.
      const hint = error instanceof InterruptedError ? error.hint : undefined;
      io.stderr.write(`interrupted\n${hint === undefined ? '' : `hint: ${hint}\n`}`);
      return ExitCode.Interrupted;
    }
    const report = formatError(explainNotFound(error, baseUrl), {debug});
    io.stderr.write(report.text);
    return report.exitCode;
  }
}

/**
 * A 404 that says the URL, not the thing asked for, is wrong: every upstream path lives
 * under /api/v2 (`--base-url http://host:4010` for the sandbox), and the API's own 404s
 * carry its error body (a message), where another server's (a web page, nothing) carry
 * none, so its message is only the status line.
 */
function explainNotFound(error: unknown, baseUrl: string | undefined): unknown {
  if (!(error instanceof ApiError) || error.status !== 404 || baseUrl === undefined) return error;
  const trimmed = baseUrl.replace(/\/+$/, '');
  const where = '(--base-url, VIGIL_BASE_URL or `vigil config set base-url`)';
  let hint: string;
  if (!trimmed.endsWith('/api/v2')) hint = `the base URL ${trimmed} does not end in /api/v2; try ${suggestedBaseUrl(trimmed)} ${where}`;
  else if (/^HTTP 404\b/.test(error.message)) hint = `${trimmed} answered 404 without the API's error body: it does not look like the External API v2; check the host and path ${where}`;
  else return error;
  return new ApiError({message: error.message, status: error.status, code: error.code, issues: error.issues, details: error.details}, hint);
}
