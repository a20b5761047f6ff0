import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadChecksFile, parseChecks} from '../../src/checks/loader.js';
import {parseDuration, formatDuration} from '../../src/checks/duration.js';
import {InputError} from '../../src/errors.js';
import {problemLines, rejectionOf} from '../helpers/thrown.js';

async function problemsOf(text: string): Promise<string[]> {
  return problemLines(await rejectionOf(parseChecks(text, 'checks.yaml'), InputError));
}

describe('checks file', () => {
  it('applies file defaults, then the upstream defaults, and parses durations', async () => {
    const config = await parseChecks(
      `defaults:\n  every: 5m\n  warnThreshold: 2\ntimeout: 10s\nretry: {attempts: 5, backoff: 2s}\nchecks:\n  - check: takedowns.cancelled-count\n    org: acme\n  - check: takedowns.cancelled-count\n    org: globex\n    every: 30s\n    failThreshold: 4\n    lookbackHours: 24\n`,
      'checks.yaml',
    );
    expect(config.timeoutMs).toBe(10_000);
    expect(config.retry).toEqual({attempts: 5, backoffMs: 2000});
    expect(config.specs).toEqual([
      {id: 'takedowns.cancelled-count@acme', check: 'takedowns.cancelled-count', org: 'acme', everyMs: 300_000, lookbackHours: 168, warnThreshold: 2, failThreshold: 10},
      {id: 'takedowns.cancelled-count@globex', check: 'takedowns.cancelled-count', org: 'globex', everyMs: 30_000, lookbackHours: 24, warnThreshold: 2, failThreshold: 4},
    ]);
  });

  it('reads JSON too', async () => {
    const config = await parseChecks(JSON.stringify({checks: [{check: 'takedowns.cancelled-count', org: 'acme', every: 60000}]}), 'checks.json');
    expect(config.specs[0]).toMatchObject({org: 'acme', everyMs: 60_000, warnThreshold: 3, failThreshold: 10});
  });

  it('names the path of every bad field', async () => {
    const problems = await problemsOf(
      `checks:\n  - check: takedowns.cancelled-count\n    org: acme\n  - check: Takedowns/nope\n    org: acme\n  - check: takedowns.cancelled-count\n    org: globex\n    every: 5 minutes\n    lookbackHours: 0\n    warnThreshold: -1\n    colour: red\n`,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^checks\.yaml: checks\[1\]\.check: must be a healthcheck id like takedowns\.cancelled-count/),
        expect.stringMatching(/^checks\.yaml: checks\[2\]\.every: must be a duration/),
        expect.stringMatching(/^checks\.yaml: checks\[2\]\.lookbackHours: must be greater than 0/),
        expect.stringMatching(/^checks\.yaml: checks\[2\]\.warnThreshold: must be at least 0/),
        expect.stringMatching(/^checks\.yaml: checks\[2\]: .*colour/),
      ]),
    );
  });

  it('refuses warn above fail (after defaults) and duplicate (check, org) pairs', async () => {
    const problems = await problemsOf(
      `defaults: {failThreshold: 2}\nchecks:\n  - {check: takedowns.cancelled-count, org: acme}\n  - {check: takedowns.cancelled-count, org: acme, warnThreshold: 1}\n`,
    );
    expect(problems).toEqual([
      'checks.yaml: checks[0].warnThreshold: warn threshold 3 is above the fail threshold 2',
      'checks.yaml: checks[1]: duplicates checks[0] (takedowns.cancelled-count for org acme)',
    ]);
  });

  it('refuses org slugs that cannot be keys and labels, an empty list, and broken YAML', async () => {
    expect(await problemsOf(`checks:\n  - {check: takedowns.cancelled-count, org: "a b"}\n`)).toEqual([expect.stringMatching(/checks\[0\]\.org: must be an org slug/)]);
    expect(await problemsOf('checks: []\n')).toEqual(['checks.yaml: checks: must list at least one check']);
    expect((await problemsOf('checks: [\n'))[0]).toMatch(/^--checks checks\.yaml: not valid YAML or JSON/);
  });

  it('names --checks when the file cannot be read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-checks-'));
    await expect(loadChecksFile(path.join(dir, 'missing.yaml'))).rejects.toMatchObject({problems: [{field: '--checks', message: expect.stringContaining('no such file')}]});
    writeFileSync(path.join(dir, 'ok.yaml'), 'checks:\n  - {check: takedowns.cancelled-count, org: acme}\n');
    expect((await loadChecksFile(path.join(dir, 'ok.yaml'))).specs).toHaveLength(1);
  });

  it('says why a file cannot be read: missing, a folder, or not readable', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-checks-'));
    const messageOf = async (file: string) => ((await rejectionOf(loadChecksFile(file))) as InputError).problems[0]!.message;
    expect(await messageOf(path.join(dir, 'missing.yaml'))).toBe(`cannot read ${path.join(dir, 'missing.yaml')}: no such file`);
    expect(await messageOf(dir)).toBe(`cannot read ${dir}: EISDIR`);
    const hint = ((await rejectionOf(loadChecksFile(dir))) as InputError).hint;
    expect(hint).toBe('pass --checks <file> or set VIGIL_CHECKS; see docs/checker.md');
  });

  it('a file that breaks the schema points to the format docs; a broken YAML names the file', async () => {
    const bad = (await rejectionOf(parseChecks('checks: 3\n', 'c.yaml'))) as InputError;
    expect(bad.hint).toBe('see docs/checker.md for the checks file format');
    expect(bad.problems[0]!.field).toBe('c.yaml: checks');
    const broken = (await rejectionOf(parseChecks('checks: [\n', 'c.yaml'))) as InputError;
    expect(broken.problems[0]!.field).toBe('--checks c.yaml');
    expect(broken.problems[0]!.message).not.toContain('\n');
  });
});

