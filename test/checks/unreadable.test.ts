import {describe, expect, it, vi} from 'vitest';
import {loadChecksFile} from '../../src/checks/loader.js';
import {InputError} from '../../src/errors.js';
import {rejectionOf} from '../helpers/thrown.js';

// Tests may run as root (as in containers), where chmod 000 does not stop a read: the file
// system answers with the errors a user without access gets.
vi.mock('node:fs/promises', async importOriginal => ({
  ...(await importOriginal<typeof import('node:fs/promises')>()),
  readFile: async (path: string) => {
    const code = path.endsWith('locked.yaml') ? 'EACCES' : 'EIO';
    throw Object.assign(new Error(`${code}: ${path}`), {code});
  },
}));

describe('a checks file the worker cannot read', () => {
  it('says "permission denied" for a file it may not read, and names --checks', async () => {
    const error = await rejectionOf(loadChecksFile('/etc/vigil/locked.yaml'), InputError);
    expect(error.problems).toEqual([{field: '--checks', message: 'cannot read /etc/vigil/locked.yaml: permission denied'}]);
    expect(error.hint).toBe('pass --checks <file> or set VIGIL_CHECKS; see docs/checker.md');
  });

  it('gives the error code for any other failure', async () => {
    const error = await rejectionOf(loadChecksFile('/mnt/broken.yaml'), InputError);
    expect(error.problems[0]!.message).toBe('cannot read /mnt/broken.yaml: EIO');
  });
});
