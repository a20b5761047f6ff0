import {describe, expect, it} from 'vitest';
import {CheckSeriesRenderer, escapeLabel, formatValue, printableLabel, renderCheckSeries} from '../../src/metrics/exposition.js';
import {exportableObserved, numericObserved, MAX_OBSERVED_KEYS, type StoredCheck} from '../../src/metrics/store.js';
import {clearSecrets, registerSecret} from '../../src/secrets.js';

const spec = {id: 'takedowns.cancelled-count@acme', check: 'takedowns.cancelled-count', org: 'acme', everyMs: 300_000, lookbackHours: 168, warnThreshold: 3, failThreshold: 10};
const labels = 'check="takedowns.cancelled-count",org="acme"';

describe('per-check series', () => {
  it('exports severity, observed, settings and timestamps in seconds', async () => {
    const checks: StoredCheck[] = [
      {spec, success: {severity: 'warn', ok: false, observed: {cancelledCount: 5}, at: 1_700_000_000_500, appUrl: null}, run: {at: 1_700_000_100_000, outcome: 'error', durationMs: 30, errorKind: 'timeout'}},
      {spec: {...spec, id: 'x@new', org: 'new'}},
    ];
    const lines = (await renderCheckSeries(checks)).split('\n');
    for (const line of [
      `vigil_check_severity{${labels}} 1`,
      `vigil_check_observed{${labels},key="cancelledCount"} 5`,
      `vigil_check_warn_threshold{${labels}} 3`,
      `vigil_check_fail_threshold{${labels}} 10`,
      `vigil_check_interval_seconds{${labels}} 300`,
      `vigil_check_lookback_seconds{${labels}} 604800`,
      `vigil_check_last_success_timestamp_seconds{${labels}} 1700000000.5`,
      `vigil_check_last_run_timestamp_seconds{${labels}} 1700000100`,
      `vigil_check_last_run_error{${labels}} 1`,
      '# TYPE vigil_check_severity gauge',
    ]) {
      expect(lines).toContain(line);
    }
    // A check that never ran: its settings, and last_run_error at 0 so alerts have a series;
    // no severity (0 would claim "ok") and no timestamps.
    expect(lines).toContain('vigil_check_fail_threshold{check="takedowns.cancelled-count",org="new"} 10');
    expect(lines).toContain('vigil_check_last_run_error{check="takedowns.cancelled-count",org="new"} 0');
    expect(lines.filter(line => line.includes('org="new"') && /^vigil_check_(severity|last_run_timestamp|last_success)/.test(line))).toEqual([]);
  });

  it('no longer exports vigil_check_ok, which only restated severity', async () => {
    const text = await renderCheckSeries([{spec, success: {severity: 'ok', ok: true, observed: {}, at: 1, appUrl: null}, run: {at: 1, outcome: 'ok', durationMs: 1}}]);
    expect(text).not.toContain('vigil_check_ok');
  });

  it('writes each family once, all its samples together', async () => {
    const checks: StoredCheck[] = ['a', 'b', 'c'].map(org => ({spec: {...spec, id: org, org}, success: {severity: 'ok', ok: true, observed: {n: 1}, at: 1, appUrl: null}}));
    const text = await renderCheckSeries(checks);
    const families = [...text.matchAll(/^# TYPE (\S+)/gm)].map(match => match[1]);
    expect(new Set(families).size).toBe(families.length);
    const sampleFamilies = text.split('\n').filter(line => line && !line.startsWith('#')).map(line => line.split('{')[0]);
    // Contiguous: once a family's samples end, it never comes back.
    const runs = sampleFamilies.filter((name, i) => name !== sampleFamilies[i - 1]);
    expect(runs).toEqual([...new Set(sampleFamilies)]);
  });

  it('renders a check again only when its stored state changed', async () => {
    const renderer = new CheckSeriesRenderer();
    const a: StoredCheck = {spec, success: {severity: 'ok', ok: true, observed: {cancelledCount: 1}, at: 1000, appUrl: null}};
    const first = await renderer.render([a]);
    // Same objects (the store hands back the same item while Redis is unchanged): same bytes, not a copy.
    const again = await renderer.render([a]);
    expect(again.every((part, i) => part === first[i])).toBe(true);
    const changed: StoredCheck = {spec, success: {...a.success!, observed: {cancelledCount: 7}}};
    const next = Buffer.concat(await renderer.render([changed])).toString();
    expect(next).toContain(`vigil_check_observed{${labels},key="cancelledCount"} 7`);
    // Settings did not change: their section is reused as is.
    expect((await renderer.render([changed]))[0]).toBe(first[0]);
  });

  it('at thousands of checks, renders exactly what a fresh render does after a few change, reusing the unchanged chunks', async () => {
    const checkOf = (i: number, count: number): StoredCheck => {
      const org = `org-${i}`;
      return {spec: {...spec, id: `reviewing.backlog@${org}`, check: 'reviewing.backlog', org}, success: {severity: 'ok', ok: true, observed: {count}, at: 1000 + i, appUrl: null}};
    };
    let list = Array.from({length: 5000}, (_, i) => checkOf(i, 1));
    const renderer = new CheckSeriesRenderer();
    const before = await renderer.render(list);
    list = list.slice();
    for (const i of [0, 63, 64, 2500, 4999]) list[i] = checkOf(i, 9);
    const after = await renderer.render(list);
    expect(Buffer.concat(after).toString()).toBe(await renderCheckSeries(list));
    expect(Buffer.concat(after).toString().match(/ 9\n/g)).toHaveLength(5);
    // Most chunk buffers are the very ones of the first render.
    const reused = after.filter(part => before.includes(part)).length;
    expect(reused).toBeGreaterThan(after.length * 0.8);
    // A list of another length is rendered whole, and right.
    const shorter = list.slice(1);
    expect(Buffer.concat(await renderer.render(shorter)).toString()).toBe(await renderCheckSeries(shorter));
  });
});

describe('label values and sample values', () => {
  it('escape backslash, double quote and newline', () => {
    expect(escapeLabel('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
    // Each on its own: a fast path that skipped one of them would show here.
    expect(escapeLabel('\n')).toBe('\\n');
    expect(escapeLabel('line\nbreak')).toBe('line\\nbreak');
    expect(escapeLabel('"')).toBe('\\"');
    expect(escapeLabel('\\')).toBe('\\\\');
    expect(escapeLabel('plain')).toBe('plain');
  });

  it('write infinities as +Inf and -Inf, as the exposition format spells them', async () => {
    expect(formatValue(Infinity)).toBe('+Inf');
    expect(formatValue(-Infinity)).toBe('-Inf');
    expect(formatValue(Number.NaN)).toBe('NaN');
    expect(formatValue(0.25)).toBe('0.25');
    const text = await renderCheckSeries([{spec, success: {severity: 'ok', ok: true, observed: {up: Infinity, down: -Infinity}, at: 1, appUrl: null}}]);
    expect(text).toContain(`vigil_check_observed{${labels},key="up"} +Inf\n`);
    expect(text).toContain(`vigil_check_observed{${labels},key="down"} -Inf\n`);
  });

  it('keep only printable text: no ESC, OSC 52, NUL, C1, bidi or zero-width characters', () => {
    const osc52 = '\u001b]52;c;ZWNobyBwd25lZA==\u0007';
    expect(printableLabel(`count${osc52}\u0000\u009b2J\u202e\u200b\u001b[31mred`)).toBe('countred');
    expect(printableLabel('cancelledCount')).toBe('cancelledCount');
    expect(printableLabel('zählung')).toBe('zählung');
  });
});

describe('observed values as stored', () => {
  it('are the numeric ones, bounded in number, without the settings the upstream echoes', () => {
    const many = Object.fromEntries(Array.from({length: 20}, (_, i) => [`k${i}`, i]));
    expect(Object.keys(numericObserved({...many, text: 'x', flag: true}))).toHaveLength(MAX_OBSERVED_KEYS);
    expect(numericObserved({count: 2, label: 'x', nothing: null, big: Infinity})).toEqual({count: 2});
    // The lookback window is a setting (vigil_check_lookback_seconds), not an observation.
    expect(numericObserved({cancelledCount: 4, lookbackHours: 168, warnThreshold: 3, failThreshold: 10, windowStart: '2026-11-15T00:00:00Z'})).toEqual({cancelledCount: 4});
  });

  it('keep the first keys in the order given, once each, cut to 64 characters', () => {
    const many = Object.fromEntries(Array.from({length: 10}, (_, i) => [`k${i}`, i]));
    expect(numericObserved(many)).toEqual({k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7});
    const long = 'x'.repeat(100);
    expect(numericObserved({[long]: 1})).toEqual({['x'.repeat(64)]: 1});
    // A key with a control character is dropped whole, not cleaned into another key.
    expect(numericObserved({'a\u0007b': 1, ab: 2, '\u0000': 3, z: -0.5})).toEqual({ab: 2, z: -0.5});
    expect(numericObserved({nan: Number.NaN, down: Number.NEGATIVE_INFINITY, zero: 0, slug: 5})).toEqual({zero: 0});
  });

  it('never carry the API key or control characters in a key', () => {
    const key = 'live-key-abcdef123456';
    registerSecret(key);
    try {
      const {values, dropped} = exportableObserved({[`echo ${key}`]: 1, [key]: 3, '\u001b]52;c;cHduZWQ=\u0007evil\u0000': 2, fine: 4});
      expect(JSON.stringify(values)).not.toContain(key);
      expect(values).toEqual({fine: 4});
      expect(dropped).toBe(3);
    } finally {
      clearSecrets();
    }
  });

  it('export only keys of letters, digits, "_", "." and "-": chat markup is dropped and counted', () => {
    const markup = {
      '<!channel> <https://evil.example/login|Open runbook>': 7,
      '[click](https://evil.example)': 8,
      '<!here>': 1,
      'a b': 2,
      'pending_reviews.total-count': 5,
      oldestAgeDays: 9,
      note: 'text, not a number: dropped silently',
    };
    expect(exportableObserved(markup)).toEqual({values: {'pending_reviews.total-count': 5, oldestAgeDays: 9}, dropped: 4});
  });
});

describe('the check section, line for line', () => {
  it('for a check that never ran: headers, settings, last_run_error 0 and nothing else', async () => {
    const text = await renderCheckSeries([{spec}]);
    const gauge = (name: string, help: string) => [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`];
    expect(text.split('\n')).toEqual([
      ...gauge('vigil_check_interval_seconds', 'Configured interval between scheduled runs'),
      `vigil_check_interval_seconds{${labels}} 300`,
      ...gauge('vigil_check_lookback_seconds', 'Configured lookback window the upstream counts over'),
      `vigil_check_lookback_seconds{${labels}} 604800`,
      ...gauge('vigil_check_warn_threshold', 'Warn threshold of the check: configured, else stated by the last result'),
      `vigil_check_warn_threshold{${labels}} 3`,
      ...gauge('vigil_check_fail_threshold', 'Fail threshold of the check: configured, else stated by the last result'),
      `vigil_check_fail_threshold{${labels}} 10`,
      ...gauge('vigil_check_severity', 'Severity of the last successful run: 0 ok, 1 warn, 2 fail'),
      ...gauge('vigil_check_last_run_timestamp_seconds', 'When the last run finished, whatever its outcome'),
      ...gauge('vigil_check_last_success_timestamp_seconds', 'When the last run that got a result finished'),
      ...gauge('vigil_check_last_run_error', 'Whether the last run errored (1) instead of getting a result (0)'),
      `vigil_check_last_run_error{${labels}} 0`,
      ...gauge('vigil_check_observed', 'Numeric values the last successful run observed, by key (e.g. the cancelled count)'),
      '',
    ]);
  });

  it('a renderer shows a check added to, or swapped into, the list it rendered before', async () => {
    const renderer = new CheckSeriesRenderer();
    const check = (org: string): StoredCheck => ({spec: {...spec, id: `x@${org}`, org}, success: {severity: 'fail', ok: false, observed: {}, at: 1, appUrl: null}});
    const [a, b, c] = [check('a'), check('b'), check('c')];
    const text = async (items: StoredCheck[]) => Buffer.concat(await renderer.render(items)).toString();
    await text([a]);
    const added = await text([a, b]);
    expect(added).toContain('vigil_check_severity{check="takedowns.cancelled-count",org="b"} 2');
    expect(added).toContain('vigil_check_warn_threshold{check="takedowns.cancelled-count",org="b"} 3');
    const swapped = await text([a, c]);
    expect(swapped).toContain('vigil_check_severity{check="takedowns.cancelled-count",org="c"} 2');
    expect(swapped).toContain('vigil_check_warn_threshold{check="takedowns.cancelled-count",org="c"} 3');
    expect(swapped).not.toContain('org="b"');
  });

  it('drops private-use, unassigned and non-character code points from a label', () => {
    expect(printableLabel('a\uE000b\u0378c\uFFFFd')).toBe('abcd');
  });
});
