import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runMaintenanceAdd} from '../../../../src/cmd/maintenance/add/add.js';
import {runMaintenanceEnd} from '../../../../src/cmd/maintenance/end/end.js';
import {runMaintenanceList} from '../../../../src/cmd/maintenance/list/list.js';
import {startRedis, type TestRedis} from '../../../jobs/redis-server.js';
import {requireProgram} from '../../../helpers/programs.js';
import {maintenanceFiles, runMaintenance} from '../harness.js';

const redisServer = requireProgram('redis-server');
const files = maintenanceFiles();
let redis: TestRedis;

describe.skipIf(redisServer.skipReason)('vigil maintenance end', () => {
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('ends an active window now: list no longer shows it, --all shows it ended', async () => {
    const options = (tty: boolean) => ({tty, dir: files.dir, redisUrl: redis.url});
    const added = JSON.parse((await runMaintenance(runMaintenanceAdd, {checks: files.checks, prefix: 'me', org: 'acme', for: '2h', json: true}, options(false))).out) as {id: string};
    const ended = await runMaintenance(runMaintenanceEnd, {prefix: 'me', id: added.id}, options(true));
    expect(ended.err).toBe('');
    expect(ended.code).toBe(0);
    expect(ended.out).toMatch(new RegExp(`^maintenance ${added.id}: acme, every check, ended, `));
    expect((await runMaintenance(runMaintenanceList, {prefix: 'me', json: true}, options(false))).out).toBe('[]\n');
    const all = JSON.parse((await runMaintenance(runMaintenanceList, {prefix: 'me', json: true, all: true}, options(false))).out) as {id: string; state: string}[];
    expect(all).toMatchObject([{id: added.id, state: 'ended'}]);
  });

  it('refuses an unknown id, a malformed one and a checks-file window, each naming <id>', async () => {
    const end = (id: string) => runMaintenance(runMaintenanceEnd, {prefix: 'me2', id}, {tty: false, dir: files.dir, redisUrl: redis.url});
    const unknown = await end('cli-00000000');
    expect(unknown.code).toBe(3);
    expect(unknown.err).toContain('<id>: no window cli-00000000 under prefix me2');
    expect((await end('nonsense!')).err).toContain('<id>: must be a window id');
    expect((await end('file-0')).err).toContain("<id>: file-0 is a window of the checks file: remove it from the file's maintenance: section");
  });
});
