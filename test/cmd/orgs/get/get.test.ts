import {describe, expect, it} from 'vitest';
import {runOrgsGet} from '../../../../src/cmd/orgs/get/get.js';
import {InputError} from '../../../../src/errors.js';
import {fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {useNock} from '../../../helpers/nock.js';
import {HOSTILE, readContract, sentWith, type Run} from '../../../helpers/plain-read.js';
import {rejectionOf} from '../../../helpers/thrown.js';

useNock({allowUnused: true});

const run: Run = (flags, ctx) => runOrgsGet({slug: 'acme', ...flags}, ctx);

describe('orgs get', () => {
  readContract({
    run,
    method: 'GET',
    path: 'user/orgs/acme',
    reply: {id: 42, slug: 'acme', services: {takedowns: {active: true, automated: false}}, trademarkRegistrations: []},
    header: /^FIELD\s+VALUE$/,
    tsv: 'id\t42\nslug\tacme\nservices.takedowns.active\ttrue\nservices.takedowns.automated\tfalse\ntrademarkRegistrations\t[]\n',
    hostile: {name: HOSTILE},
  });

  it('escapes the slug in the path', async () => {
    const {request} = await sentWith({run: runOrgsGet, method: 'GET', path: 'user/orgs/acme.io'}, {slug: 'acme.io'}, {slug: 'acme.io'});
    expect(request.path).toBe('/api/v2/user/orgs/acme.io');
  });

  it.each([['', 'empty'], ['a/b', 'a slash'], ['../x', 'a dot-dot']])('refuses the slug %j (%s) naming it, with nothing sent (exit 3)', async slug => {
    const seen = interceptApi('GET', 'user/orgs/acme', [{body: {}}]);
    const error = await rejectionOf(runOrgsGet({slug}, fakeContext()), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain('slug');
    expect(seen).toHaveLength(0);
  });
});
