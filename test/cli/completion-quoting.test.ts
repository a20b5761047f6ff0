import {spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {completionScript, type Shell} from '../../src/cli/completion.js';
import type {Manifest} from '../../src/cli/manifest.js';
import {requireProgram} from '../helpers/programs.js';
import {ROOT} from '../helpers/cli.js';

/*
 * The script embeds the command line of the vigil that wrote it (Node and the CLI,
 * absolute). An install path is not ours to choose: one holding quotes, backslashes and
 * command substitutions must reach each shell as one word and run nothing.
 */
const fish = requireProgram('fish');
const zsh = requireProgram('zsh');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/cli-manifest.json'), 'utf8')) as Manifest;

/** A folder whose name breaks out of POSIX quoting in fish (`\'`), and out of fish's own. */
const HOSTILE = String.raw`x\'; touch pwned-a; echo \'y (touch pwned-b) $(touch pwned-c) "q" \\ $HOME {a,b} ` + '`touch pwned-d`';

function setUp(shell: Shell) {
  const root = mkdtempSync(path.join(tmpdir(), 'vigil-quoting-'));
  const bin = path.join(root, HOSTILE);
  mkdirSync(bin);
  // Stands in for Node: answers `<cli> config get org` with a saved org.
  const node = path.join(bin, 'node');
  writeFileSync(node, '#!/bin/sh\n[ "$2 $3 $4" = "config get org" ] && echo acme\n');
  chmodSync(node, 0o755);
  const script = path.join(root, `vigil.${shell}`);
  writeFileSync(script, completionScript(shell, manifest, [node, path.join(bin, 'cli.js')]));
  return {root, script};
}

const pwned = (root: string) => ['a', 'b', 'c', 'd'].map(name => `pwned-${name}`).filter(name => existsSync(path.join(root, name)));

describe('completion scripts for an install path a shell would misread', () => {
  it.skipIf(fish.skipReason)('fish parses the script (fish -n), runs nothing from the path, and calls that program for --org', () => {
    const {root, script} = setUp('fish');
    const parsed = spawnSync('fish', ['--no-config', '-n', script], {encoding: 'utf8'});
    expect(parsed.stderr).toBe('');
    expect(parsed.status).toBe(0);
    const result = spawnSync('fish', ['--no-config', '-c', `source ${JSON.stringify(script)}; complete -C 'vigil reports list --org '`], {encoding: 'utf8', cwd: root, env: {PATH: process.env.PATH, HOME: root}});
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n').filter(Boolean).map(row => row.split('\t')[0])).toEqual(['acme']);
    expect(pwned(root)).toEqual([]);
  });

  it('bash runs nothing from the path and calls that program for --org', () => {
    const {root, script} = setUp('bash');
    const result = spawnSync('bash', ['--norc', '-c', `source ${JSON.stringify(script)}; COMP_WORDS=(vigil reports list --org ''); COMP_CWORD=4; _vigil; printf '%s\\n' "\${COMPREPLY[@]}"`], {encoding: 'utf8', cwd: root, env: {PATH: process.env.PATH, HOME: root}});
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n').filter(Boolean)).toEqual(['acme']);
    expect(pwned(root)).toEqual([]);
  });

  it.skipIf(zsh.skipReason)('zsh runs nothing from the path and calls that program for --org', () => {
    const {root, script} = setUp('zsh');
    const result = spawnSync('zsh', ['-f', '-c', `compdef() { :; }\ncompadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }\nsource ${JSON.stringify(script)}\nwords=(vigil reports list --org ''); CURRENT=5\n_vigil`], {encoding: 'utf8', cwd: root, env: {PATH: process.env.PATH, HOME: root}});
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n').filter(Boolean)).toEqual(['acme']);
    expect(pwned(root)).toEqual([]);
  });
});
