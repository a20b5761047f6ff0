import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/cli.js';

/* `npm run image` refuses bad flags before it looks for a container tool or builds anything. */

const image = (...args: string[]) => spawnSync(process.execPath, [path.join(ROOT, 'scripts/image.mjs'), ...args], {cwd: ROOT, encoding: 'utf8', timeout: 30_000});

describe('npm run image: its flags', () => {
  it.each([
    [['--node', '20'], /--node: 20 is not a supported line for the image \(24 or 26\)/],
    [['--tool', 'kaniko'], /--tool: kaniko is none of buildah, podman, docker/],
    [['--output='], /--output: needs a file name/],
    [['--no-such-flag'], /Unknown option '--no-such-flag'[\s\S]*usage: npm run image/],
  ])('%j: exit 3 naming the flag, on stderr only', (args, message) => {
    const result = image(...args);
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('--help: the usage on stdout, exit 0', () => {
    const result = image('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^usage: npm run image -- \[--output <file>\]/);
  });
});
