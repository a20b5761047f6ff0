import {spawnSync} from 'node:child_process';
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {CLI, ROOT, runCli} from '../../helpers/cli.js';
import type {Manifest} from '../../../src/cli/manifest.js';
import {DOCUMENTED_HEALTHCHECK_IDS} from '../../../src/api/wire/index.js';
import {requireProgram} from '../../helpers/programs.js';

/*
 * `vigil completion <shell>` from the built CLI: each script parses in its own shell, and
 * completing a command line offers what a user would expect there.
 */

/** The verbs of `vigil reports` the build knows: completion must offer each, and no other. */
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/cli-manifest.json'), 'utf8')) as Manifest;
const REPORTS_VERBS = Object.keys(manifest.commands).filter(name => name.startsWith('reports ')).map(name => name.slice('reports '.length)).sort();

const dir = mkdtempSync(path.join(tmpdir(), 'vigil-completion-'));
const scripts: Record<string, string> = {};

// bash is everywhere vigil runs; zsh and fish are skipped, visibly, where not installed.
const zsh = requireProgram('zsh');
const fish = requireProgram('fish');
const skipReason = (shell: string) => (shell === 'zsh' ? zsh : shell === 'fish' ? fish : undefined)?.skipReason;

beforeAll(async () => {
  for (const shell of ['bash', 'zsh', 'fish']) {
    const result = await runCli(['completion', shell]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    scripts[shell] = path.join(dir, `vigil.${shell}`);
    writeFileSync(scripts[shell]!, result.stdout);
  }
});

/**
 * Where completion runs: a folder with files in it (which a flag's value must not offer
 * unless it names a file), `vigil` on PATH (the built CLI), and a config folder with or
 * without a saved org.
 */
interface Shell {
  cwd: string;
  env: NodeJS.ProcessEnv;
}

function shellWith(savedOrg: string | undefined, {onPath = true}: {onPath?: boolean} = {}): Shell {
  const root = mkdtempSync(path.join(dir, 'shell-'));
  const bin = path.join(root, 'bin');
  const cwd = path.join(root, 'work');
  const config = path.join(root, 'config');
  for (const folder of [bin, cwd, config]) mkdirSync(folder);
  writeFileSync(path.join(bin, 'vigil'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`);
  chmodSync(path.join(bin, 'vigil'), 0o755);
  writeFileSync(path.join(cwd, 'acme-notes.txt'), 'not an org\n');
  writeFileSync(path.join(cwd, 'report.json'), '{}\n');
  const env = {PATH: `${bin}:${process.env.PATH}`, HOME: root, VIGIL_CONFIG_DIR: config};
  if (savedOrg !== undefined) {
    const saved = spawnSync('vigil', ['config', 'set', 'org', savedOrg], {env, encoding: 'utf8'});
    expect(saved.status, saved.stderr).toBe(0);
  }
  // `alias vigil="node $PWD/dist/cli.js"` (the README's): no vigil a script can run by name.
  return {cwd, env: onPath ? env : {...env, PATH: process.env.PATH}};
}

const plainShell = (): Shell => ({cwd: dir, env: {PATH: process.env.PATH}});

/** What bash's completion function offers for `line` (the cursor at its end). */
function bashComplete(line: string, shell: Shell = plainShell()): string[] {
  const words = line.split(' ');
  const script = `source ${JSON.stringify(scripts.bash)}
COMP_WORDS=(${words.map(word => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}
_vigil; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = spawnSync('bash', ['--norc', '-c', script], {encoding: 'utf8', cwd: shell.cwd, env: shell.env});
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean);
}

/** What zsh's function offers for `line`: compadd and _files stand in for the completion system. */
function zshComplete(line: string, shell: Shell): string[] {
  const words = line.split(' ');
  const script = `compdef() { :; }
compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }
_files() { print -l -- *; }
source ${JSON.stringify(scripts.zsh)}
words=(${words.map(word => `'${word}'`).join(' ')}); CURRENT=${words.length}
_vigil`;
  const result = spawnSync('zsh', ['-f', '-c', script], {encoding: 'utf8', cwd: shell.cwd, env: shell.env});
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean);
}

/** What fish offers for `line` (`complete -C`), values only. */
function fishComplete(line: string, shell: Shell = plainShell()): string[] {
  const result = spawnSync('fish', ['--no-config', '-c', `source ${scripts.fish}; complete -C '${line}'`], {encoding: 'utf8', cwd: shell.cwd, env: shell.env});
  expect(result.stderr).toBe('');
  return result.stdout.split('\n').filter(Boolean).map(row => row.split('\t')[0]!);
}

describe('vigil completion', () => {
  for (const shell of ['bash', 'zsh', 'fish']) it.skipIf(skipReason(shell))(`writes a ${shell} script that its shell parses`, () => {
    const result = spawnSync(shell, ['-n', scripts[shell]!], {encoding: 'utf8'});
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('bash: `vigil reports list --status ` offers the three statuses', () => {
    expect(bashComplete('vigil reports list --status ').sort()).toEqual(['CLOSED', 'IN_PROGRESS', 'TODO']);
    expect(bashComplete('vigil reports list --status IN')).toEqual(['IN_PROGRESS']);
  });

  it('bash: commands, subcommands, flags and argument values', () => {
    expect(bashComplete('vigil re')).toEqual(['reports']);
    expect(REPORTS_VERBS).toEqual(expect.arrayContaining(['create', 'list', 'search']));
    expect(bashComplete('vigil reports ').sort()).toEqual(REPORTS_VERBS);
    expect(bashComplete('vigil help reports l')).toEqual(['list']);
    expect(bashComplete('vigil reports list --needs')).toEqual(['--needs-customer-review']);
    expect(bashComplete('vigil reports list --no-inter')).toEqual(['--no-interactive']);
    expect(bashComplete('vigil config get ').sort()).toEqual(['base-url', 'org']);
    expect(bashComplete('vigil reports list --output ').sort()).toEqual(['csv', 'json', 'markdown', 'table', 'tsv']);
    expect(bashComplete('vigil completion ').sort()).toEqual(['bash', 'fish', 'zsh']);
    expect(bashComplete('vigil healthchecks ').sort()).toEqual(['board', 'list', 'report', 'run']);
    expect(bashComplete('vigil healthchecks run ').sort()).toEqual([...DOCUMENTED_HEALTHCHECK_IDS].sort());
    expect(bashComplete('vigil healthchecks run reviewing.')).toEqual(['reviewing.backlog', 'reviewing.old-proposals']);
  });

  it('--org offers the saved org, or nothing, never file names (bash)', () => {
    const saved = shellWith('acme');
    const none = shellWith(undefined);
    expect(bashComplete('vigil reports list --org ', saved)).toEqual(['acme']);
    expect(bashComplete('vigil reports list --org ', none)).toEqual([]);
    expect(bashComplete('vigil healthchecks run --org a', none)).toEqual([]);
    // A file flag still offers files; free text (a title) offers nothing.
    expect(bashComplete('vigil reports create --payload-file ', none).sort()).toEqual(['acme-notes.txt', 'report.json']);
    expect(bashComplete('vigil reports create --title ', none)).toEqual([]);
  });

  it.skipIf(zsh.skipReason || fish.skipReason)('--org offers the saved org, or nothing, never file names (zsh, fish)', () => {
    const saved = shellWith('acme');
    const none = shellWith(undefined);
    expect(zshComplete('vigil reports list --org ', saved)).toEqual(['acme']);
    expect(zshComplete('vigil reports list --org ', none)).toEqual([]);
    expect(zshComplete('vigil reports create --payload-file ', none).sort()).toEqual(['acme-notes.txt', 'report.json']);
    expect(fishComplete('vigil reports list --org ', saved)).toEqual(['acme']);
    expect(fishComplete('vigil reports list --org ', none)).toEqual([]);
    expect(fishComplete('vigil reports create --title ', none)).toEqual([]);
  });

  describe("--org offers the saved org when `vigil` is the README's alias, not a program on PATH: the script calls the vigil that wrote it", () => {
    const aliased = () => {
      const shell = shellWith('acme', {onPath: false});
      expect(spawnSync('sh', ['-c', 'command -v vigil'], {env: shell.env}).status).not.toBe(0);
      return shell;
    };
    it('bash', () => {
      const shell = aliased();
      expect(bashComplete('vigil reports list --org ', shell)).toEqual(['acme']);
      expect(bashComplete('vigil healthchecks run --org a', shell)).toEqual(['acme']);
    });
    it.skipIf(zsh.skipReason)('zsh', () => expect(zshComplete('vigil reports list --org ', aliased())).toEqual(['acme']));
    it.skipIf(fish.skipReason)('fish', () => expect(fishComplete('vigil reports list --org ', aliased())).toEqual(['acme']));
  });

  it.skipIf(fish.skipReason)('fish: the same statuses and subcommands', () => {
    expect(fishComplete('vigil reports list --status ').sort()).toEqual(['CLOSED', 'IN_PROGRESS', 'TODO']);
    expect(fishComplete('vigil reports ').sort()).toEqual(REPORTS_VERBS);
    expect(fishComplete('vigil schedules list --pre')).toEqual(['--prefix']);
  });

  it('exits 3 naming the shells for a shell it does not know', async () => {
    const result = await runCli(['completion', 'tcsh']);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('must be bash, zsh or fish');
  });
});
