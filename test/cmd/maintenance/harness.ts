import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {runWork} from '../../../src/ui/use-command.js';
import type {CommandContext} from '../../../src/cli/context.js';
import {fakeIO} from '../../helpers/fake-io.js';

/** A checks file naming acme and globex (discover:), and a config folder, for the maintenance commands. */
export function maintenanceFiles() {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-maintenance-'));
  const checks = path.join(dir, 'checks.yaml');
  writeFileSync(checks, 'checks:\n  - {check: reviewing.backlog, org: acme}\ndiscover: {orgs: [globex]}\n');
  return {dir, checks};
}

/** Runs a maintenance command's work as `vigil` would, on a terminal or piped. */
export async function runMaintenance<F extends object>(work: (flags: F, ctx: CommandContext) => Promise<number>, flags: F, options: {tty: boolean; dir: string; redisUrl: string}) {
  const io = fakeIO({tty: options.tty, columns: 200, env: {VIGIL_CONFIG_DIR: options.dir, VIGIL_REDIS_URL: options.redisUrl, NO_COLOR: '1'}});
  const code = await runWork(flags, ctx => work(flags, ctx), io, new AbortController().signal);
  return {code, out: io.out(), err: io.err()};
}