describe('durations', () => {
  it('parses units and plain milliseconds, refuses the rest', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration(1500)).toBe(1500);
    expect(parseDuration('1500')).toBe(1500);
    for (const bad of ['', '5 minutes', '-1s', '1.5s', 0, 1.5, 's']) expect(parseDuration(bad as string)).toBeUndefined();
    expect(formatDuration(90_000)).toBe('1m30s');
    expect(formatDuration(300_000)).toBe('5m');
  });
});

describe('limits on every number', () => {
  const entry = 'checks:\n  - {check: takedowns.cancelled-count, org: acme}\n';

  it('refuses a duration Node cannot arm a timer for, naming the field', async () => {
    expect(await problemsOf(`timeout: 30d\n${entry}`)).toEqual(['checks.yaml: timeout: must be at most 24d20h31m23s647ms (the longest timer Node can arm)']);
    expect(await problemsOf(`retry: {backoff: 25d}\n${entry}`)).toEqual(['checks.yaml: retry.backoff: must be at most 24d20h31m23s647ms (the longest timer Node can arm)']);
    expect(await problemsOf(`checks:\n  - {check: takedowns.cancelled-count, org: acme, every: 2147483648}\n`)).toEqual([
      'checks.yaml: checks[0].every: must be at most 24d20h31m23s647ms (the longest timer Node can arm)',
    ]);
  });

  it('accepts the longest timer exactly', async () => {
    const config = await parseChecks(`timeout: 2147483647\n${entry}`, 'checks.yaml');
    expect(config.timeoutMs).toBe(2 ** 31 - 1);
  });

  it('refuses a 400-digit every (Infinity) as a bad duration, not a crash', async () => {
    const huge = '9'.repeat(400);
    expect(await problemsOf(`checks:\n  - {check: takedowns.cancelled-count, org: acme, every: "${huge}s"}\n`)).toEqual([
      expect.stringMatching(/^checks\.yaml: checks\[0\]\.every: must be a duration of at least 1s/),
    ]);
    expect(await problemsOf(`checks:\n  - {check: takedowns.cancelled-count, org: acme, every: ${huge}}\n`)).toEqual([
      expect.stringMatching(/^checks\.yaml: checks\[0\]\.every: must be a duration of at least 1s/),
    ]);
    expect(parseDuration(`${huge}ms`)).toBeUndefined();
    expect(parseDuration(Number.MAX_VALUE)).toBeUndefined();
  });

  it('refuses a YAML alias bomb as input naming the file (exit 3), not an unexpected failure', async () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const error = await rejectionOf(parseChecks(`${levels.join('\n')}\n${entry}`, 'bomb.yaml'), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.message).toBe('--checks bomb.yaml: expands YAML aliases too many times (more than a checks file needs); write the entries out');
  });

  it('allows warn equal to fail, as the README does (a count at the threshold fails)', async () => {
    const config = await parseChecks('checks:\n  - {check: takedowns.cancelled-count, org: acme, warnThreshold: 5, failThreshold: 5}\n', 'checks.yaml');
    expect(config.specs[0]).toMatchObject({warnThreshold: 5, failThreshold: 5});
  });
});

