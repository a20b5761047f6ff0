import type {Redis} from 'ioredis';
import type {ApiClient} from '../../api/client.js';
import type {Settings} from '../../config/settings.js';
import {VigilError} from '../../errors.js';
import {ExitCode} from '../../exit-codes.js';
import {maskSecret} from '../../secrets.js';
import type {RedisSetting} from '../../redis/settings.js';
import {probeRedis, type ProbeResult} from '../../redis/probe.js';
import {readHeartbeats, STALE_MS, type SkippedBeat, type WorkerBeat} from '../../redis/heartbeat.js';
import {otherPrefixesNote, type PrefixWithSchedulers} from '../../redis/prefixes.js';

/**
 * The checks `vigil doctor` runs, each a plain function returning one line's worth of
 * verdict. Dependencies come in (client, Redis, fetch, clock) so tests drive each case.
 */

export type Status = 'ok' | 'warn' | 'fail';

export interface CheckLine {
  /** Short name: config, key, api, redis, prefix, workers, or `worker <id>`. */
  check: string;
  status: Status;
  detail: string;
  /** On fail: the exit code this failure maps to (README table). */
  exitCode?: number;
  /** On warn or fail: what to do next. */
  hint?: string;
}

const failed = (check: string, error: unknown, fallbackHint?: string): CheckLine => {
  const vigil = error instanceof VigilError ? error : undefined;
  const line: CheckLine = {check, status: 'fail', detail: error instanceof Error ? error.message : String(error), exitCode: vigil?.exitCode ?? ExitCode.Unexpected};
  const hint = vigil?.hint ?? fallbackHint;
  if (hint) line.hint = hint;
  return line;
};

const SOURCE_NAME = {flag: 'flag', env: 'environment', config: 'config.json', credentials: 'credentials.json'} as const;

export function checkConfig(settings: Settings): CheckLine {
  const parts = [`config folder ${settings.configDir}`];
  if (settings.apiKey) parts.push(`key ${maskSecret(settings.apiKey.value)} from ${SOURCE_NAME[settings.apiKey.source]}`);
  if (settings.baseUrl) parts.push(`base URL ${settings.baseUrl.value} from ${SOURCE_NAME[settings.baseUrl.source]}`);
  if (settings.org) parts.push(`org ${settings.org.value} from ${SOURCE_NAME[settings.org.source]}`);
  if (!settings.apiKey) return {check: 'config', status: 'fail', detail: `${parts.join(', ')}; no API key`, exitCode: ExitCode.Auth, hint: 'run `vigil auth login`, or set VIGIL_API_KEY'};
  if (!settings.baseUrl) {
    return {check: 'config', status: 'fail', detail: `${parts.join(', ')}; no base URL`, exitCode: ExitCode.Input, hint: 'pass --base-url, set VIGIL_BASE_URL, or run `vigil config set base-url <url>`'};
  }
  return {check: 'config', status: 'ok', detail: parts.join(', ')};
}

/**
 * One authenticated request, the cheapest the contract has (a one-report page): a 401 says
 * the key is wrong, a network error that the base URL is, a contract error that it is not
 * the API vigil speaks.
 */
export async function checkApi(client: Pick<ApiClient, 'listReports'>, baseUrl: string, org: string | undefined): Promise<CheckLine[]> {
  if (org === undefined) {
    return [{check: 'key', status: 'warn', detail: 'not checked live: no org to ask about', hint: 'pass --org, set VIGIL_ORG, or run `vigil config set org <slug>`'}];
  }
  try {
    await client.listReports({slug: org, limit: 1});
  } catch (error) {
    const code = error instanceof VigilError ? error.exitCode : ExitCode.Unexpected;
    if (code === ExitCode.Auth || code === ExitCode.Forbidden) return [failed('key', error)];
    if (code === ExitCode.NotFound) return [{check: 'key', status: 'ok', detail: 'accepted'}, failed('api', error, `is ${org} the right org?`)];
    return [{check: 'key', status: 'warn', detail: 'not checked: the API did not answer'}, failed('api', error)];
  }
  return [
    {check: 'key', status: 'ok', detail: `accepted for org ${org}`},
    {check: 'api', status: 'ok', detail: `${baseUrl} answers and speaks the contract`},
  ];
}

export async function checkRedis(setting: RedisSetting, timeoutMs: number): Promise<{line: CheckLine; probe?: ProbeResult}> {
  const {target, source} = setting;
  let probe: ProbeResult;
  try {
    probe = await probeRedis(target, source, timeoutMs);
  } catch (error) {
    return {line: failed('redis', error)};
  }
  const where = `${target.display} (${target.topology}${target.topology === 'standalone' ? '' : `, ${probe.primaries.length} primar${probe.primaries.length === 1 ? 'y' : 'ies'}`})`;
  const bad = Object.entries(probe.policies).filter(([, policy]) => policy !== 'noeviction');
  if (bad.length > 0) {
    return {
      probe,
      line: {
        check: 'redis',
        status: 'fail',
        detail: `Redis ${probe.version} at ${where}: maxmemory-policy ${bad.map(([node, policy]) => `${policy} on ${node}`).join(', ')}; BullMQ needs noeviction`,
        exitCode: ExitCode.Input,
        hint: 'run `redis-cli CONFIG SET maxmemory-policy noeviction` on each primary and set it in redis.conf',
      },
    };
  }
  return {probe, line: {check: 'redis', status: 'ok', detail: `Redis ${probe.version} at ${where}, maxmemory-policy noeviction`}};
}

