import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runMaintenanceAdd, type MaintenanceAddFlags} from '../../../../src/cmd/maintenance/add/add.js';
import {windowsKey} from '../../../../src/maintenance/store.js';
import {startRedis, type TestRedis} from '../../../jobs/redis-server.js';
import {requireProgram} from '../../../helpers/programs.js';
import {maintenanceFiles, runMaintenance} from '../harness.js';

const redisServer = requireProgram('redis-server');
const files = maintenanceFiles();
let redis: TestRedis;

const add = (flags: MaintenanceAddFlags, tty = false) => runMaintenance(runMaintenanceAdd, {checks: files.checks, ...flags}, {tty, dir: files.dir, redisUrl: redis.url});
const stored = async (prefix: string) => Object.values(await redis.client().hgetall(windowsKey(prefix))).map(text => JSON.parse(text) as Record<string, unknown>);

describe.skipIf(redisServer.skipReason)('vigil maintenance add', () => {
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('stores a window of the whole org for --for from now, and says so on a terminal', async () => {
    const before = Date.now();
    const {code, out, err} = await add({prefix: 'ma1', org: 'acme', for: '2h', reason: 'upstream migration'}, true);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^maintenance cli-[0-9a-f]{8}: acme, every check, active, \S+ until \S+ \(upstream migration\)\n$/);
    const [window] = await stored('ma1');
    expect(window).toMatchObject({org: 'acme', reason: 'upstream migration', source: 'cli'});
    expect((window!.to as number) - (window!.from as number)).toBe(2 * 3_600_000);
    expect(window!.from as number).toBeGreaterThanOrEqual(before);
  });

  it('prints the window as JSON when piped with --json, for one check of a discover: org', async () => {
    const {code, out} = await add({prefix: 'ma2', org: 'globex', check: 'takedowns.cancelled-count', from: '2030-01-01T00:00:00Z', to: '2030-01-01T04:00:00Z', json: true});
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({org: 'globex', check: 'takedowns.cancelled-count', state: 'upcoming', from: '2030-01-01T00:00:00.000Z', to: '2030-01-01T04:00:00.000Z', source: 'cli'});
  });

  it('refuses an end before the start, naming --to, and stores nothing', async () => {
    const {code, err} = await add({prefix: 'ma3', org: 'acme', from: '2030-01-01T04:00:00Z', to: '2030-01-01T00:00:00Z'});
    expect(code).toBe(3);
    expect(err).toContain('--to: the window ends (2030-01-01T00:00:00.000Z) before it starts (2030-01-01T04:00:00.000Z)');
    expect(await stored('ma3')).toEqual([]);
  });

  it('refuses an org the checks file does not name, naming --org, and stores nothing', async () => {
    const {code, err} = await add({prefix: 'ma4', org: 'hooli', for: '1h'});
    expect(code).toBe(3);
    expect(err).toContain(`--org: hooli is not an org of the checks file ${files.checks}`);
    expect(await stored('ma4')).toEqual([]);
  });

  it('refuses a bad duration, a time without a zone and a missing length, each by its flag', async () => {
    expect((await add({prefix: 'ma5', org: 'acme', for: 'soon'})).err).toContain('--for:');
    expect((await add({prefix: 'ma5', org: 'acme', from: '2030-01-01 00:00', for: '1h'})).err).toContain('--from: must be an ISO-8601 time with a zone');
    const missing = await add({prefix: 'ma5', org: 'acme'});
    expect(missing.code).toBe(3);
    expect(missing.err).toContain('--for: is required');
    expect(await stored('ma5')).toEqual([]);
  });
});