describe('what a bad file is told', () => {
  it('broken YAML: the parser message alone, on one line, without a code frame', async () => {
    expect(await problemsOf('checks: [\n')).toEqual(['--checks checks.yaml: not valid YAML or JSON at line 2, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]']);
  });

  it('a problem with the file as a whole is placed at "(file)"', async () => {
    expect(await problemsOf('colour: red\nchecks:\n  - {check: takedowns.cancelled-count, org: acme}\n')).toEqual([
      'checks.yaml: (file): unknown key "colour" (line 1); known keys: defaults, timeout, retry, checks, discover, keys, maintenance',
    ]);
    expect(await problemsOf('3\n')).toEqual(['checks.yaml: (file): Invalid input: expected object, received number']);
  });

  it('durations below their minimum are refused, the minimum itself is accepted', async () => {
    const entry = (every: string) => `checks:\n  - {check: takedowns.cancelled-count, org: acme, every: ${every}}\n`;
    expect(await problemsOf(entry('999ms'))).toEqual(['checks.yaml: checks[0].every: must be a duration of at least 1s, like "30s", "5m", "1h", or milliseconds']);
    expect(await problemsOf(`timeout: 99ms\n${entry('1s')}`)).toEqual(['checks.yaml: timeout: must be a duration of at least 100ms, like "500ms", "30s", "5m", or milliseconds']);
    const config = await parseChecks(`timeout: 100ms\nretry: {backoff: 1ms}\n${entry('1s')}`, 'checks.yaml');
    expect(config.timeoutMs).toBe(100);
    expect(config.retry.backoffMs).toBe(1);
    expect(config.specs[0]!.everyMs).toBe(1000);
  });
});

describe('a checks file is as helpful as the flags', () => {
  it('a YAML error names its line and column, one problem per error', async () => {
    expect(await problemsOf('checks:\n  - check: takedowns.cancelled-count\n\t org: acme\n')).toEqual([
      '--checks checks.yaml: not valid YAML or JSON at line 3, column 1: Tabs are not allowed as indentation',
    ]);
    const problems = await problemsOf('checks:\n  - org: acme\n   check: x\n    every: [1\n');
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatch(/^--checks checks\.yaml: not valid YAML or JSON at line \d+, column \d+: \S/);
  });

  it('an empty file (or only comments) says it is empty and how to fill it', async () => {
    for (const text of ['', '\n  \n', '# nothing yet\n']) {
      const error = await rejectionOf(parseChecks(text, 'checks.yaml'), InputError);
      expect(error.exitCode).toBe(3);
      expect(error.message).toBe('--checks checks.yaml: is empty: it has no checks to schedule');
      expect(error.hint).toBe('list at least one check under `checks:` (or orgs under `discover:`); see docs/checker.md for the format');
    }
  });

  it('an unknown key names its line and the nearest known key, at every level', async () => {
    const text = [
      'defaults: {evry: 5m}',
      'retry:',
      '  atempts: 2',
      '  zzzzzz: 1',
      'checks:',
      '  - check: takedowns.cancelled-count',
      '    org: acme',
      '  - check: takedowns.cancelled-count',
      '    org: hooli',
      '    failTreshold: 3',
      '  - {check: takedowns.cancelled-count, ogr: initech}',
      '',
    ].join('\n');
    expect(await problemsOf(text)).toEqual([
      'checks.yaml: defaults: unknown key "evry" (line 1); did you mean "every"?',
      'checks.yaml: retry: unknown key "atempts" (line 3); did you mean "attempts"?',
      'checks.yaml: retry: unknown key "zzzzzz" (line 4); known keys: attempts, backoff',
      'checks.yaml: checks[1]: unknown key "failTreshold" (line 10); did you mean "failThreshold"?',
      'checks.yaml: checks[2].org: must be an org slug',
      'checks.yaml: checks[2]: unknown key "ogr" (line 11); did you mean "org"?',
    ]);
  });

  it('JSON files get the same suggestion and line', async () => {
    const problems = await problemsOf('{"checks": [{"check": "takedowns.cancelled-count", "org": "acme", "warnThreshhold": 1}]}');
    expect(problems).toEqual(['checks.yaml: checks[0]: unknown key "warnThreshhold" (line 1); did you mean "warnThreshold"?']);
  });
});

