import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {requireBinary} from './tools.js';

const promtool = requireBinary('promtool');
const run = (args: string[]) => execFileSync(promtool.path!, args, {cwd: 'deploy/prometheus', encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});

describe.skipIf(promtool.skipReason !== undefined)('deploy/prometheus with promtool', () => {
  it('alert rules are valid', () => {
    expect(run(['check', 'rules', 'alerts.yml'])).toContain('SUCCESS: 6 rules found');
  });

  it('alert rules pass their unit tests', () => {
    expect(run(['test', 'rules', 'alerts.test.yml'])).toContain('SUCCESS');
  });

  it('the example scrape config is valid and loads the rules', () => {
    expect(run(['check', 'config', 'prometheus.yml'])).toContain('is valid prometheus config file syntax');
  });
});

describe('deploy/prometheus/alerts.yml conventions', () => {
  const text = readFileSync('deploy/prometheus/alerts.yml', 'utf8');
  const names = [...text.matchAll(/- alert: (\S+)/g)].map(match => match[1]);

  it('has the four required alerts, CamelCase with the Vigil prefix', () => {
    expect(names).toEqual(expect.arrayContaining(['VigilCheckFailing', 'VigilCheckWarning', 'VigilCheckStale', 'VigilQueueStuck']));
    for (const name of names) expect(name).toMatch(/^Vigil[A-Z][A-Za-z]+$/);
  });

  it('gives every alert a severity, summary, description, for and keep_firing_for', () => {
    const blocks = text.split(/\n\s+- alert: /).slice(1);
    expect(blocks).toHaveLength(names.length);
    for (const block of blocks) {
      expect(block).toMatch(/severity: (critical|warning)/);
      for (const key of ['summary:', 'description:', 'for:', 'keep_firing_for:']) expect(block).toContain(key);
    }
  });
});
