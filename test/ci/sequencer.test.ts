import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {TestSpecification, Vitest} from 'vitest/node';
import CostSequencer, {longestTimeout} from '../helpers/cost-sequencer.js';
import {testFiles} from '../ci-groups.js';

/*
 * On a fresh clone (CI) vitest has no durations and started files by size, which put the
 * soaks anywhere: the run lasted until the last of them ended. The files that allow
 * themselves minutes start first.
 */

const root = path.resolve(import.meta.dirname, '../..');
// A vitest context with no durations (or all of them), and each file's size as vitest reads it.
function sequencer(durations: Record<string, number> = {}): CostSequencer {
  const cache = {
    getFileTestResults: (key: string) => (key.slice(1) in durations ? {duration: durations[key.slice(1)]!, failed: false} : undefined),
    getFileStats: () => ({size: 1}),
  };
  return new CostSequencer({config: {root}, cache} as unknown as Vitest);
}
const specs = (files: string[]) => files.map(file => ({project: {name: ''}, moduleId: path.join(root, file)}) as unknown as TestSpecification);
const names = (sorted: TestSpecification[]) => sorted.map(spec => path.relative(root, spec.moduleId));

describe('the order test files start in', () => {
  it('reads the longest timeout a file gives a test or hook', () => {
    // Spelt apart, so that this file does not declare them itself.
    const [test, hook] = ['}, ' + '1_800_000);', '}, ' + '60 * 60_000);'];
    expect(longestTimeout(`it('a', async () => {\n${test}\nbeforeAll(() => {\n${hook}`)).toBe(3_600_000);
    expect(longestTimeout("it('a', () => {});")).toBe(0);
  });

  it('without durations, starts the image build and the soaks first, then the files that allow themselves minutes', async () => {
    const sorted = names(await sequencer().sort(specs(testFiles())));
    expect(sorted.slice(0, 3)).toEqual(['test/ship/image.test.ts', 'test/soak/soak.test.ts', 'test/soak/planted-leak.test.ts']);
    // Among the files that allow themselves minutes (the alerting end to end, the installs, ...).
    expect(sorted.indexOf('test/redis/cluster.test.ts')).toBeLessThan(20);
    expect(sorted.indexOf('test/exit-codes.test.ts')).toBeGreaterThan(50);
  });

  it('with every duration known, keeps vitest’s order: the longest last time first', async () => {
    const durations = {'test/exit-codes.test.ts': 900, 'test/soak/soak.test.ts': 10};
    expect(names(await sequencer(durations).sort(specs(Object.keys(durations))))).toEqual(['test/exit-codes.test.ts', 'test/soak/soak.test.ts']);
  });
});
