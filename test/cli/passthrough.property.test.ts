import fc from 'fast-check';
import {beforeAll, describe, expect, it} from 'vitest';
import type {ApiClient} from '../../src/api/client.js';
import type {CommandContext} from '../../src/cli/context.js';
import {redactingIO} from '../../src/cli/io.js';
import {runBrandsList} from '../../src/cmd/brands/list/list.js';
import {runMetricsFound} from '../../src/cmd/metrics/found/found.js';
import {runMetricsOrganization} from '../../src/cmd/metrics/organization/organization.js';
import {runMetricsSummary} from '../../src/cmd/metrics/summary/summary.js';
import {runAssetGroupsList} from '../../src/cmd/orgs/asset-groups/list/list.js';
import {runOrgAssetsList} from '../../src/cmd/orgs/assets/list/list.js';
import {runOrgsGet} from '../../src/cmd/orgs/get/get.js';
import {runOrgsList} from '../../src/cmd/orgs/list/list.js';
import {runQueuesSnapshot} from '../../src/cmd/queues/snapshot/snapshot.js';
import {runWhoami} from '../../src/cmd/whoami/whoami.js';
import {loadTableRenderer} from '../../src/output/index.js';
import {maskSecret, registerSecret} from '../../src/secrets.js';
import {API_KEY, fakeContext} from '../helpers/fake-context.js';

/*
 * For the reads whose answer the docs leave unstated (and the documented ones, read by the
 * same reader): whatever JSON the upstream sends, no format fails the page, and --json is
 * the body unchanged but for the registered key, masked wherever it appears.
 */

type Run = (flags: Record<string, unknown>, ctx: CommandContext) => Promise<unknown>;
const READS: Array<[string, Run]> = [
  ['metrics organization', runMetricsOrganization],
  ['metrics summary', runMetricsSummary],
  ['metrics found', runMetricsFound],
  ['queues snapshot', runQueuesSnapshot],
  ['whoami', runWhoami],
  ['orgs list', runOrgsList],
  ['orgs get', (flags, ctx) => runOrgsGet({slug: 'acme', ...flags}, ctx)],
  ['orgs assets list', runOrgAssetsList],
  ['orgs asset-groups list', runAssetGroupsList],
  ['brands list', runBrandsList],
];
const FORMATS: Array<[boolean, Record<string, unknown>]> = [[true, {}], [false, {}], [false, {output: 'markdown'}], [false, {output: 'csv'}], [false, {output: 'table'}], [false, {json: true}]];

/** The command run against a client that answers `body` as it would arrive off the wire. */
async function output(run: Run, flags: Record<string, unknown>, tty: boolean, body: unknown): Promise<string> {
  const ctx = fakeContext({tty, columns: 80});
  const wire = JSON.parse(JSON.stringify(body)) as unknown;
  const client = {call: async () => wire} as unknown as ApiClient;
  await run(flags, {...ctx, io: redactingIO(ctx.io), client: () => client});
  return ctx.io.out();
}

/** Random JSON whose strings sometimes carry the key, and whose shape sometimes is the documented one. */
const keyed = fc.oneof(fc.string(), fc.constant(API_KEY), fc.string().map(text => `${text}${API_KEY}${text}`));
const json = fc.letrec(tie => ({
  value: fc.oneof({depthSize: 'small'}, fc.constantFrom(null, true, false), fc.integer(), fc.double({noNaN: true, noDefaultInfinity: true}), keyed, fc.array(tie('value'), {maxLength: 4}), fc.dictionary(fc.oneof(fc.string(), fc.constantFrom('metrics', 'organizations', 'assets', 'groups', 'brands', 'next_page', 'slug', 'services', 'group')), tie('value'), {maxKeys: 5})),
})).value;
const shaped = fc.record({metrics: json, blockedByType: fc.array(json, {maxLength: 3}), organizations: fc.array(json, {maxLength: 3}), assets: fc.array(json, {maxLength: 3}), groups: fc.array(json, {maxLength: 3}), brands: fc.array(json, {maxLength: 3}), next_page: json}, {requiredKeys: []});
const bodies = fc.oneof(json, shaped);

/** The value with every string's key masked, as stdout masks it. */
function masked(value: unknown): unknown {
  if (typeof value === 'string') return value.split(API_KEY).join(maskSecret(API_KEY));
  if (Array.isArray(value)) return value.map(masked);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [masked(key) as string, masked(item)]));
  return value;
}

beforeAll(async () => {
  await loadTableRenderer();
  registerSecret(API_KEY);
});

describe('platform reads: any JSON answer', () => {
  it.each(READS)('%s: every format prints; --json is the body, the key masked', async (_name, run) => {
    await fc.assert(
      fc.asyncProperty(bodies, async body => {
        for (const [tty, flags] of FORMATS) {
          const out = await output(run, flags, tty, body);
          expect(out).not.toContain(API_KEY);
          if (flags.json === true) expect(JSON.parse(out)).toEqual(masked(JSON.parse(JSON.stringify(body))));
        }
      }),
      {numRuns: 80, seed: 42},
    );
  });
});
