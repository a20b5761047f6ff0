import {describe, expect, it} from 'vitest';
import {resolveWorkerOptions} from '../../../src/cmd/worker/options.js';
import {InputError} from '../../../src/errors.js';
import {problemLines, thrownBy} from '../../helpers/thrown.js';

const problems = (grace: string): string[] => problemLines(thrownBy(() => resolveWorkerOptions({grace}, {}), InputError));

describe('vigil worker --grace', () => {
  it('refuses a grace Node cannot arm a timer for (30d would fire at once), exit 3 naming the flag', () => {
    expect(problems('30d')).toEqual(['--grace: must be at most 24d20h31m23s647ms (the longest timer Node can arm)']);
    expect(problems(`${'9'.repeat(400)}s`)[0]).toMatch(/^--grace: must be a duration like/);
  });

  it('takes the longest timer exactly', () => {
    expect(resolveWorkerOptions({grace: '24d20h31m23s647ms'}, {}).graceMs).toBe(2 ** 31 - 1);
  });

  it('reads a number alone as seconds, as --timeout does', () => {
    expect(resolveWorkerOptions({grace: '5'}, {}).graceMs).toBe(5000);
    expect(problems('2147484')).toEqual(['--grace: must be at most 24d20h31m23s647ms (the longest timer Node can arm)']);
  });
});
