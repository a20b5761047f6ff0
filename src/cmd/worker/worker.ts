import type {CommandContext} from '../../cli/context.js';
import {removeInterruptHandler} from '../../cli/interrupt.js';
import {colorEnabled} from '../../output/color.js';
import {InputError} from '../../errors.js';
import {ExitCode} from '../../exit-codes.js';
import {loadChecksFile} from '../../checks/loader.js';
import {publishFileWindows} from '../../maintenance/store.js';
import {publishDependencies} from '../../maintenance/depends.js';
import {formatDuration} from '../../checks/duration.js';
import {hostname} from 'node:os';
import {connectRedis} from '../../redis/connect.js';
import {QUEUE_NAME} from '../../redis/queue.js';
import {startHeartbeat, workersKey} from '../../redis/heartbeat.js';
import {VERSION} from '../../version.js';
import {createWorkerLogger, type WorkerLogger} from './log.js';
import {orgsOf, readableVerdicts, workerKeyChecks, type WorkerKeyChecks} from './key-check.js';
import {keyChecker} from '../auth/shared/check-key.js';
import {keyRefNames, orgKeys, registryOnOrgKeys, type OrgKeys} from '../../checks/key-refs.js';
import {keyRefsKey, writeKeyRefs} from '../../redis/key-refs.js';
import type {ShutdownResult} from '../../../jobs/shutdown.js';
import type {CheckWorker} from '../../../jobs/worker.js';
import type {ApiClient} from '../../api/client.js';
import type {ChecksConfig} from '../../checks/schema.js';
import type {Redis} from 'ioredis';
import {resolveWorkerOptions, type WorkerFlags, type WorkerOptions} from './options.js';

/** Where shutdown requests come from: SIGINT/SIGTERM in the CLI, a fake in tests. */
export interface SignalSource {
  /** Calls `handler` on each signal; returns a function that stops listening. */
  listen(handler: (name: string) => void): () => void;
}

