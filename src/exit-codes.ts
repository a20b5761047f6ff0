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
  /** A healthcheck reached the --fail-on severity. */
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
