import {HEALTHCHECK_DEFAULTS, REVIEW_LIMIT_PER_DAY} from '../../api/wire/index.js';
import type {IO} from '../../cli/io.js';
import {interruptSignal, wasInterrupted} from '../../cli/interrupt.js';
import {InputError, VigilError} from '../../errors.js';
import {ExitCode} from '../../exit-codes.js';
import {formatError} from '../../output/error-banner.js';
import {VERSION} from '../../version.js';
import {formatBanner} from '../../sandbox/banner.js';
import {cancelledCountResult} from '../../sandbox/healthcheck.js';
import type {SeedData} from '../../sandbox/model.js';

/** `vigil sandbox` flags as Pastel hands them over (types only; checked here). */
export interface SandboxFlags {
  port?: string;
  host?: string;
  seed?: string;
  seedFile?: string;
  apiKey?: string;
  scopedKey?: string;
  scopedOrg?: string;
  reviewLimit?: string;
  quiet?: boolean;
}

export interface SandboxSettings {
  port: number;
  host: string;
  seed: string;
  seedFile?: string;
  apiKey?: string;
  scopedKey?: string;
  scopedOrg?: string;
  /** Reviews per org per rolling 24 hours (default 10, as upstream). */
  reviewLimit: number;
  quiet: boolean;
}

const MIN_KEY_LENGTH = 8;

/** Flags > env; every problem at once, named by its flag. */
export function resolveSandboxSettings(flags: SandboxFlags, env: NodeJS.ProcessEnv): SandboxSettings {
  const problems: Array<{field: string; message: string}> = [];
  let port = 4010;
  if (flags.port !== undefined) {
    const value = Number(flags.port);
    if (!/^\d+$/.test(flags.port.trim()) || value > 65535) problems.push({field: '--port', message: `must be an integer from 0 to 65535 (0 picks a free port), got "${flags.port}"`});
    else port = value;
  }
  const host = flags.host ?? '127.0.0.1';
  if (host.trim() === '') problems.push({field: '--host', message: 'must not be empty'});
  let reviewLimit: number = REVIEW_LIMIT_PER_DAY;
  if (flags.reviewLimit !== undefined) {
    const text = flags.reviewLimit.trim();
    if (!/^\d{1,6}$/.test(text)) problems.push({field: '--review-limit', message: `must be a whole number from 0 to 999999 (0 refuses every review), got "${flags.reviewLimit}"`});
    else reviewLimit = Number(text);
  }
  const seed = flags.seed ?? 'demo';
  if (seed.trim() === '') problems.push({field: '--seed', message: 'must not be empty'});
  if (flags.seed !== undefined && flags.seedFile !== undefined) problems.push({field: '--seed', message: 'give --seed or --seed-file, not both (a fixture may name a "seed" to start from)'});
  const key = (flag: string, envName: string, value: string | undefined) => {
    const chosen = value ?? (env[envName] === '' ? undefined : env[envName]);
    if (chosen !== undefined && (chosen.length < MIN_KEY_LENGTH || /\s/.test(chosen))) {
      problems.push({field: value === undefined ? envName : flag, message: `must be at least ${MIN_KEY_LENGTH} characters without spaces`});
    }
    return chosen;
  };
  const apiKey = key('--api-key', 'VIGIL_SANDBOX_API_KEY', flags.apiKey);
  const scopedKey = key('--scoped-key', 'VIGIL_SANDBOX_SCOPED_KEY', flags.scopedKey);
  if (apiKey !== undefined && apiKey === scopedKey) problems.push({field: '--scoped-key', message: 'must differ from the all-orgs key'});
  if (problems.length > 0) throw new InputError(problems);
  return {
    port, host, seed, reviewLimit, quiet: flags.quiet === true,
    ...(flags.seedFile === undefined ? {} : {seedFile: flags.seedFile}),
    ...(apiKey === undefined ? {} : {apiKey}),
    ...(scopedKey === undefined ? {} : {scopedKey}),
    ...(flags.scopedOrg === undefined ? {} : {scopedOrg: flags.scopedOrg}),
  };
}

