import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runMaintenanceAdd} from '../../../../src/cmd/maintenance/add/add.js';
import {runMaintenanceList} from '../../../../src/cmd/maintenance/list/list.js';
import {publishFileWindows} from '../../../../src/maintenance/store.js';
import {startRedis, type TestRedis} from '../../../jobs/redis-server.js';
import {requireProgram} from '../../../helpers/programs.js';
import {maintenanceFiles, runMaintenance} from '../harness.js';

const redisServer = requireProgram('redis-server');
const files = maintenanceFiles();
let redis: TestRedis;

describe.skipIf(redisServer.skipReason)('vigil maintenance list', () => {
  beforeAll(async () => {
    redis = await startRedis();
    const options = {tty: false, dir: files.dir, redisUrl: redis.url};
    expect((await runMaintenance(runMaintenanceAdd, {checks: files.checks, prefix: 'ml', org: 'acme', for: '1h', reason: 'deploy \u001b[31mnow'}, options)).code).toBe(0);
    // The checks file's windows, as a worker publishes them: a recurring one, overlapping.
    await publishFileWindows(redis.client(), 'ml', [{id: 'file-0', org: 'acme', check: 'reviewing.backlog', cron: '0 2 * * 0', durationMs: 7_200_000, timezone: 'Europe/Paris', source: 'file'}]);
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('lists the CLI window and the file one as a table on a terminal, active first, without control sequences', async () => {
    const {code, out} = await runMaintenance(runMaintenanceList, {prefix: 'ml'}, {tty: true, dir: files.dir, redisUrl: redis.url});
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+ORG\s+CHECK\s+STATE\s+FROM\s+TO\s+SCHEDULE\s+REASON$/);
    expect(lines[1]).toMatch(/^cli-[0-9a-f]{8}\s+acme\s+every check\s+active\s+\S+\s+\S+\s+once\s+deploy now$/);
    expect(out).not.toContain('\u001b[31m');
    expect(lines.some(line => /file-0\s+acme\s+reviewing\.backlog\s+(recurring|active)\s.*0 2 \* \* 0 for 2h \(Europe\/Paris\)/.test(line))).toBe(true);
  });

  it('gives JSON rows when piped with --json', async () => {
    const {code, out} = await runMaintenance(runMaintenanceList, {prefix: 'ml', json: true}, {tty: false, dir: files.dir, redisUrl: redis.url});
    expect(code).toBe(0);
    const rows = JSON.parse(out) as {id: string; source: string; schedule: string}[];
    expect(rows.map(row => row.source).sort()).toEqual(['cli', 'file']);
    expect(rows.find(row => row.source === 'file')!.schedule).toBe('0 2 * * 0 for 2h (Europe/Paris)');
  });

  it('says on stderr when a prefix has no window', async () => {
    const {code, out, err} = await runMaintenance(runMaintenanceList, {prefix: 'ml-none'}, {tty: false, dir: files.dir, redisUrl: redis.url});
    expect(code).toBe(0);
    expect(out).toBe('');
    expect(err).toBe('no maintenance windows under prefix ml-none (ended ones: --all)\n');
  });
});
