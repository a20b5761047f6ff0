import {describe, expect, it} from 'vitest';
import {runWhoami} from '../../../src/cmd/whoami/whoami.js';
import {API_KEY} from '../../helpers/fake-context.js';
import {useNock} from '../../helpers/nock.js';
import {HOSTILE, readContract, sentWith} from '../../helpers/plain-read.js';

useNock({allowUnused: true});

describe('whoami', () => {
  readContract({
    run: runWhoami,
    method: 'POST',
    path: 'user/me',
    reply: {id: 7, email: 'dana@acme.example', organization: {slug: 'acme'}, roles: ['admin'], deleted: false},
    header: /^FIELD\s+VALUE$/,
    tsv: 'id\t7\nemail\tdana@acme.example\norganization.slug\tacme\nroles[0]\tadmin\ndeleted\tfalse\n',
    hostile: {fullName: HOSTILE},
  });

  it('an answer that echoes the key shows it masked, in --json and in the table', async () => {
    const c = {run: runWhoami, method: 'POST', path: 'user/me'} as const;
    const json = await sentWith(c, {json: true}, {apiKey: API_KEY});
    expect(json.ctx.io.out()).not.toContain(API_KEY);
    const table = await sentWith(c, {}, {apiKey: API_KEY}, {tty: true});
    expect(table.ctx.io.out()).not.toContain(API_KEY);
    expect(table.ctx.io.out()).toMatch(/apiKey\s+tes…6789/);
  });
});
