import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {useNock} from '../../../helpers/nock.js';
import {runDetectionSources} from '../../../../src/cmd/detections/sources/sources.js';
import {readDetectionSources} from '../../../../src/api/wire/index.js';
import {InputError} from '../../../../src/errors.js';
import {redactingIO} from '../../../../src/cli/io.js';
import {API_KEY, fakeContext, interceptApi} from '../../../helpers/fake-context.js';
import {rejectionOf} from '../../../helpers/thrown.js';

useNock({allowUnused: true});

const PATH = 'detection/sources';
const CATALOG = {
  sources: [
    {key: 'URLSCAN', name: 'urlscan.io', type: 'pull', scopes: ['organization', 'brand'], brandScope: 'optional', assetTypes: ['URL', 'PAGE'], configSchema: {type: 'object'}},
    {source: 'CERTSTREAM', isPullBased: false, supportedScopes: 'organization'},
  ],
  note: `echoes the key ${API_KEY}`,
};

async function run(flags: Record<string, unknown>, body: unknown, tty = false) {
  const seen = interceptApi('GET', PATH, [{body}]);
  const ctx = fakeContext({tty});
  await runDetectionSources(flags, ctx);
  expect(seen).toHaveLength(1);
  return {request: seen[0]!, ctx};
}

describe('detections sources', () => {
  it('sends GET /detection/sources with the key and no parameter', async () => {
    const {request} = await run({}, CATALOG);
    expect([request.method, request.path, request.query]).toEqual(['GET', '/api/v2/detection/sources', {}]);
    expect(request.headers['x-api-key']).toBe(API_KEY);
  });

  it('TTY: a table of what vigil can read of each entry; piped: TSV', async () => {
    const tty = await run({}, CATALOG, true);
    const lines = tty.ctx.io.out().split('\n');
    expect(lines[0]).toMatch(/^KEY\s+NAME\s+KIND\s+SCOPES\s+BRAND SCOPE\s+ASSET TYPES\s+CONFIG SCHEMA$/);
    expect(lines[1]).toMatch(/^URLSCAN\s+urlscan\.io\s+pull\s+organization,brand\s+optional\s+URL,PAGE\s+yes$/);
    expect(lines[2]).toMatch(/^CERTSTREAM\s+-\s+push\s+organization\s+-\s+-\s+no$/);
    const piped = await run({}, [{key: 'A\u001b[2J'}]);
    expect(piped.ctx.io.out()).toBe('A\t\t\t\t\t\tno\n');
  });

  it('--json: the body exactly as sent, but for the masked key (the CLI redacts every write)', async () => {
    interceptApi('GET', PATH, [{body: CATALOG}]);
    const ctx = fakeContext();
    await runDetectionSources({json: true}, {...ctx, io: redactingIO(ctx.io)});
    const printed = JSON.parse(ctx.io.out());
    expect(printed.sources).toEqual(CATALOG.sources);
    expect(printed.note).not.toContain(API_KEY);
    expect(printed.note).toMatch(/^echoes the key tes/);
  });

  it('an answer of no readable entry is an empty table with a note, not a failure', async () => {
    const {ctx} = await run({output: 'markdown'}, {unexpected: true});
    expect(ctx.io.out()).toBe('| KEY | NAME | KIND | SCOPES | BRAND SCOPE | ASSET TYPES | CONFIG SCHEMA |\n| --- | --- | --- | --- | --- | --- | --- |\n');
    expect(ctx.io.err()).toMatch(/lists no detection source vigil can read/);
  });

  it('a bad --output: exit 3 naming it, nothing sent', async () => {
    const seen = interceptApi('GET', PATH, [{body: CATALOG}]);
    const error = await rejectionOf(runDetectionSources({output: 'yaml'}, fakeContext()), InputError);
    expect(error.problems.map(p => p.field)).toContain('--output');
    expect(seen).toHaveLength(0);
  });

  it('property: whatever JSON the upstream sends, the reader keeps it as sent and never fails; every source read is an object entry', () => {
    const entry = fc.dictionary(fc.constantFrom('key', 'source', 'name', 'type', 'kind', 'isPullBased', 'scopes', 'assetTypes', 'brandScope', 'configSchema', 'other'), fc.jsonValue());
    const body = fc.oneof(fc.jsonValue(), fc.array(fc.oneof(entry, fc.jsonValue())), fc.record({sources: fc.array(fc.oneof(entry, fc.jsonValue()))}), fc.record({data: fc.jsonValue()}));
    fc.assert(
      fc.property(body, value => {
        const copy = structuredClone(value);
        const read = readDetectionSources(value);
        expect(read.raw).toEqual(copy);
        for (const source of read.sources) {
          expect(typeof source.hasConfigSchema).toBe('boolean');
          for (const field of ['key', 'name', 'kind', 'brandScope'] as const) expect(['string', 'undefined']).toContain(typeof source[field]);
          for (const field of ['scopes', 'assetTypes'] as const) expect(source[field] === undefined || source[field]!.every(item => typeof item === 'string')).toBe(true);
        }
      }),
      {seed: 42, numRuns: 500},
    );
  });
});
