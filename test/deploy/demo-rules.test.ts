import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {durationSeconds, durationWords, scaleRuleDurations} from '../../scripts/alerting-stack.mjs';
import {ROOT} from '../helpers/cli.js';

/* The rules `npm run demo` loads: `for:` shortened, and the alert texts saying the new one. */

interface Rule {
  alert?: string;
  for?: string;
  annotations?: Record<string, string>;
}
const rulesOf = (text: string): Rule[] => (parse(text) as {groups: Array<{rules: Rule[]}>}).groups.flatMap(group => group.rules);
/** scripts/demo-alerting.mjs's DEMO_RULE_SPEEDUP (a plain .mjs without types). */
const DEMO_RULE_SPEEDUP = 20;
const shipped = readFileSync(path.join(ROOT, 'deploy/prometheus/alerts.yml'), 'utf8');

describe("the demo's alert rules", () => {
  it('say the for: they wait in words: VigilCheckWarning graded warn for 45 seconds, not 15 minutes', () => {
    const demo = Object.fromEntries(rulesOf(scaleRuleDurations(shipped, DEMO_RULE_SPEEDUP)).map(rule => [rule.alert, rule]));
    expect(demo.VigilCheckWarning!.for).toBe('45s');
    expect(demo.VigilCheckWarning!.annotations!.description).toContain('has graded warn for 45 seconds:');
    expect(demo.VigilCheckFailing!.annotations!.description).toContain('has graded fail for 15 seconds:');
    expect(demo.VigilWorkersDown!.annotations!.description).toMatch(/^For 9 seconds Prometheus/);
    expect(JSON.stringify(demo)).not.toMatch(/[Ff]or (5|15|3) minutes/);
  });

  it('as shipped, every "for N minutes" of a rule is its own for:', () => {
    for (const rule of rulesOf(shipped)) {
      for (const text of Object.values(rule.annotations ?? {})) {
        for (const [, amount] of text.matchAll(/\b[Ff]or (\d+ minutes?)\b/g)) {
          expect(amount, rule.alert).toBe(durationWords(durationSeconds(rule.for ?? '0s')));
        }
      }
    }
  });
});
