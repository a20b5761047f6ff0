import {describe, expect, it} from 'vitest';
import {runMetricsFound} from '../../../../src/cmd/metrics/found/found.js';
import {useNock} from '../../../helpers/nock.js';
import {HOSTILE, readContract, sentWith} from '../../../helpers/plain-read.js';

useNock({allowUnused: true});

describe('metrics found', () => {
  readContract({
    run: runMetricsFound,
    method: 'POST',
    path: 'metrics/found',
    reply: {found: 17},
    header: /^FIELD\s+VALUE$/,
    tsv: 'found\t17\n',
    hostile: {found: HOSTILE},
  });

  it('an answer that is no object still prints: a bare number, an empty object, null', async () => {
    const c = {run: runMetricsFound, method: 'POST', path: 'metrics/found'} as const;
    expect((await sentWith(c, {}, 17)).ctx.io.out()).toBe('.\t17\n');
    expect((await sentWith(c, {}, {})).ctx.io.out()).toBe('.\t{}\n');
    expect((await sentWith(c, {output: 'csv'}, null)).ctx.io.out()).toBe('FIELD,VALUE\r\n.,null\r\n');
  });
});
