import {InputError, type InputProblem} from '../errors.js';
import type {CommandContext} from './context.js';

/*
 * The problems of one run's input. Every check records a problem instead of throwing, so one
 * run lists EVERY bad flag (exit 3) before anything is sent; what a flag's value must be is
 * zod's (src/cli/flag-values.ts, `checkFlags`), what flags mean together the command's.
 */

export class Problems {
  readonly list: InputProblem[] = [];
  /** Next steps of captured errors (how to set a missing org): kept with their problems. */
  readonly hints: string[] = [];

  add(field: string | undefined, message: string): void {
    this.list.push(field === undefined ? {message} : {field, message});
  }

  /** Throws one InputError carrying every recorded problem and hint, if any. */
  throwIfAny(hint?: string): void {
    if (this.list.length === 0) return;
    const hints = [...new Set([...this.hints, ...(hint === undefined ? [] : [hint])])];
    throw new InputError(this.list, hints.length === 0 ? undefined : hints.join('; '));
  }
}

/** The org to act on, or a recorded `--org` problem (ctx.requireOrg's own message). */
export function resolveOrg(ctx: CommandContext, problems: Problems): string | undefined {
  return capture(problems, () => ctx.requireOrg());
}

/** An absolute http(s) URL; other schemes are not links a reviewer can open. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Runs a check that throws InputError (another module's), recording its problems instead. */
export function capture<T>(problems: Problems, check: () => T): T | undefined {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    problems.list.push(...error.problems);
    if (error.hint) problems.hints.push(error.hint);
    return undefined;
  }
}