export const processSignals: SignalSource = {
  listen(handler) {
    // The bootstrap's Ctrl+C handler exits 130 after 2 s; a worker drains instead.
    // (The bootstrap is a separate build: its listener is not this build's `interrupt`.)
    removeInterruptHandler();
    const onInt = () => handler('SIGINT');
    const onTerm = () => handler('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    return () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    };
  },
};

/**
 * `vigil worker`: resolves only after shutdown, so the command stays up while it works.
 * Exit 0 after a graceful stop (in-flight runs finished), 130 when a second signal forced it.
 */
export async function runWorkerCommand(flags: WorkerFlags, ctx: CommandContext, signals: SignalSource = processSignals): Promise<number> {
  const options = resolveWorkerOptions(flags, ctx.io.env);
  const logger = stderrLogger(ctx);
  const {stopped} = await startAndListen(options, ctx, logger, signals);
  const {result, forced} = await stopped;
  if (result) logger.event(stoppedMessage(result), {aborted: result.aborted, redis: result.redisReachable ? 'closed' : 'unreachable'});
  return forced ? ExitCode.Interrupted : ExitCode.Ok;
}

/**
 * Starts the worker and says so. Its own frame, not runWorkerCommand's: an async function
 * keeps its locals while it awaits, and the start-up config (every spec of the file) held
 * for the worker's life beside the one a changed file brought was the soak's one-time heap
 * step of 2 MiB at 10,000 pairs. The promise is wrapped so that returning it does not wait.
 */
async function startAndListen(options: WorkerOptions, ctx: CommandContext, logger: WorkerLogger, signals: SignalSource): Promise<{stopped: ReturnType<typeof untilStopped>}> {
  const config = await loadChecksFile(options.checksPath);
  // Retries belong to BullMQ (backoff across workers, visible in the queue), not the client;
  // a run's budget is the checks file's timeout (the processor aborts at it), not --timeout.
  const overrides = {retries: 0, timeoutMs: config.timeoutMs + 1000, budgetMs: config.timeoutMs + 1000, waitingLine: false} as const;
  const client = ctx.client(overrides);
  // The orgs of `keys:` each on their own key, read at start: a missing one is exit 3 now.
  const keys = await orgKeys(config.keys, ctx.io.env, apiKey => ctx.client({...overrides, apiKey}));

  // Every org of checks: and discover:, once: an org the key cannot reach is named at start.
  const keyChecks = keyChecksOf(ctx, logger, keys);
  await keyChecks.start(orgsOf(config));

  const redis = await connectRedis(options.redis, options.redisUrlSource);
  // For `schedules list` and the board: each org's key by its reference, never the key; the
  // file's maintenance windows and dependsOn, where every replica and the CLI read them.
  await Promise.all([
    writeKeyRefs(redis, keyRefsKey(options.prefix, QUEUE_NAME), keyRefNames(config.keys)),
    publishFileWindows(redis, options.prefix, config.maintenance),
    publishDependencies(redis, options.prefix, config.specs),
  ]);
  const worker = await startWorker(redis, options, config, client, logger, keyChecks, keys.keyFor);
  const heartbeat = startWorkerHeartbeat(redis, options.prefix, worker.metricsUrl);
  // Listening before the line that says so: a supervisor (a test, the soak, a script) that
  // sends SIGTERM the moment it reads it could otherwise meet the default action, which
  // kills the process undrained (1 start in 10 on one busy core).
  const stopped = untilStopped(signals, worker, heartbeat, logger, options.graceMs);
  logger.event('worker started', startedFields(worker, options, config));
  return {stopped};
}

/** The key checks of the worker's orgs, a client per key; none without a key or base URL (nothing to ask). */
function keyChecksOf(ctx: CommandContext, logger: WorkerLogger, keys: OrgKeys): WorkerKeyChecks {
  const {apiKey, baseUrl} = ctx.settings;
  const checkerOf = (key: string) => (baseUrl ? readableVerdicts(keyChecker(key, baseUrl.value, ctx)) : undefined);
  const check = apiKey ? checkerOf(apiKey.value) : undefined;
  const byRef = new Map([...keys.keys].map(([ref, key]) => [ref, checkerOf(key)]));
  const refOf = (org: string) => keys.keyFor(org)?.ref;
  return workerKeyChecks({
    check: async org => {
      const own = refOf(org);
      const checker = own ? byRef.get(own) : check;
      return checker ? checker(org) : {result: 'accepted'};
    },
    refOf,
    logEvent: logger.event,
  });
}

/** The worker's log on stderr: JSON lines unless stderr is a terminal, colour as the terminal allows. */
function stderrLogger(ctx: CommandContext): WorkerLogger {
  const stderr = ctx.io.stderr;
  return createWorkerLogger(stderr, {
    json: stderr.isTTY !== true,
    color: colorEnabled({...ctx.io, stdoutIsTTY: stderr.isTTY === true, stdout: stderr}),
  });
}

/** The checker on `redis`; a metrics port that cannot be had is exit 3 naming --metrics-port. */
async function startWorker(redis: Redis, options: WorkerOptions, config: ChecksConfig, client: ApiClient, logger: WorkerLogger, keyChecks: WorkerKeyChecks, keyFor: OrgKeys['keyFor']): Promise<CheckWorker> {
  const {startCheckWorker} = await import('../../../jobs/worker.js');
  try {
    return await startCheckWorker({
      redis,
      prefix: options.prefix,
      specs: config.specs,
      ...(config.discover ? {discover: config.discover} : {}),
      client: config.keys ? registryOnOrgKeys(client, keyFor) : client,
      ...(config.keys ? {keyFor} : {}),
      concurrency: options.concurrency,
      metricsHost: options.metricsHost,
      metricsPort: options.metricsPort,
      timeoutMs: config.timeoutMs,
      retry: config.retry,
      lockDurationMs: options.lockDurationMs,
      // A changed file's new orgs are checked as at start; a key rejected now is logged, not an exit.
      checksFile: {path: options.checksPath, current: config, onApplied: next => Promise.all([keyChecks.added(orgsOf(next)), publishFileWindows(redis, options.prefix, next.maintenance), publishDependencies(redis, options.prefix, next.specs)]).then(() => {})},
      logRun: logger.run,
      logEvent: logger.event,
    });
  } catch (error) {
    redis.disconnect();
    throw metricsPortProblem(error, options) ?? error;
  }
}

/** A listen error of the metrics server as the InputError that names the flag, or undefined. */
export function metricsPortProblem(error: unknown, options: Pick<WorkerOptions, 'metricsHost' | 'metricsPort'>): InputError | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') return undefined;
  const what = code === 'EADDRINUSE' ? 'is in use' : code === 'EACCES' ? 'needs privileges' : 'is not an address of this machine';
  return new InputError(
    [{field: '--metrics-port', message: `${options.metricsHost}:${options.metricsPort} ${what} (${code})`}],
    'pick another --metrics-port (0 picks a free one) or --metrics-host',
  );
}