/** Resolves on the first Ctrl+C (SIGINT, via the CLI's interrupt handler) or SIGTERM. */
function untilStopped(signal: AbortSignal): Promise<'SIGINT' | 'SIGTERM'> {
  return new Promise(resolve => {
    const onTerm = () => finish('SIGTERM');
    const onAbort = () => finish('SIGINT');
    function finish(how: 'SIGINT' | 'SIGTERM') {
      process.off('SIGTERM', onTerm);
      signal.removeEventListener('abort', onAbort);
      resolve(how);
    }
    if (signal.aborted) return resolve('SIGINT');
    process.on('SIGTERM', onTerm);
    signal.addEventListener('abort', onAbort);
  });
}

const hhmmss = () => new Date().toISOString().slice(11, 19);

/**
 * The work of `vigil sandbox`: start the server, print the banner to stdout, log requests to
 * stderr, stop cleanly on Ctrl+C / SIGTERM. Returns the exit code; never throws.
 */
export async function runSandboxCommand(flags: SandboxFlags, io: IO, signal: AbortSignal = interruptSignal): Promise<number> {
  try {
    const settings = resolveSandboxSettings(flags, io.env);
    const now = Date.now();
    let data: SeedData;
    let seedLabel: string;
    if (settings.seedFile !== undefined) {
      const {loadFixtureFile} = await import('../../sandbox/fixture.js');
      data = await loadFixtureFile(settings.seedFile, now);
      seedLabel = `fixture ${settings.seedFile}`;
    } else {
      const {generateSeed} = await import('../../sandbox/seed.js');
      data = generateSeed(settings.seed, now);
      seedLabel = `seed "${settings.seed}"`;
    }
    const scopedOrg = settings.scopedOrg ?? data.orgs[0]?.slug;
    if (scopedOrg === undefined || !data.orgs.some(o => o.slug === scopedOrg)) {
      throw new InputError([{field: '--scoped-org', message: `no org "${scopedOrg ?? ''}" in the data (orgs: ${data.orgs.map(o => o.slug).join(', ')})`}]);
    }

    // fastify is loaded only here, so no other command pays for it.
    const {startSandbox} = await import('../../sandbox/server.js');
    const log = settings.quiet ? undefined : (line: string) => void io.stderr.write(`${hhmmss()} ${line}\n`);
    const sandbox = await startSandbox({
      port: settings.port,
      host: settings.host,
      data,
      reviewLimit: settings.reviewLimit,
      keys: {scopedOrg, ...(settings.apiKey ? {allOrgs: settings.apiKey} : {}), ...(settings.scopedKey ? {scoped: settings.scopedKey} : {})},
      ...(log ? {log} : {}),
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') throw new InputError([{field: '--port', message: `${settings.host}:${settings.port} is already in use`}], 'pass --port 0 to pick a free port');
      if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') throw new InputError([{field: '--host', message: `cannot listen on ${settings.host}`}]);
      throw error;
    });

    io.stdout.write(formatBanner({
      version: VERSION,
      url: sandbox.url,
      origin: sandbox.origin,
      seedLabel,
      allOrgsKey: sandbox.keys.allOrgs,
      scopedKey: sandbox.keys.scoped,
      scopedOrg,
      reviewLimit: settings.reviewLimit,
      lookbackHours: HEALTHCHECK_DEFAULTS.lookbackHours,
      quiet: settings.quiet,
      orgs: data.orgs.map(org => {
        const result = cancelledCountResult(sandbox.store, {slug: org.slug}, Date.now(), sandbox.origin);
        return {slug: org.slug, name: org.name, reports: sandbox.store.reports.filter(r => r.orgSlug === org.slug).length, severity: result.severity, cancelledCount: Number(result.observed.cancelledCount)};
      }),
    }));

    const how = await untilStopped(signal);
    io.stderr.write(`${hhmmss()} ${how}: stopping the sandbox\n`);
    await sandbox.close();
    io.stderr.write(`${hhmmss()} stopped\n`);
    return how === 'SIGINT' || wasInterrupted() ? ExitCode.Interrupted : ExitCode.Ok;
  } catch (error) {
    const report = formatError(error, {debug: io.env.VIGIL_DEBUG === '1'});
    io.stderr.write(report.text);
    return error instanceof VigilError ? error.exitCode : report.exitCode;
  }
}
