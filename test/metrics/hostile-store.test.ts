import {spawnSync} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runSchedulesList, type SchedulesListFlags} from '../../src/cmd/schedules/list/list.js';
import {runWork} from '../../src/ui/use-command.js';
import {requirePrograms} from '../helpers/programs.js';
import {fakeIO} from '../helpers/fake-io.js';
import {workerFixture} from '../jobs/fixture.js';
import {metricValue, scrape, spec} from '../jobs/harness.js';

/*
 * Anyone who can write to vigil's Redis keys: what they write is input. A number that is not
 * one, a newline that starts a series, OSC 8 or bidi in a label: each entry is skipped,
 * counted and named, and the scrape stays one promtool accepts.
 */

const fixture = workerFixture();
// Its own redis-server, and promtool to read the scrape as Prometheus would.
const promtool = requirePrograms('promtool', 'redis-server');
const dir = mkdtempSync(path.join(tmpdir(), 'vigil-hostile-'));
const INJECTED = '1\nvigil_injected{x="y"} 42';

/** Writes what an attacker with Redis access would, over what a worker stored for prefix `p`. */
async function tamper(p: string) {
  const redis = fixture.redis.client();
  const config = `${p}:healthchecks:vigil:config`;
  const state = `${p}:healthchecks:vigil:state`;
  const good = spec(`${p}-good`, {everyMs: 3_600_000});
  const threshold = spec(`${p}-threshold`, {everyMs: 3_600_000});
  await redis.hset(config, threshold.id, JSON.stringify({...threshold, warnThreshold: '1 }{ garbage'}));
  const osc = {id: `takedowns.cancelled-count@evil\u001b]8;;https://x.example\u0007`, check: 'takedowns.cancelled-count', org: 'evil\u001b]8;;https://x.example\u0007', everyMs: 1000};
  await redis.hset(config, osc.id, JSON.stringify(osc));
  const bidi = {id: 'takedowns.cancelled-count@acme\u202e', check: 'takedowns.cancelled-count', org: 'acme\u202e', everyMs: 1000};
  await redis.hset(config, bidi.id, JSON.stringify(bidi));
  const success = {severity: 'fail', ok: false, observed: {count: INJECTED}, threshold: {warn: INJECTED}, at: 1000, appUrl: null};
  const run = {at: 'not a time', outcome: 'fail', durationMs: 5};
  await redis.hset(state, good.id, `${JSON.stringify(success)}\n${JSON.stringify(run)}`);
  return {good, threshold};
}

describe.skipIf(promtool.skipReason)('stored state is input: numbers stay numbers, labels follow the rules', () => {
  it('skips and counts hostile entries; the scrape passes promtool check metrics and carries no injected series', async () => {
    const worker = await fixture.start({prefix: 'hs', specs: [spec('hs-good', {everyMs: 3_600_000}), spec('hs-threshold', {everyMs: 3_600_000})]});
    const {good, threshold} = await tamper('hs');
    const text = await scrape(worker);
    expect(text).not.toContain('vigil_injected');
    expect(text).not.toContain('garbage');
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u202e');
    expect(text).not.toContain('evil');
    // The threshold entry and both label entries are config (the pair is not exported); the good pair's state halves are left out.
    expect(metricValue(text, 'vigil_store_entries_skipped')).toBe(4);
    expect(metricValue(text, 'vigil_check_interval_seconds', {check: good.check, org: good.org})).toBe(3600);
    expect(metricValue(text, 'vigil_check_severity', {check: good.check, org: good.org})).toBeUndefined();
    expect(metricValue(text, 'vigil_check_warn_threshold', {check: threshold.check, org: threshold.org})).toBeUndefined();
    if (promtool.path) {
      const check = spawnSync(promtool.path, ['check', 'metrics'], {input: text, encoding: 'utf8'});
      // Lint warnings (exit 3) are about names and help texts; exit 1 is a scrape Prometheus would drop.
      expect(check.status === 0 || check.status === 3, `${check.stdout}${check.stderr}`).toBe(true);
      expect(`${check.stdout}${check.stderr}`).not.toMatch(/error while linting|text format parsing error/);
    }
  });

  it('schedules list names the bad entry instead of failing with "Invalid time value"', async () => {
    await fixture.start({prefix: 'hl', specs: [spec('hl-good', {everyMs: 3_600_000}), spec('hl-threshold', {everyMs: 3_600_000})]});
    await tamper('hl');
    const io = fakeIO({tty: false, env: {VIGIL_CONFIG_DIR: dir, VIGIL_REDIS_URL: fixture.redis.url}});
    const flags: SchedulesListFlags = {prefix: 'hl', json: true};
    expect(await runWork(flags, ctx => runSchedulesList(flags, ctx), io, new AbortController().signal)).toBe(0);
    const rows = JSON.parse(io.out()) as {id: string; lastRunAt: string | null}[];
    expect(rows.find(row => row.id === 'takedowns.cancelled-count@hl-good')!.lastRunAt).toBeNull();
    expect(io.err()).toContain('warning: skipped a bad stored entry "takedowns.cancelled-count@hl-good": success.observed.count: ');
    expect(io.err()).toContain('warning: skipped a bad stored entry "takedowns.cancelled-count@hl-threshold": config warnThreshold: ');
    expect(io.err()).not.toContain('Invalid time value');
    expect(io.err()).not.toContain('\u001b');
  });
});
