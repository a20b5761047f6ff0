import {describe, expect, it} from 'vitest';
import {KNOWN_ASSET_TYPES} from '../../../../src/api/enums.js';
import {runAssetTypes} from '../../../../src/cmd/asset/types/types.js';
import {InputError} from '../../../../src/errors.js';
import {fakeContext} from '../../../helpers/fake-context.js';
import {rejectionOf} from '../../../helpers/thrown.js';

describe('asset types (offline)', () => {
  it('piped: one TSV row per type, no key needed; CSV has a header', async () => {
    const ctx = fakeContext({apiKey: null, baseUrl: null});
    await runAssetTypes({}, ctx);
    const rows = ctx.io.out().trim().split('\n').map(line => line.split('\t'));
    expect(rows.map(r => r[0])).toEqual([...KNOWN_ASSET_TYPES]);
    expect(rows.find(r => r[0] === 'DISCORD')![2]).toMatch(/deprecated/);
    const csv = fakeContext({apiKey: null});
    await runAssetTypes({output: 'csv'}, csv);
    expect(csv.io.out().split('\r\n')[0]).toBe('TYPE,GROUP,NOTE');
  });

  it('TTY: a table; --json: {types}', async () => {
    const tty = fakeContext({tty: true});
    await runAssetTypes({}, tty);
    expect(tty.io.out().split('\n')[0]).toMatch(/^TYPE\s+GROUP\s+NOTE$/);
    const json = fakeContext();
    await runAssetTypes({json: true}, json);
    expect(JSON.parse(json.io.out()).types[0]).toEqual({type: 'TWITTER', group: 'social', note: ''});
  });

  it('refuses an unknown --output (exit 3)', async () => {
    expect((await rejectionOf(runAssetTypes({output: 'yaml'}, fakeContext()), InputError)).exitCode).toBe(3);
  });
});
