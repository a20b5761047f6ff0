import {describe} from 'vitest';
import {runMetricsSummary} from '../../../../src/cmd/metrics/summary/summary.js';
import {useNock} from '../../../helpers/nock.js';
import {HOSTILE, readContract} from '../../../helpers/plain-read.js';

useNock({allowUnused: true});

// The docs give POST /metrics/summary no request fields and no response schema: whatever comes is shown, field by field.
describe('metrics summary', () => {
  readContract({
    run: runMetricsSummary,
    method: 'POST',
    path: 'metrics/summary',
    reply: {organization: {slug: 'acme'}, metrics: {reports: 12, newThreats: 4}, blockedByType: [{type: 'URL', count: 4}]},
    header: /^FIELD\s+VALUE$/,
    tsv: 'organization.slug\tacme\nmetrics.reports\t12\nmetrics.newThreats\t4\nblockedByType[0].type\tURL\nblockedByType[0].count\t4\n',
    hostile: {label: HOSTILE},
  });
});