/** For `vigil doctor`: which workers are alive, and where their metrics are. */
function startWorkerHeartbeat(redis: Redis, prefix: string, metricsUrl: string) {
  const startedAt = Date.now();
  return startHeartbeat(redis, workersKey(prefix, QUEUE_NAME), {
    id: `${hostname()}:${process.pid}:${startedAt}`,
    host: hostname(),
    pid: process.pid,
    version: VERSION,
    metricsUrl,
    startedAt,
  });
}

/** The fields of the "worker started" line. */
export function startedFields(worker: Pick<CheckWorker, 'specs' | 'metricsUrl'>, options: WorkerOptions, config: ChecksConfig): Record<string, unknown> {
  return {
    checks: worker.specs().length,
    ...(config.discover ? {discover: config.discover.orgs.length, registryEvery: formatDuration(config.discover.registryEveryMs)} : {}),
    concurrency: options.concurrency,
    redis: options.redis.display,
    topology: options.redis.topology,
    prefix: options.prefix,
    metrics: `${worker.metricsUrl}/metrics`,
    timeout: formatDuration(config.timeoutMs),
    attempts: config.retry.attempts,
  };
}

/**
 * Waits for the first signal, then drains: the heartbeat goes first (a draining worker is
 * not one to send operators to), then the worker gets graceMs. A second signal aborts the
 * runs in flight. Resolves with the shutdown's result (undefined when the shutdown itself
 * failed: the process must still end) and whether a second signal forced it.
 */
export function untilStopped(
  signals: SignalSource,
  worker: Pick<CheckWorker, 'inFlight' | 'shutdown' | 'force'>,
  heartbeat: {stop(): Promise<void>},
  logger: Pick<WorkerLogger, 'event'>,
  graceMs: number,
): Promise<{result: ShutdownResult | undefined; forced: boolean}> {
  let signalCount = 0;
  let forced = false;
  return new Promise(resolve => {
    const stopListening = signals.listen(name => {
      signalCount++;
      if (signalCount > 1) {
        forced = true;
        logger.event('forcing shutdown: aborting in-flight runs', {signal: name, inFlight: worker.inFlight()});
        worker.force();
        return;
      }
      logger.event('shutting down: no new runs; waiting for in-flight ones (send the signal again to force)', {
        signal: name,
        inFlight: worker.inFlight(),
        grace: formatDuration(graceMs),
      });
      void heartbeat
        .stop()
        .then(() => worker.shutdown(graceMs))
        .then(
          result => {
            stopListening();
            resolve({result, forced});
          },
          (error: unknown) => {
            stopListening();
            logger.event('shutdown failed', {error: error instanceof Error ? error.message : String(error)});
            resolve({result: undefined, forced});
          },
        );
    });
  });
}

/** What the last log line says: what really happened, not what might have. */
export function stoppedMessage({aborted, redisReachable}: ShutdownResult): string {
  const runs = aborted === 1 ? '1 in-flight run' : `${aborted} in-flight runs`;
  const what = aborted > 0 ? `${runs} aborted; another worker retries them once their lock expires` : 'no run was in flight';
  return redisReachable ? (aborted > 0 ? `worker stopped (${what})` : 'worker stopped') : `worker stopped without Redis, which did not answer (${what})`;
}
