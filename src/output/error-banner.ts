import {VigilError, InputError, ApiError} from '../errors.js';
import {ExitCode} from '../exit-codes.js';
import {redact} from '../secrets.js';
import {sanitizeText} from './sanitize.js';

/** Upstream text (messages, issues, asset names) can carry terminal control sequences. */
const clean = (text: string) => sanitizeText(text);

export interface ErrorReport {
  text: string;
  exitCode: number;
}

/**
 * Formats any thrown value for stderr: the message, the problems or issues behind it, and
 * the next step. A stack trace only for bugs (not VigilError) and only with --debug.
 */
export function formatError(error: unknown, options: {debug?: boolean} = {}): ErrorReport {
  const lines: string[] = [];
  let exitCode: number = ExitCode.Unexpected;
  if (error instanceof InputError) {
    exitCode = error.exitCode;
    lines.push(error.problems.length === 1 ? 'error: invalid input' : `error: invalid input (${error.problems.length} problems)`);
    for (const problem of error.problems) {
      lines.push(`  - ${problem.field ? `${clean(problem.field)}: ` : ''}${clean(problem.message)}`);
    }
  } else if (error instanceof ApiError) {
    exitCode = error.exitCode;
    lines.push(`error: ${clean(error.message)} (HTTP ${error.status} ${clean(error.code)})`);
    const rejections = error.details?.assetErrors ?? [];
    // A 422 often repeats each asset rejection as an issue; print each fact once.
    const restated = new Set(rejections.flatMap(r => [r.message, `${r.asset}: ${r.message}`]));
    for (const issue of error.issues) {
      if (!restated.has(issue.message)) lines.push(`  - ${clean(issue.message)}`);
    }
    for (const rejection of rejections) {
      lines.push(`  - ${clean(rejection.asset)}: ${clean(rejection.errorType)}: ${clean(rejection.message)}`);
      if (rejection.suggestion) lines.push(`      suggestion: ${clean(rejection.suggestion)}`);
    }
  } else if (error instanceof VigilError) {
    exitCode = error.exitCode;
    lines.push(`error: ${clean(error.message)}`);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    lines.push(`error: unexpected failure: ${clean(message)}`);
    if (options.debug && error instanceof Error && error.stack) lines.push(sanitizeText(error.stack, {multiline: true}));
    else lines.push('  (run again with --debug for details)');
  }
  if (error instanceof VigilError && error.hint) lines.push(`hint: ${clean(error.hint)}`);
  return {text: redact(`${lines.join('\n')}\n`), exitCode};
}
