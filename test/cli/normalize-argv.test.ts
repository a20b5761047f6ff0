import {describe, expect, it} from 'vitest';
import {normalizeArgv} from '../../src/cli/normalize-argv.js';

const argv = (...args: string[]) => ['node', 'vigil', ...args];

describe('normalizeArgv', () => {
  it('turns --x and --no-x of a three-state flag into an explicit value', () => {
    expect(normalizeArgv(argv('reports', 'list', '--reported-by-customer', '--no-needs-customer-review'))).toEqual(
      argv('reports', 'list', '--reported-by-customer=true', '--needs-customer-review=false'),
    );
  });

  it('takes a following true/false as the value, never as a positional argument', () => {
    expect(normalizeArgv(argv('reports', 'search', 'x.example', '--reported-by-customer', 'false'))).toEqual(
      argv('reports', 'search', 'x.example', '--reported-by-customer=false'),
    );
    expect(normalizeArgv(argv('reports', 'search', '--reported-by-customer', 'x.example'))).toEqual(
      argv('reports', 'search', '--reported-by-customer=true', 'x.example'),
    );
  });

  it('leaves an explicit =value and everything after -- alone', () => {
    expect(normalizeArgv(argv('reports', 'list', '--needs-customer-review=false', '--', '--reported-by-customer'))).toEqual(
      argv('reports', 'list', '--needs-customer-review=false', '--', '--reported-by-customer'),
    );
  });

  it('hides a key typed as --with-key=<key> so no error message can quote it', () => {
    expect(normalizeArgv(argv('auth', 'login', '--with-key=sk_live_secret'))).toEqual(argv('auth', 'login', '--with-key=<hidden>'));
    expect(normalizeArgv(argv('reports', 'list', '--api-key=sk_live_secret'))).toEqual(argv('reports', 'list', '--api-key=<hidden>'));
  });

  it("keeps the sandbox's own --api-key=<key>, a real option there", () => {
    expect(normalizeArgv(argv('sandbox', '--api-key=sbx_fixed_key'))).toEqual(argv('sandbox', '--api-key=sbx_fixed_key'));
  });

  it('reads `assets` as `asset` (the upstream spells it asset), also after help, and only as the group', () => {
    expect(normalizeArgv(argv('assets', 'check', 'a.example'))).toEqual(argv('asset', 'check', 'a.example'));
    expect(normalizeArgv(argv('help', 'assets', 'check'))).toEqual(argv('asset', 'check', '--help'));
    expect(normalizeArgv(argv('reports', 'search', 'assets'))).toEqual(argv('reports', 'search', 'assets'));
  });
});
