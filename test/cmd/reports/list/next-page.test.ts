import nock from 'nock';
import {describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runReportsList} from '../../../../src/cmd/reports/list/list.js';
import {fakeContext, interceptApi} from '../../../helpers/fake-context.js';

useNock();

const report = {id: 1, title: 'R', status: 'TODO', createdAt: '2026-09-01T10:00:00.000Z', proposals: []};

describe('the "Next page" command line', () => {
  it('sanitises the cursor before quoting it: an ESC cannot swallow the closing quote', async () => {
    interceptApi('GET', 'organization/reports', [{body: {reports: [report], nextCursor: "next page\u001b", totalCount: 2}}]);
    const ctx = fakeContext({tty: true, org: 'acme'});
    await runReportsList({limit: '1', interactive: false}, ctx);
    expect(ctx.io.out()).toContain("--cursor 'next page' --no-interactive");
    expect(ctx.io.out()).not.toContain('\u001b');
  });
});
