import {execFileSync} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {ensureBuilt} from '../helpers/build.js';
import {reviewOutcome} from '../../src/api/outcomes.js';
import {requireNoEviction} from '../../src/redis/probe.js';
import {parseRedisUrl} from '../../src/redis/connection-url.js';
import {shellCommand, shellQuote} from '../../src/output/shell.js';

/*
 * What vigil suggests is pasted into a shell: pasting it runs that command and nothing else,
 * and an org that could only be a shell payload is refused where it comes in.
 */

const HOSTILE_ORG = 'acme;touch${IFS}pwned;#';
let dir: string;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-paste-'));
}, 120_000);
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** Runs `command` as a user pasting it into sh would, in a fresh folder: what it printed, and the files it left. */
function paste(command: string): {printed: string; files: string[]} {
  const cwd = mkdtempSync(path.join(dir, 'sh-'));
  const printed = execFileSync('sh', ['-c', command], {cwd, encoding: 'utf8'});
  return {printed, files: readdirSync(cwd)};
}

/** The first `...` of a hint, the command it suggests. */
const suggested = (hint: string) => /`([^`]+)`/.exec(hint)![1]!;

describe('org slugs: what the upstream can have, refused otherwise with exit 3 naming where it came from', () => {
  it('config set org', async () => {
    const result = await runCli(['config', 'set', 'org', HOSTILE_ORG], {env: {VIGIL_CONFIG_DIR: path.join(dir, 'config')}});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('must be an org slug');
    expect(existsSync(path.join(dir, 'config', 'config.json'))).toBe(false);
  });

  it.each([
    ['--org', ['--org', HOSTILE_ORG], {}],
    ['VIGIL_ORG', [], {VIGIL_ORG: HOSTILE_ORG}],
  ])('%s', async (field, args, env) => {
    const result = await runCli(['reports', 'list', ...args], {env: {VIGIL_CONFIG_DIR: path.join(dir, 'config'), VIGIL_API_KEY: 'paste-key-0123456789', VIGIL_BASE_URL: 'http://127.0.0.1:9/api/v2', ...env}});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`${field}: must be an org slug`);
  });

  it('accepts the slugs the upstream has', async () => {
    for (const slug of ['acme', 'acme-eu.2', 'Initech_1']) {
      expect((await runCli(['config', 'set', 'org', slug], {env: {VIGIL_CONFIG_DIR: path.join(dir, 'config')}})).code).toBe(0);
    }
  });
});

describe('suggested commands quote every value for the shell', () => {
  it('shellQuote: plain words as they are, anything else in single quotes, a quote inside too', () => {
    expect(shellCommand(['vigil', 'reports', 'list', '--org', 'acme-eu.2', '--json'])).toBe('vigil reports list --org acme-eu.2 --json');
    for (const value of [HOSTILE_ORG, "it's", '$(touch pwned)', '`touch pwned`', 'a\nb', '', '=x', '~root', '*']) {
      expect(paste(`printf '%s' ${shellQuote(value)}`)).toEqual({printed: value, files: []});
    }
  });

  it('the check after a review that may have been recorded', () => {
    // Refused at the flag now; the hint stays safe whatever reaches it.
    const {check} = reviewOutcome('5492', HOSTILE_ORG);
    const command = suggested(check).replace(/^vigil /, "printf '%s|' ").replace(/\| jq -c /, '; printf "%s" ');
    expect(paste(command)).toEqual({printed: `reports|list|--org|${HOSTILE_ORG}|--all|--json|select(any(.proposals[]?; .id == "5492"))`, files: []});
  });

  it('the redis-cli fix for an evicting node, whose address came from the server', () => {
    const target = parseRedisUrl('redis+cluster://127.0.0.1:7000', '--redis-url');
    const error = (() => {
      try {
        requireNoEviction({primaries: [], version: '7', policies: {'h;touch pwned;#:7000': 'allkeys-lru'}}, target, '--redis-url');
      } catch (thrown) {
        return thrown as {hint: string};
      }
      throw new Error('not refused');
    })();
    expect(paste(suggested(error.hint).replace(/^redis-cli /, "printf '%s|' "))).toEqual({printed: '-h|h;touch pwned;#|-p|7000|CONFIG|SET|maxmemory-policy|noeviction|', files: []});
  });

  it('chmod for a config folder others can write to, wherever it is', async () => {
    const config = path.join(dir, 'a folder;touch pwned;#');
    mkdirSync(config);
    chmodSync(config, 0o777);
    const result = await runCli(['config', 'get', 'org'], {env: {VIGIL_CONFIG_DIR: config}});
    expect(result.code).not.toBe(0);
    const hint = /make it private: (.*)$/m.exec(result.stderr)?.[1];
    expect(hint, result.stderr).toBeDefined();
    const {files} = paste(hint!);
    expect(files).toEqual([]);
    expect((await import('node:fs')).statSync(config).mode & 0o777).toBe(0o700);
  });
});
