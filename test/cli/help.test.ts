import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT, runCli} from '../helpers/cli.js';
import type {Manifest} from '../../src/cli/manifest.js';

/*
 * The help every command prints, from the build's manifest (the one run path, src/cli/fast-path.ts,
 * answers help, parse errors and unknown commands itself).
 */

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/cli-manifest.json'), 'utf8')) as Manifest;
const env = {VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-help-'))};

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

describe('a command line naming no command', () => {
  it.each([
    [['reprots', 'list'], "error: unknown command 'reprots'\n(Did you mean reports?)\n"],
    [['reports', 'lsit'], "error: unknown command 'lsit'\n(Did you mean list?)\n"],
    [['--bogus'], "error: unknown option '--bogus'\n"],
    [['reports', '--bogus'], "error: unknown option '--bogus'\n"],
  ])("vigil %s: Commander's error with its suggestion, exit 1", async (args, stderr) => {
    const result = await runCli(args, {env});
    expect(result).toMatchObject({code: 1, stdout: '', stderr});
  });
});
