import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runWork} from '../../src/ui/use-command.js';
import {runSchedulesList, type SchedulesListFlags} from '../../src/cmd/schedules/list.js';
import {fakeIO} from '../helpers/fake-io.js';
import {workerFixture} from './fixture.js';
import {spec, waitFor} from './harness.js';

const fixture = workerFixture();
const dir = mkdtempSync(path.join(tmpdir(), 'vigil-schedules-'));

const list = async (tty: boolean, flags: SchedulesListFlags) => {
  const io = fakeIO({tty, columns: 160, env: {VIGIL_CONFIG_DIR: dir, VIGIL_REDIS_URL: fixture.redis.url, NO_COLOR: '1'}});
  const code = await runWork(flags, ctx => runSchedulesList(flags, ctx), io, new AbortController().signal);
  return {code, out: io.out(), err: io.err()};
};

describe('vigil schedules list', () => {
  it('shows each scheduler with interval, next run and last result as a table on a terminal', async () => {
    fixture.stub.counts.set('sl-fail', 12);
    fixture.stub.failures.set('sl-err', [403, 403, 403, 403]);
    const worker = await fixture.start({prefix: 'sl', specs: [spec('sl-fail'), spec('sl-err'), spec('sl-new', {everyMs: 3_600_000})]});
    await waitFor('both runs', () => ['sl-fail', 'sl-err'].every(org => worker.runs.some(run => run.org === org)));
    const {code, out, err} = await list(true, {prefix: 'sl'});
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CHECK\s+ORG\s+EVERY\s+NEXT RUN\s+LAST RESULT\s+LAST RUN\s+LAST SUCCESS$/);
    expect(lines.find(line => line.includes('sl-fail'))).toMatch(/takedowns\.cancelled-count\s+sl-fail\s+1s\s+in \S+\s+fail\s+\S+ ago\s+\S+ ago$/);
    expect(lines.find(line => line.includes('sl-err'))).toMatch(/sl-err\s+1s\s+in \S+\s+error: auth\s+\S+ ago$/);
    expect(lines.find(line => line.includes('sl-new'))).toMatch(/sl-new\s+1h\s+in \S+\s+never run$/);
    await worker.shutdown(1000);
  });

  it('says how to create schedulers when there are none (stderr), exit 0', async () => {
    const {code, out, err} = await list(true, {prefix: 'empty'});
    expect(code).toBe(0);
    expect(out).toBe('');
    expect(err).toContain('no schedulers: start `vigil worker --checks <file>`');
    const json = await list(false, {prefix: 'empty', json: true});
    expect(JSON.parse(json.out)).toEqual([]);
  });
});
