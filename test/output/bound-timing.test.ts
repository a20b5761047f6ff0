import {describe, expect, it} from 'vitest';
import {MAX_FIELD_CHARS} from '../../src/output/bound.js';
import {detailLines} from '../../src/ui/browser/detail.js';
import {makeReport} from '../ui/fixtures.js';

// Timed: left out of mutation runs (vitest.mutation.config.ts), which slow every line down.
describe('the review browser detail of a 200,000-character field', () => {
  it.each([
    ['one long word', 'x'.repeat(200_000)],
    ['Cyrillic words', 'слово '.repeat(200_000 / 6)],
    ['CJK (two cells each)', '漢字'.repeat(100_000)],
  ])('is laid out in well under 100 ms, cut with the marker: %s', (_name, long) => {
    const report = makeReport(1, {description: long.slice(0, 200_000)});
    detailLines(makeReport(2), 80); // warm up the modules
    const times: number[] = [];
    let text = '';
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      text = detailLines(report, 80).map(line => line.text).join('\n');
      times.push(performance.now() - started);
    }
    const median = times.sort((a, b) => a - b)[2]!;
    expect(median).toBeLessThan(100);
    // Wrapped over lines: read it back as one line.
    expect(text.replace(/\n\s*/g, ' ')).toContain(`... [${report.description!.length - MAX_FIELD_CHARS} more characters cut; see --json]`);
  });
});