/** The prefix's schedulers; with none, the prefixes of the same Redis that have some. */
export async function checkPrefix(prefix: string, schedulerCount: () => Promise<number>, others: () => Promise<PrefixWithSchedulers[]> = async () => []): Promise<CheckLine> {
  try {
    const count = await schedulerCount();
    if (count === 0) {
      // A hint, not a check: a Redis that refuses SCAN leaves the plain message.
      const note = otherPrefixesNote(prefix, await others().catch(() => []));
      if (note !== undefined) return {check: 'prefix', status: 'warn', detail: note, hint: 'or start `vigil worker --checks <file>` with this prefix'};
      return {check: 'prefix', status: 'warn', detail: `${prefix}: no schedulers`, hint: 'start `vigil worker --checks <file>` with this --prefix, or pass the prefix your workers use'};
    }
    return {check: 'prefix', status: 'ok', detail: `${prefix}: ${count} scheduler${count === 1 ? '' : 's'}`};
  } catch (error) {
    return failed('prefix', error);
  }
}

/**
 * How many /healthz probes run at once, how long one may take, and the one deadline for all:
 * heartbeats come from Redis, and anyone who can write there can plant thousands pointing
 * at addresses that never answer. Workers not probed by the deadline are counted, not listed.
 */
export interface WorkerProbeLimits {
  concurrency: number;
  eachMs: number;
  deadlineMs: number;
}

export const WORKER_PROBE_LIMITS: WorkerProbeLimits = {concurrency: 5, eachMs: 2000, deadlineMs: 5000};

/** GET a worker's /healthz: its status code; gives up when `signal` aborts. */
export type FetchHealth = (url: string, signal: AbortSignal) => Promise<number>;

/** Each beat's /healthz status (0: no answer), or undefined for those not probed before the deadline. */
async function probeBeats(beats: readonly WorkerBeat[], fetchHealth: FetchHealth, limits: WorkerProbeLimits): Promise<(number | undefined)[]> {
  const deadline = AbortSignal.timeout(limits.deadlineMs);
  const stopped = new Promise<number>(resolve => deadline.addEventListener('abort', () => resolve(0), {once: true}));
  const statuses: (number | undefined)[] = beats.map(() => undefined);
  let next = 0;
  const lane = async () => {
    while (next < beats.length && !deadline.aborted) {
      const index = next++;
      const signal = AbortSignal.any([deadline, AbortSignal.timeout(limits.eachMs)]);
      // Raced with the deadline too: an injected fetch that ignores the signal cannot hold doctor.
      statuses[index] = await Promise.race([fetchHealth(`${beats[index]!.metricsUrl}/healthz`, signal).catch(() => 0), stopped]);
    }
  };
  await Promise.all(Array.from({length: Math.min(limits.concurrency, beats.length)}, lane));
  return statuses;
}

/** Heartbeat entries that do not parse: named (a few), left out of the live ones. */
function skippedBeatsLine(key: string, skipped: readonly SkippedBeat[]): CheckLine {
  const named = skipped.slice(0, 3).map(({id, problem}) => `${JSON.stringify(id.slice(0, 80))}: ${problem.slice(0, 120)}`);
  const more = skipped.length > 3 ? `; ${skipped.length - 3} more` : '';
  return {
    check: 'heartbeats',
    status: 'warn',
    detail: `skipped ${skipped.length} bad heartbeat${skipped.length === 1 ? '' : 's'}: ${named.join('; ')}${more}`,
    hint: `something other than vigil wrote to ${key}: \`redis-cli HDEL ${key} <id>\` removes an entry`,
  };
}

/** Live workers from their heartbeats, and whether each one's /healthz answers 200. */
export async function checkWorkers(redis: Redis, key: string, now: number, fetchHealth: FetchHealth, limits: WorkerProbeLimits = WORKER_PROBE_LIMITS): Promise<CheckLine[]> {
  let beats: WorkerBeat[];
  let bad: CheckLine[];
  try {
    const read = await readHeartbeats(redis, key, now);
    beats = read.beats;
    bad = read.skipped.length === 0 ? [] : [skippedBeatsLine(key, read.skipped)];
  } catch (error) {
    return [failed('workers', error)];
  }
  const live = beats.filter(beat => now - beat.seenAt <= STALE_MS);
  if (live.length === 0) {
    return [{check: 'workers', status: 'warn', detail: 'no live worker on this prefix', hint: 'start `vigil worker`; workers write a heartbeat every 5 s'}, ...bad];
  }
  const statuses = await probeBeats(live, fetchHealth, limits);
  const notProbed = statuses.filter(status => status === undefined).length;
  const summary = `${live.length} live (heartbeat within ${STALE_MS / 1000}s)`;
  const lines: CheckLine[] = [
    notProbed === 0
      ? {check: 'workers', status: 'ok', detail: summary}
      : {
          check: 'workers',
          status: 'warn',
          detail: `${summary}; ${notProbed} of ${live.length} not probed: ${limits.deadlineMs / 1000}s deadline for all /healthz probes (${limits.concurrency} at once)`,
          hint: 'that many heartbeats on one prefix is unusual: check what writes to this Redis, or run doctor with each --prefix apart',
        },
  ];
  lines.push(...bad);
  live.forEach((beat, index) => {
    const status = statuses[index];
    if (status === undefined) return;
    const what = `${beat.host} pid ${beat.pid} v${beat.version}, metrics ${beat.metricsUrl}/metrics`;
    lines.push(
      status === 200
        ? {check: `worker ${beat.host}:${beat.pid}`, status: 'ok', detail: `${what}, /healthz 200`}
        : {
            check: `worker ${beat.host}:${beat.pid}`,
            status: 'warn',
            detail: `${what}, /healthz ${status === 0 ? 'unreachable from here' : status}`,
            hint: 'from another machine the worker may listen on 127.0.0.1 only (--metrics-host)',
          },
    );
  });
  return lines;
}
