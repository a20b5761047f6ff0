import {describe} from 'vitest';
import {runQueuesSnapshot} from '../../../../src/cmd/queues/snapshot/snapshot.js';
import {useNock} from '../../../helpers/nock.js';
import {HOSTILE, readContract} from '../../../helpers/plain-read.js';

useNock({allowUnused: true});

// No --org, --all or --window-hours: the docs name no request field for them (docs/contract.md#passthrough-reads).
describe('queues snapshot', () => {
  readContract({
    run: runQueuesSnapshot,
    method: 'POST',
    path: 'operations/queues/snapshot',
    reply: {organizations: [{slug: 'acme', review: {pending: 3, ageBuckets: {under24h: 1, over7d: 2}}}]},
    header: /^FIELD\s+VALUE$/,
    tsv: 'organizations[0].slug\tacme\norganizations[0].review.pending\t3\norganizations[0].review.ageBuckets.under24h\t1\norganizations[0].review.ageBuckets.over7d\t2\n',
    hostile: {organizations: [{slug: HOSTILE}]},
  });
});
