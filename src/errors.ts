import {ExitCode, exitCodeForStatus} from './exit-codes.js';
import {redact} from './secrets.js';

/**
 * Base of every error vigil expects to happen. It carries the exit code the process ends
 * with and an optional next step shown under the message. Anything that is not a
 * VigilError is a bug: exit 1, and a stack trace only with --debug.
 */
export class VigilError extends Error {
  readonly exitCode: ExitCode;
  readonly hint: string | undefined;

  constructor(message: string, options: {exitCode: ExitCode; hint?: string; cause?: unknown}) {
    super(message, options.cause === undefined ? undefined : {cause: options.cause});
    this.name = new.target.name;
    this.exitCode = options.exitCode;
    this.hint = options.hint;
  }
}

/** One problem with the user's input, named by the flag (or JSON path) that carries it. */
export interface InputProblem {
  /** `--limit`, `assets[2].status`, `lookbackHours`: what the user has to change. */
  field?: string;
  message: string;
}

/** Invalid input detected before anything was sent: exit 3, every problem listed. */
export class InputError extends VigilError {
  readonly problems: InputProblem[];

  constructor(problems: InputProblem[] | string, hint?: string) {
    const list = typeof problems === 'string' ? [{message: problems}] : problems;
    super(list.map(formatProblem).join('\n'), {exitCode: ExitCode.Input, hint});
    this.problems = list;
  }
}

function formatProblem(problem: InputProblem): string {
  return problem.field ? `${problem.field}: ${problem.message}` : problem.message;
}

/** No API key, or the key was refused before any request (exit 2). */
export class CredentialsError extends VigilError {
  constructor(message: string, hint = 'run `vigil auth login`, or set VIGIL_API_KEY') {
    super(message, {exitCode: ExitCode.Auth, hint});
  }
}

/** No API key in the flag, the environment or the saved credentials. */
export class MissingKeyError extends CredentialsError {
  constructor() {
    super('no API key configured');
  }
}

/** An issue reported by the upstream, as in docs/contract.md#errors. */
export interface ApiIssue {
  message: string;
}

/** A per-asset rejection carried by a 422 from report creation (docs/contract.md#errors). */
export interface AssetRejection {
  asset: string;
  errorType: string;
  message: string;
  suggestion?: string;
}

/** The normalised shape of every documented upstream error body. */
export interface ApiErrorBody {
  status: number;
  code: string;
  message: string;
  issues: ApiIssue[];
  details?: {assetErrors?: AssetRejection[]} & Record<string, unknown>;
}

/** The upstream answered with an error status (after retries, where they apply). */
export class ApiError extends VigilError {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[];
  readonly details: ApiErrorBody['details'];

  /** @param exitCode for refusals a script must tell apart (a review's 409 or daily limit); default by status */
  constructor(body: ApiErrorBody, hint?: string, exitCode: ExitCode = exitCodeForStatus(body.status)) {
    super(body.message, {exitCode, hint: hint ?? hintForStatus(body.status)});
    this.status = body.status;
    this.code = body.code;
    this.issues = body.issues;
    this.details = body.details;
  }
}

function hintForStatus(status: number): string | undefined {
  if (status === 401) return 'check the key with `vigil auth status`, or log in again with `vigil auth login`';
  if (status === 403) return 'the key has no access to this organization; check --org or ask for a key with access';
  if (status === 429) return 'the upstream is rate limiting; wait a minute and try again';
  if (status >= 500) return 'the upstream is failing; try again later (add --debug to see each attempt)';
  return undefined;
}

/** Network error, timeout, or connection reset that outlived the retries (exit 8). */
export class UnavailableError extends VigilError {
  constructor(message: string, cause?: unknown, hint = 'check the base URL (`vigil auth status`) and your connection; add --debug to see each attempt') {
    super(message, {exitCode: ExitCode.Unavailable, hint, cause});
  }
}

/**
 * A request that is not safe to repeat (a report, a review) may have reached the upstream
 * and been acted on, but no success came back: a 5xx, a response timeout, a reset after
 * sending. Never retried; exit 8 like any unavailability, with the command that shows
 * whether it happened. `status` is the HTTP status when there was one.
 */
export class OutcomeUnknownError extends UnavailableError {
  constructor(
    message: string,
    checkHint: string,
    readonly status?: number,
  ) {
    super(message, undefined, checkHint);
  }
}

/** The upstream refused a review as conflicting (409): the asset is not the proposal's, or it is no longer pending. */
export class ReviewConflictError extends ApiError {
  constructor(body: ApiErrorBody, hint: string) {
    super(body, hint, ExitCode.Conflict);
  }
}

/** The organization's review limit (10 per rolling 24 h, every key of the org) is used up (429). */
export class ReviewLimitError extends ApiError {
  constructor(body: ApiErrorBody, hint: string) {
    super(body, hint, ExitCode.LimitReached);
  }
}

/** A response that breaks the contract: names the field, never a crash on `undefined`. */
export class ContractError extends VigilError {
  constructor(what: string, problems: string[], hint = 'the upstream may have changed; run again with --debug and report it') {
    // Problems quote upstream text (field names, a content type) that may echo the key.
    super(redact(`unexpected response from ${what}: ${problems.join('; ')}`), {exitCode: ExitCode.Unexpected, hint});
  }
}

/** The user pressed Ctrl+C (or the process got SIGINT): exit 130. */
export class InterruptedError extends VigilError {
  /** `hint`: what the user should check, when the interrupted work may have taken effect. */
  constructor(hint?: string) {
    super('interrupted', {exitCode: ExitCode.Interrupted, ...(hint === undefined ? {} : {hint})});
  }
}
