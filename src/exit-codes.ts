/**
 * The one table of process exit codes. The README documents the same table; scripts and
 * alerting depend on these numbers, so they never change meaning.
 */
export const ExitCode = {
  /** Success, including "no results". */
  Ok: 0,
  /** Unexpected error, or a command line that cannot be parsed. */
  Unexpected: 1,
  /** Credentials missing or rejected (401). */
  Auth: 2,
  /** Invalid input; nothing was sent or changed. */
  Input: 3,
  /** Not found (404). */
  NotFound: 4,
  /** Forbidden (403). */
  Forbidden: 5,
  /** A result reached --fail-on: a healthcheck's severity, or an asset BLOCKED (`asset check --fail-on blocked`). */
  Breached: 6,
  /** The upstream rejected the submission (422). */
  Rejected: 7,
  /** Upstream unavailable: network error, timeout, or 5xx/429 still failing after retries. */
  Unavailable: 8,
  /** A review the upstream refused as conflicting (409: the asset is not the proposal's, or it was already reviewed). */
  Conflict: 9,
  /** The review daily limit is reached (429: 10 per organization per rolling 24 h); retrying does not help. */
  LimitReached: 10,
  /** `healthchecks run --all`: some checks could not be run (each is a row with its error), none breached. */
  Incomplete: 11,
  /** Interrupted (Ctrl+C / SIGINT). */
  Interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * Each code in words, as the README's table says it (test/exit-codes.test.ts holds them
 * equal): for a reader with no README, such as an agent calling `vigil mcp`.
 */
export const EXIT_CODE_MEANINGS: Readonly<Record<ExitCode, string>> = {
  0: 'success, including "no results"',
  1: 'unexpected error, or a command line that cannot be parsed',
  2: 'credentials missing or rejected (401)',
  3: 'invalid input: nothing was sent or changed',
  4: 'not found (404)',
  5: 'forbidden (403)',
  6: 'a result reached `--fail-on`: a healthcheck breached (its severity), or `asset check` found an asset BLOCKED',
  7: 'the upstream rejected the submission (422)',
  8: 'upstream unavailable: network error, timeout, or 5xx/429 still failing after retries; for a review or a report create, also "may have been acted on" (never retried: check before sending again)',
  9: 'the upstream refused a review as conflicting (409: the asset id is not the proposal\'s, or it is no longer pending)',
  10: "the organization's review limit is reached (429: 10 reviews per rolling 24 h, shared by every key); wait, do not retry",
  11: '`healthchecks run --all`: some checks could not be run (each is a row with its error) and none breached; a breach is 6 even then',
  130: 'interrupted (Ctrl+C)',
};

/** Maps an HTTP status of a failed upstream call to the exit code a script sees. */
export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401) return ExitCode.Auth;
  if (status === 403) return ExitCode.Forbidden;
  if (status === 404) return ExitCode.NotFound;
  if (status === 422) return ExitCode.Rejected;
  if (status === 429 || status >= 500) return ExitCode.Unavailable;
  if (status >= 400) return ExitCode.Input;
  return ExitCode.Unexpected;
}
