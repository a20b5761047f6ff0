import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = path.join(ROOT, 'dist/cli.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  input?: string;
  nodeArgs?: string[];
  timeoutMs?: number;
}

/**
 * Runs the built CLI as a user's shell would when piped: no TTY, a clean environment
 * (nothing of the developer's VIGIL_* settings leaks in) plus what the test passes.
 */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = {PATH: process.env.PATH, HOME: process.env.HOME, ...options.env};
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
    cwd: options.cwd ?? ROOT,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const result = outcomeOf(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
  child.stdin.end(options.input ?? '');
  return result.finally(() => clearTimeout(timer));
}

/** A spawned process's exit code and all it wrote, once it has closed: what a user of the command sees. */
export function outcomeOf(child: ChildProcess): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', chunk => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', chunk => (stderr += chunk));
    child.on('error', reject);
    child.on('close', code => resolve({code, stdout, stderr}));
  });
}
