import {spawn} from 'node:child_process';
import path from 'node:path';
import {ROOT} from '../helpers/cli.js';

/** `npm run soak` as a user runs it: bench/soak.mjs with `args`, its output and exit code. */
export function soak(args: string[]): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bench/soak.mjs'), ...args], {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', chunk => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk));
    child.on('exit', code => resolve({code, stdout, stderr}));
  });
}
