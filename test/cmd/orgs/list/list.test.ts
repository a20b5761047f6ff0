import {describe, expect, it} from 'vitest';
import {runOrgsList} from '../../../../src/cmd/orgs/list/list.js';
import {useNock} from '../../../helpers/nock.js';
import {HOSTILE, readContract, sentWith} from '../../../helpers/plain-read.js';

useNock({allowUnused: true});

const org = (slug: string, extra: Record<string, unknown> = {}) => ({
  id: 42,
  slug,
  name: 'Acme Corp',
  subscriptionStatus: 'ACTIVE',
  services: {reporting: {active: true}, takedowns: {active: false, automated: false}, detection: {active: true}},
  ...extra,
});

describe('orgs list', () => {
  readContract({
    run: runOrgsList,
    method: 'POST',
    path: 'user/orgs',
    reply: {organizations: [org('acme')]},
    header: /^SLUG\s+NAME\s+ID\s+SUBSCRIPTION\s+ACTIVE SERVICES$/,
    tsv: 'acme\tAcme Corp\t42\tACTIVE\treporting,detection\n',
    hostile: {organizations: [org('acme', {name: HOSTILE})]},
  });

  it('an org with nothing but a slug is a row of absent fields; items that are no object are skipped', async () => {
    const {ctx} = await sentWith({run: runOrgsList, method: 'POST', path: 'user/orgs'}, {output: 'markdown'}, {organizations: [{slug: 'bare'}, 'junk', null, {services: 'none'}]});
    expect(ctx.io.out().split('\n').slice(2, -1)).toEqual(['| bare | - | - | - | - |', '| - | - | - | - | - |']);
  });
});
