import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {requireProgram} from '../helpers/programs.js';

const promtool = requireProgram('promtool');
const run = (args: string[]) => execFileSync(promtool.path!, args, {cwd: 'deploy/prometheus', encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});

describe.skipIf(promtool.skipReason !== undefined)('deploy/prometheus with promtool', () => {
  it('alert rules are valid', () => {
    expect(run(['check', 'rules', 'alerts.yml'])).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('alert rules pass their unit tests', () => {
    expect(run(['test', 'rules', 'alerts.test.yml'])).toContain('SUCCESS');
  });

  it('per-check alerts pass their unit tests with a second check and with markup in observed keys', () => {
    const out = run(['test', 'rules', 'alerts-checks.test.yml']);
    expect(out).toContain('SUCCESS');
    expect(out).not.toContain('FAILED');
  });

  it('the example scrape config is valid and loads the rules', () => {
    expect(run(['check', 'config', 'prometheus.yml'])).toContain('is valid prometheus config file syntax');
  });
});

describe('deploy/prometheus/alerts.yml conventions', () => {
  const text = readFileSync('deploy/prometheus/alerts.yml', 'utf8');
  const names = [...text.matchAll(/- alert: (\S+)/g)].map(match => match[1]!);
  const blocks = text.split(/\n\s+- alert: /).slice(1);
  const runbooks = readFileSync('docs/runbooks.md', 'utf8');
  const tests = readFileSync('deploy/prometheus/alerts.test.yml', 'utf8');

  it('has the pipeline and per-check alerts, CamelCase with the Vigil prefix', () => {
    expect(names).toEqual(
      expect.arrayContaining(['VigilWorkersDown', 'VigilNoRecentRuns', 'VigilWatchdog', 'VigilCheckFailing', 'VigilCheckWarning', 'VigilCheckStale', 'VigilQueueStuck']),
    );
    for (const name of names) expect(name).toMatch(/^Vigil[A-Z][A-Za-z]+$/);
  });

  it('gives every alert a routable severity, a summary, a description and a runbook section', () => {
    expect(blocks).toHaveLength(names.length);
    for (const [i, block] of blocks.entries()) {
      expect(block, names[i]).toMatch(/severity: (critical|warning|info|none)\n/);
      for (const key of ['summary:', 'description:', 'runbook_url:']) expect(block, names[i]).toContain(key);
      const anchor = /runbook_url: \S+\/docs\/runbooks\.md#(\S+)/.exec(block)?.[1];
      expect(anchor, names[i]).toBe(names[i]!.toLowerCase());
      expect(runbooks, `docs/runbooks.md has no section ${names[i]}`).toMatch(new RegExp(`^## ${names[i]}$`, 'm'));
    }
  });

  it('gives every alert but the Watchdog a for, and a dashboard link to the shipped dashboard', () => {
    const uid = (JSON.parse(readFileSync('deploy/grafana/dashboard.json', 'utf8')) as {uid: string}).uid;
    for (const [i, block] of blocks.entries()) {
      if (names[i] === 'VigilWatchdog') continue;
      expect(block, names[i]).toContain('for:');
      expect(block, names[i]).toMatch(new RegExp(`dashboard_url: "?https://\\S+/d/${uid}/`));
    }
  });

  it('has a promtool test that expects each alert to fire', () => {
    for (const name of new Set(names)) {
      expect(tests, name).toMatch(new RegExp(`alertname: ${name}\\n\\s+exp_alerts:( &\\w+)?\\n\\s+- exp_labels:`));
    }
  });
});