describe('checks file: any registry id, params and discover:', () => {
  it('takes any id of the registry shape with a params map, and sends a check no documented defaults of another', async () => {
    const config = await parseChecks(
      `checks:\n  - check: reviewing.backlog\n    org: acme\n    params: {maxAgeDays: 7, strict: true, mode: fast}\n  - check: brand-new.next-month-check\n    org: acme\n`,
      'checks.yaml',
    );
    expect(config.specs).toEqual([
      {id: 'reviewing.backlog@acme', check: 'reviewing.backlog', org: 'acme', everyMs: 300_000, params: {maxAgeDays: 7, strict: true, mode: 'fast'}},
      {id: 'brand-new.next-month-check@acme', check: 'brand-new.next-month-check', org: 'acme', everyMs: 300_000},
    ]);
    expect(config.discover).toBeUndefined();
  });

  it('reads discover: with every from defaults, registryEvery 10m and no exclude by default; checks: may be absent', async () => {
    const config = await parseChecks(`defaults: {every: 2m}\ndiscover:\n  orgs: [acme, globex]\n`, 'checks.yaml');
    expect(config.specs).toEqual([]);
    expect(config.discover).toEqual({orgs: ['acme', 'globex'], everyMs: 120_000, registryEveryMs: 600_000, exclude: [], maxChecks: 100});
    const full = await parseChecks(`discover:\n  orgs: [acme]\n  every: 30s\n  registryEvery: 1s\n  exclude: [organization.missing-contact-url]\n  maxChecks: 7\n`, 'checks.yaml');
    expect(full.discover).toEqual({orgs: ['acme'], everyMs: 30_000, registryEveryMs: 1000, exclude: ['organization.missing-contact-url'], maxChecks: 7});
  });

  it('names each bad field of discover: and params, and a file with neither checks: nor discover:', async () => {
    expect(
      await problemsOf(
        `discover:\n  orgs: [acme, "a b", acme]\n  registryEvery: 500ms\n  exclude: ["<!channel>"]\n  maxChecks: 0\n  orgs_extra: 1\nchecks:\n  - {check: reviewing.backlog, org: acme, params: {slug: other, "a-b": 1, ok: [1]}}\n`,
      ),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^checks\.yaml: discover\.orgs\[1\]: must be an org slug/),
        expect.stringMatching(/^checks\.yaml: discover\.registryEvery: must be a duration of at least 1s/),
        expect.stringMatching(/^checks\.yaml: discover\.exclude\[0\]: must be a healthcheck id/),
        expect.stringMatching(/^checks\.yaml: discover\.maxChecks: must be at least 1/),
        expect.stringMatching(/^checks\.yaml: discover: .*orgs_extra/),
        expect.stringMatching(/^checks\.yaml: checks\[0\]\.params\.slug: is set by the entry itself/),
        expect.stringMatching(/^checks\.yaml: checks\[0\]\.params\.a-b: must be a body field name/),
        expect.stringMatching(/^checks\.yaml: checks\[0\]\.params\.ok: must be a string, a number or true\/false/),
      ]),
    );
    expect(await problemsOf('defaults: {every: 1m}\n')).toEqual(['checks.yaml: (file): must have checks: or discover: (or both)']);
    expect(await problemsOf(`discover: {orgs: [acme, acme], exclude: [reviewing.backlog]}\nchecks:\n  - {check: reviewing.backlog, org: acme}\n`)).toEqual([
      'checks.yaml: discover.orgs[1]: acme is listed twice',
      'checks.yaml: checks[0]: reviewing.backlog for org acme is also in discover.exclude: keep one',
    ]);
  });
});
