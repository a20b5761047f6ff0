import type {CommandContext} from '../../cli/context.js';
import {colorEnabled, painter} from '../../output/color.js';
import {sanitizeText} from '../../output/sanitize.js';
import {renderJson} from '../../output/json.js';
import {redact} from '../../secrets.js';
import {ExitCode} from '../../exit-codes.js';
import {resolveRedisSetting, type RedisFlags} from '../../redis/settings.js';
import {workersKey} from '../../redis/heartbeat.js';
import {Problems} from '../../cli/problems.js';
import {connectRedis} from '../../redis/connect.js';
import {prefixesWithSchedulers} from '../../redis/prefixes.js';
import {QUEUE_NAME} from '../../redis/queue.js';
import {checkApi, checkConfig, checkPrefix, checkRedis, checkWorkers, type CheckLine, type FetchHealth, type WorkerProbeLimits} from './checks.js';

export interface DoctorFlags extends RedisFlags {
  debug?: boolean;
  json?: boolean;
}

export interface DoctorDeps {
  /** GET a worker's /healthz: its status code. Default: fetch, aborted by the signal. */
  fetchHealth?: FetchHealth;
  /** Bounds of the /healthz probes. Default: WORKER_PROBE_LIMITS. */
  workerProbeLimits?: WorkerProbeLimits;
  /** Milliseconds each Redis probe step may take. Default: 3000. */
  redisTimeoutMs?: number;
}

const defaultFetchHealth: FetchHealth = async (url, signal) => {
  const response = await fetch(url, {signal, redirect: 'manual'});
  await response.body?.cancel();
  return response.status;
};

const STYLE = {ok: 'green', warn: 'yellow', fail: 'red'} as const;

/** One line per check: `ok    redis    Redis 7.2 at ...`, the hint indented below. Pure. */
export function formatLines(lines: readonly CheckLine[], color: boolean): string {
  const paint = painter(color);
  // The name column is text from Redis too (`worker <host>:<pid>` of a heartbeat), as the detail is.
  const names = lines.map(line => sanitizeText(line.check));
  const width = Math.max(...names.map(name => name.length));
  return lines
    .map((line, index) => {
      const head = `${paint(STYLE[line.status], line.status.padEnd(4))}  ${names[index]!.padEnd(width)}  ${sanitizeText(line.detail)}`;
      return line.hint ? `${head}\n${' '.repeat(width + 8)}${paint('gray', `-> ${sanitizeText(line.hint)}`)}` : head;
    })
    .join('\n');
}

/**
 * `vigil doctor`: what an operator runs first. Config and key source, the key checked live,
 * the API, Redis (version, eviction policy), the prefix's schedulers, live workers and their
 * metrics. Exit 0 when nothing fails, else the exit code of the first failure.
 */
export async function runDoctor(flags: DoctorFlags, ctx: CommandContext, deps: DoctorDeps = {}): Promise<number> {
  const problems = new Problems();
  const setting = resolveRedisSetting(flags, ctx.io.env, problems);
  problems.throwIfAny('see `vigil doctor --help`');
  const lines: CheckLine[] = [];

  const config = checkConfig(ctx.settings);
  lines.push(config);
  if (config.status === 'ok') {
    const client = ctx.client({retries: 0, timeoutMs: 5000});
    lines.push(...(await checkApi(client, ctx.settings.baseUrl!.value, ctx.settings.org?.value)));
  }

  const {line: redisLine, probe} = await checkRedis(setting!, deps.redisTimeoutMs ?? 3000);
  lines.push(redisLine);
  if (probe) {
    const redis = await connectRedis(setting!.target, setting!.source, {oneShot: true, requireNoEviction: false}).catch(() => undefined);
    if (redis) {
      try {
        const {Queue} = await import('bullmq');
        // skipMetasUpdate: doctor only reads; a Queue otherwise writes <prefix>:healthchecks:meta.
        const queue = new Queue(QUEUE_NAME, {connection: redis, prefix: setting!.prefix, skipMetasUpdate: true});
        try {
          lines.push(await checkPrefix(setting!.prefix, () => queue.getJobSchedulersCount(), () => prefixesWithSchedulers(redis)));
        } finally {
          await queue.close();
        }
        lines.push(...(await checkWorkers(redis, workersKey(setting!.prefix, QUEUE_NAME), ctx.now().getTime(), deps.fetchHealth ?? defaultFetchHealth, deps.workerProbeLimits)));
      } finally {
        await redis.quit().catch(() => redis.disconnect());
      }
    }
  }

  if (flags.json) {
    // Like every --json: sorted keys, bidi and C1 controls as \u escapes (a hostile Redis's text too).
    ctx.io.stdout.write(redact(renderJson(lines, {pretty: ctx.io.stdoutIsTTY})));
  } else {
    const color = colorEnabled(ctx.io);
    ctx.io.stdout.write(redact(`${formatLines(lines, color)}\n`));
  }
  return lines.find(line => line.status === 'fail')?.exitCode ?? ExitCode.Ok;
}
