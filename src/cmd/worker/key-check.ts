import type {CommandContext} from '../../cli/context.js';
import {ContractError} from '../../errors.js';
import type {ChecksConfig} from '../../checks/schema.js';
import {KeyRejectedError, REJECTED_KEY_HINT, type KeyVerdict} from '../auth/shared/check-key.js';
import type {LogEvent} from './log.js';

/**
 * The worker's key check, an answer it cannot read (a 50 MB body, a gzip bomb, a broken
 * encoding: a ContractError) included: a 401 whose body was cut is still a rejected key (exit 2,
 * as a small one), any other is "unreachable, starting anyway", as a hang is. Thrown, it made
 * the worker exit 1 and its unit or pod restart it into the same answer.
 */
export function readableVerdicts(check: (org: string) => Promise<KeyVerdict>): (org: string) => Promise<KeyVerdict> {
  return async org => {
    try {
      return await check(org);
    } catch (error) {
      if (!(error instanceof ContractError)) throw error;
      if ((error as {status?: unknown}).status === 401) return {result: 'rejected', message: `HTTP 401, ${error.message}`};
      return {result: 'unreachable', message: `the answer could not be read: ${error.message}`};
    }
  };
}

/** An org the worker will run checks for, and where the checks file names it. */
export interface WorkerOrg {
  org: string;
  /** `checks` (an entry of `checks:`) or `discover` (`discover.orgs`). */
  in: 'checks' | 'discover';
}

/** Every org of the checks file, once each, in the file's order (`checks:` first). */
export function orgsOf(config: Pick<ChecksConfig, 'specs' | 'discover'>): WorkerOrg[] {
  const seen = new Map<string, WorkerOrg>();
  for (const spec of config.specs) if (!seen.has(spec.org)) seen.set(spec.org, {org: spec.org, in: 'checks'});
  for (const org of config.discover?.orgs ?? []) if (!seen.has(org)) seen.set(org, {org, in: 'discover'});
  return [...seen.values()];
}

export interface WorkerKeyChecksOptions {
  /** One org's verdict (keyChecker: one client for every org); never throws for an answer about the key. */
  check(org: string): Promise<KeyVerdict>;
  logEvent: LogEvent;
  /** Questions in flight at once. Default 8. */
  concurrency?: number;
  /** Orgs answered before the worker starts; the others are asked after it, in the background. Default 64. */
  beforeStart?: number;
  /** The reference of an org's own key (`keys:`): its rejection fails that org's runs only, not the worker. */
  refOf?: (org: string) => string | undefined;
}

export interface WorkerKeyChecks {
  /**
   * At start: the first `beforeStart` orgs of the file, before anything is scheduled.
   * Rejects with KeyRejectedError on a 401; the other orgs are asked in the background.
   */
  start(orgs: readonly WorkerOrg[]): Promise<void>;
  /** After a checks file change: the orgs not asked yet, after what is already being asked. */
  added(orgs: readonly WorkerOrg[]): Promise<void>;
  /** When every org queued so far has been asked. */
  settled(): Promise<void>;
}

/**
 * Asks the upstream whether it accepts the worker's key for each org of the checks file, one
 * request per org, `concurrency` at a time: a rejected key is exit 2 with `auth status`'s
 * message, not a 401 logged on every run; each org the key cannot reach is a `warn` line
 * naming it, in the file's order (403: the upstream answers the same for an org the key has
 * no access to and for one it does not know), and the worker runs the others. An upstream
 * that cannot be reached now is not a reason to stop a long-running worker: it is logged
 * once, and the runs retry as they do for any outage.
 *
 * Bounded because a file of 10,000 orgs asked one after another held the start for minutes
 * (10,000 round trips), and asked again in full at every change of the file, each change's
 * questions overlapping the last's: the soak's hour found it as heap that grew with every
 * change. Only the first `beforeStart` orgs hold the start, and a change asks only the orgs
 * no earlier question answered.
 */
export function workerKeyChecks(options: WorkerKeyChecksOptions): WorkerKeyChecks {
  const {check, logEvent} = options;
  const concurrency = options.concurrency ?? 8;
  const beforeStart = options.beforeStart ?? 64;
  // Orgs answered or waiting to be asked; one the upstream did not answer for is asked again later.
  const asked = new Set<string>();
  let queue: Promise<void> = Promise.resolve();

  /** Asks in batches, logging each batch in the file's order; false once the upstream did not answer. */
  const ask = async (orgs: readonly WorkerOrg[], unreachableMessage: string): Promise<boolean> => {
    for (let i = 0; i < orgs.length; i += concurrency) {
      const batch = orgs.slice(i, i + concurrency);
      const verdicts = await Promise.all(batch.map(({org}) => check(org)));
      for (const [j, verdict] of verdicts.entries()) {
        const {org, in: source} = batch[j]!;
        switch (verdict.result) {
          case 'rejected': {
            const ref = options.refOf?.(org);
            if (ref) {
              logEvent("the upstream rejected this org's key (401): its runs fail as auth until the key is replaced", {org, key: ref}, 'warn');
              break;
            }
            for (const left of orgs.slice(i)) asked.delete(left.org);
            throw new KeyRejectedError(verdict.message, REJECTED_KEY_HINT);
          }
          case 'no-access':
            logEvent('the API key cannot reach this org (403: no access to it, or no org of that name upstream): its checks fail until it can', {org, in: source}, 'warn');
            break;
          case 'unreachable':
            for (const left of orgs.slice(i)) asked.delete(left.org);
            logEvent(unreachableMessage, {error: verdict.message}, 'warn');
            return false;
          case 'accepted':
            break;
        }
      }
    }
    return true;
  };
  const later = (orgs: readonly WorkerOrg[], refused: string, unreachableMessage: string): Promise<void> => {
    const fresh = orgs.filter(({org}) => !asked.has(org));
    for (const {org} of fresh) asked.add(org);
    if (fresh.length === 0) return queue;
    queue = queue.then(() =>
      ask(fresh, unreachableMessage).then(
        () => {},
        (error: unknown) => logEvent(refused, {error: error instanceof Error ? error.message : String(error)}, 'warn'),
      ),
    );
    return queue;
  };

  return {
    async start(orgs) {
      const now = orgs.slice(0, beforeStart);
      for (const {org} of now) asked.add(org);
      const unreachable = 'could not check the API key at start; runs retry while the upstream is away';
      // The first alone: a rejected key (the same for every org) is one 401, not a batch of them.
      if (!(await ask(now.slice(0, 1), unreachable))) {
        // Not asked: a change of the file asks them.
        for (const {org} of now.slice(1)) asked.delete(org);
        return;
      }
      if (!(await ask(now.slice(1), unreachable))) return;
      const rest = orgs.slice(beforeStart);
      if (rest.length === 0) return;
      logEvent('checking the API key for the other orgs after start', {checked: now.length, after: rest.length});
      void later(rest, 'the API key was refused while the other orgs were checked; runs fail until it is accepted', 'could not check the API key for the other orgs; runs retry while the upstream is away');
    },
    added: orgs =>
      later(orgs, 'the API key was refused after the checks file changed; runs fail until it is accepted', "could not check the API key for the changed checks file's orgs; runs retry while the upstream is away"),
    settled: () => queue,
  };
}
