import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {EXIT_CODE_MEANINGS, ExitCode, exitCodeForStatus} from '../src/exit-codes.js';

describe('exit codes', () => {
  it('are the numbers the README table documents, one row per code', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Exit codes'), readme.indexOf('\n## ', readme.indexOf('## Exit codes') + 1));
    const documented = [...section.matchAll(/^\| (\d+) \|/gm)].map(match => Number(match[1]));
    expect(documented).toEqual([...new Set(Object.values(ExitCode))].sort((a, b) => a - b));
    const rows = Object.fromEntries([...section.matchAll(/^\| (\d+) \| (.*) \|$/gm)].map(match => [match[1], match[2]]));
    expect(rows).toEqual(Object.fromEntries(Object.entries(EXIT_CODE_MEANINGS)));
    expect(ExitCode).toEqual({Ok: 0, Unexpected: 1, Auth: 2, Input: 3, NotFound: 4, Forbidden: 5, Breached: 6, Rejected: 7, Unavailable: 8, Conflict: 9, LimitReached: 10, Incomplete: 11, Interrupted: 130});
  });

  it.each([
    [401, ExitCode.Auth],
    [403, ExitCode.Forbidden],
    [404, ExitCode.NotFound],
    [422, ExitCode.Rejected],
    [429, ExitCode.Unavailable],
    [500, ExitCode.Unavailable],
    [502, ExitCode.Unavailable],
    [599, ExitCode.Unavailable],
    [400, ExitCode.Input],
    [409, ExitCode.Input],
    [413, ExitCode.Input],
    [499, ExitCode.Input],
    [399, ExitCode.Unexpected],
    [302, ExitCode.Unexpected],
    [200, ExitCode.Unexpected],
  ])('HTTP %i from the upstream exits %i', (status, code) => {
    expect(exitCodeForStatus(status)).toBe(code);
  });
});
