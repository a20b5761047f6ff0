import fc from 'fast-check';
import {afterEach, describe, expect, it} from 'vitest';
import {runDetectionConfigsList, type DetectionConfigsListFlags} from '../../../../../src/cmd/detections/configs/list/list.js';
import {InputError} from '../../../../../src/errors.js';
import {readDetectionConfigs} from '../../../../../src/api/wire/index.js';
import {clearSecrets, registerSecret} from '../../../../../src/secrets.js';
import {API_KEY, fakeContext, interceptApi} from '../../../../helpers/fake-context.js';
import {useNock} from '../../../../helpers/nock.js';
import {rejectionOf} from '../../../../helpers/thrown.js';

useNock({allowUnused: true});
afterEach(() => clearSecrets());

const PATH = 'detection/configs/list';
const ANSWER = {
  sources: [
    {key: 'GOOGLE_SEARCH', name: 'Google Search', configs: [
      {id: 711, title: 'globex-config-1', status: 'ENABLED', cron: '0 */6 * * *', config: {keywords: ['globex']}},
      {id: 713, title: 'globex-retired', status: 'DISABLED', cron: '0 */6 * * *', config: {}},
    ]},
    {key: 'CERTSTREAM', name: 'Certstream', configs: [{id: 712, title: 'globex-config-2', status: 'ENABLED', cron: null, config: {}}]},
  ],
};

async function run(flags: DetectionConfigsListFlags, reply: unknown = ANSWER, tty = false) {
  const seen = interceptApi('POST', PATH, [{body: reply}]);
  const ctx = fakeContext({org: 'globex', tty});
  await runDetectionConfigsList(flags, ctx);
  expect(seen).toHaveLength(1);
  return {request: seen[0]!, ctx};
}

describe('detections configs list: the request', () => {
  it('POST /detection/configs/list with {slug} and the key', async () => {
    const {request} = await run({});
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/v2/detection/configs/list');
    expect(request.body).toEqual({slug: 'globex'});
    expect(request.headers['x-api-key']).toBe(API_KEY);
  });

  it.each<[string, DetectionConfigsListFlags, boolean, string]>([
    ['no org', {}, false, '--org'],
    ['a bad --output', {output: 'yaml'}, true, '--output'],
  ])('refuses %s naming the flag, with nothing sent (exit 3)', async (_name, flags, withOrg, field) => {
    const seen = interceptApi('POST', PATH, [{body: ANSWER}]);
    const error = await rejectionOf(runDetectionConfigsList(flags, fakeContext(withOrg ? {org: 'globex'} : {})), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain(field);
    expect(seen).toHaveLength(0);
  });
});

describe('detections configs list: output', () => {
  it('TTY: a table of every config by source; piped: TSV rows only', async () => {
    const {ctx} = await run({}, ANSWER, true);
    const lines = ctx.io.out().trimEnd().split('\n');
    expect(lines[0]).toMatch(/^SOURCE\s+ID\s+TITLE\s+STATUS\s+SCHEDULE$/);
    expect(lines.slice(1).map(line => line.split(/\s+/).slice(0, 4).join(' '))).toEqual([
      'GOOGLE_SEARCH 711 globex-config-1 ENABLED',
      'GOOGLE_SEARCH 713 globex-retired DISABLED',
      'CERTSTREAM 712 globex-config-2 ENABLED',
    ]);
    const piped = await run({});
    expect(piped.ctx.io.out()).toBe('GOOGLE_SEARCH\t711\tglobex-config-1\tENABLED\t0 */6 * * *\t\nGOOGLE_SEARCH\t713\tglobex-retired\tDISABLED\t0 */6 * * *\t\nCERTSTREAM\t712\tglobex-config-2\tENABLED\t\t\n');
  });

  it('--json passes the body through unchanged, but for a registered secret masked', async () => {
    registerSecret('cp_live_secret_0123456789');
    const body = {...ANSWER, webhook: {token: 'cp_live_secret_0123456789'}, extra: [1, null, {deep: true}]};
    const {ctx} = await run({json: true}, body);
    const out = ctx.io.out();
    expect(out).not.toContain('cp_live_secret_0123456789');
    const printed = JSON.parse(out);
    expect(printed.sources).toEqual(ANSWER.sources);
    expect(printed.extra).toEqual([1, null, {deep: true}]);
  });

  it('--output csv is RFC 4180 with a header row; markdown has its header', async () => {
    const {ctx} = await run({output: 'csv'}, {sources: [{key: 'URLSCAN', configs: [{id: 1, title: 'a,"b"', status: 'ENABLED'}]}]});
    expect(ctx.io.out()).toBe('SOURCE,ID,TITLE,STATUS,SCHEDULE,DESCRIPTION\r\nURLSCAN,1,"a,""b""",ENABLED,,\r\n');
    const md = await run({output: 'markdown'});
    expect(md.ctx.io.out().split('\n')[0]).toBe('| SOURCE | ID | TITLE | STATUS | SCHEDULE | DESCRIPTION |');
  });

  it('--all streams the rows of the one answer (--json: one config a line)', async () => {
    const {ctx} = await run({all: true, json: true});
    const lines = ctx.io.out().trimEnd().split('\n').map(line => JSON.parse(line));
    expect(lines.map(row => row.title)).toEqual(['globex-config-1', 'globex-retired', 'globex-config-2']);
  });

  it('no control sequence of the upstream reaches the table, TSV or CSV', async () => {
    const hostile = {sources: [{key: 'X\u001b[2J', configs: [{id: 1, title: 'evil\u001b]8;;https://x.example\u0007link\u001b]8;;\u0007', status: 'ENABLED\u001b[31m'}]}]};
    for (const [tty, output] of [[true, undefined], [false, undefined], [false, 'csv']] as const) {
      const {ctx} = await run(output === undefined ? {} : {output}, hostile, tty);
      expect(ctx.io.out()).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
      expect(ctx.io.out()).toContain('evillink');
    }
  });

  it('an answer of another shape prints no rows and says so; a flat configs array and boolean enabled read', async () => {
    const odd = await run({}, {message: 'hello'}, true);
    expect(odd.ctx.io.out() + odd.ctx.io.err()).toMatch(/No detection configs in this answer/);
    const flat = await run({}, {configs: [{configId: 'c-9', name: 'flat', enabled: false, source: 'EXTERNAL'}]});
    expect(flat.ctx.io.out()).toBe('EXTERNAL\tc-9\tflat\tDISABLED\t\t\n');
  });

  it('property: random JSON never fails the reader, and --json prints it unchanged', async () => {
    fc.assert(fc.property(fc.jsonValue(), value => {
      const read = readDetectionConfigs(value);
      expect(read.body).toBe(value);
      expect(Array.isArray(read.configs)).toBe(true);
    }), {numRuns: 300});
    await fc.assert(fc.asyncProperty(fc.jsonValue({maxDepth: 3}), async value => {
      const {ctx} = await run({json: true}, value);
      expect(JSON.parse(ctx.io.out())).toEqual(JSON.parse(JSON.stringify(value)));
    }), {numRuns: 40});
  });
});
