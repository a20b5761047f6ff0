import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT, runCli} from '../helpers/cli.js';
import type {Manifest} from '../../src/cli/manifest.js';

/*
 * The two ways a command line runs, the fast path (no Pastel, Ink or React) and Pastel's
 * (forced with VIGIL_PASTEL=1), print the same help, the same results and the same errors
 * with the same exit codes: both come from one definition per command.
 */

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/cli-manifest.json'), 'utf8')) as Manifest;
const env = {VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-paths-'))};

async function bothPaths(args: string[]) {
  const [fast, pastel] = await Promise.all([runCli(args, {env}), runCli(args, {env: {...env, VIGIL_PASTEL: '1'}})]);
  return {fast, pastel};
}

const helpLines = [
  [],
  ['--help'],
  ['--version'],
  ['help', 'reports', 'list'],
  ...Object.keys(manifest.groups).filter(Boolean).map(group => group.split(' ')),
  ...Object.keys(manifest.commands).map(command => [...command.split(' '), '--help']),
];

const commandLines = [
  ['reports', 'list', '--reported-by-customer', 'maybe'],
  ['reports', 'list', '--json', 'foo'],
  ['reports', 'list', '--limit', '5', '--json', '--status'],
  ['reports', 'list', '--limit', '0', '--status', 'DONE', '--json'],
  ['reports', 'list', '--no-such-flag'],
  ['reports', 'create', '--dry-run', '--org', 'acme', '--title', 'Fake login', '--description', 'kit', '--asset', 'evil.example:BLOCKED'],
  ['reports', 'create', '--dry-run', '--title', 'x'],
  ['reports', 'search'],
  ['reports', 'search', '--reported-by-customer', 'false', 'a.example', '--org', 'acme'],
  ['healthchecks', 'run', 'no.such-check'],
  ['auth', 'status'],
  ['auth', 'status', '--json'],
  ['auth', 'login', 'vk_live_typed_as_an_argument'],
  ['config', 'get', '--json'],
  ['config', 'set', 'colour', 'blue'],
  ['completion', 'bash'],
  ['completion', 'tcsh'],
  ['sandbox', '--port', 'abc'],
  ['reprots', 'list'],
];

describe('the fast path and Pastel agree', () => {
  const named = (lines: string[][]) => lines.map(args => [args.join(' '), args] as const);

  it.each(named(helpLines))('help: vigil %s', async (_name, args) => {
    const {fast, pastel} = await bothPaths(args);
    expect(fast).toEqual(pastel);
    expect(fast.code).toBe(0);
    expect(fast.stderr).toBe('');
  });

  it.each(named(commandLines))('vigil %s', async (_name, args) => {
    const {fast, pastel} = await bothPaths(args);
    expect(fast).toEqual(pastel);
  });
});

describe('help that teaches', () => {
  it.each(Object.keys(manifest.commands))('vigil %s --help: 2-4 examples, <value> for values, no default noise, no internal references', command => {
    const help = manifest.help[command]!;
    const examples = help.split('\nExamples:\n')[1] ?? '';
    const count = (examples.match(/^ {2}\$ vigil /gm) ?? []).length + (examples.match(/^ {2}\$ source <\(vigil /gm) ?? []).length;
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(4);
    expect(help).not.toMatch(/--[a-z-]+ \[[a-z|]+\]/);
    expect(help).not.toContain('(default: false)');
    expect(help).not.toContain('(default: true)');
    expect(help).not.toMatch(/SPEC\.md|CONTRACT\.md/);
  });

  it('describes --no-interactive as what it does', () => {
    expect(manifest.help['reports list']).toMatch(/--no-interactive +Print the list and exit/);
    expect(manifest.help['reports create']).toMatch(/--no-interactive +Never prompt/);
  });

  it('bare vigil prints the help and exits 0; a three-state flag given a word names the flag', async () => {
    const bare = await runCli([], {env});
    expect(bare.code).toBe(0);
    expect(bare.stdout).toMatch(/^Usage: vigil/);
    const maybe = await runCli(['reports', 'list', '--reported-by-customer', 'maybe'], {env});
    expect(maybe.code).toBe(1);
    expect(maybe.stderr).toContain('error: --reported-by-customer: takes no value, or true or false');
  });
});
