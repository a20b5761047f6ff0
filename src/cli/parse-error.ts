import {redact} from '../secrets.js';
import {fieldOf} from './flag-values.js';

interface ParseIssue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/**
 * Pastel's own type check of the options failed, typically a value-taking flag given with
 * no value (`--limit` last on the line). Pastel would print its zod message on stdout,
 * naming the camelCase key; the build routes it here instead (scripts/build/patches.mjs), so the
 * message names the flag and goes to stderr. Pastel then exits 1: a command line that
 * cannot be parsed.
 */
export function reportParseError(error: {issues: ReadonlyArray<ParseIssue>}): void {
  const lines = error.issues.map(issue => `error: ${fieldOf(issue.path) ?? 'command line'}: ${describeProblem(issue.message)}`);
  process.stderr.write(redact(`${lines.join('\n')}\nhint: see the command's options with --help\n`));
}

function describeProblem(message: string): string {
  // Commander hands `true` to an optional-value flag given without one.
  return /received boolean/.test(message) ? 'needs a value' : message;
}
