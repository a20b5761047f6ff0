import {execFile} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';

/*
 * The Node lines the README names (20, 22, 24, 26), each as a node binary: the one running
 * the suite for its own line, the others from npm's `node@<major>` packages (as .ci/run gets
 * them), installed into a temporary prefix (npm's cache makes the next run fast).
 */

export const NODE_LINES = [20, 22, 24, 26] as const;

const run = promisify(execFile);

// npm's own variables (npm_config_*, set when the suite runs under `npm test`) would steer an install.
export const cleanEnv = (): NodeJS.ProcessEnv => Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

/** Why npm's registry cannot be used (offline, or no npm), or undefined when it answers. */
export async function registryUnreachable(): Promise<string | undefined> {
  try {
    await run('npm', ['ping', '--fetch-timeout=10000', '--fetch-retries=0'], {env: cleanEnv(), timeout: 30_000});
    return undefined;
  } catch (error) {
    return `npm's registry does not answer (npm ping: ${String((error as {stderr?: string}).stderr ?? error).trim().split('\n').at(-1)})`;
  }
}

/** The node binary of a line. */
export async function nodeOf(major: number): Promise<string> {
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath;
  const prefix = mkdtempSync(path.join(tmpdir(), `vigil-node${major}-`));
  await run('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node@${major}`], {env: cleanEnv(), timeout: 300_000});
  return path.join(prefix, 'node_modules/.bin/node');
}

/** The npm on PATH, run by a given node binary: npm checks engines against the node running it. */
export async function npmCli(): Promise<string> {
  const {stdout} = await run('npm', ['root', '-g'], {env: cleanEnv()});
  return path.join(stdout.trim(), 'npm/bin/npm-cli.js');
}

export interface NpmRun {
  code: number;
  output: string;
}

/** `npm <args>` under `node`, stdout and stderr as one text, never throwing on a failed exit. */
export async function npmUnder(node: string, cli: string, args: string[], cwd: string): Promise<NpmRun> {
  const env = {...cleanEnv(), PATH: `${path.dirname(node)}:${process.env.PATH ?? ''}`};
  try {
    const {stdout, stderr} = await run(node, [cli, ...args], {cwd, env, timeout: 600_000, maxBuffer: 32 * 1024 * 1024});
    return {code: 0, output: `${stdout}${stderr}`};
  } catch (error) {
    const failed = error as {code?: number; stdout?: string; stderr?: string};
    return {code: typeof failed.code === 'number' ? failed.code : 1, output: `${failed.stdout ?? ''}${failed.stderr ?? String(error)}`};
  }
}

/** npm's warning lines (`npm warn ...`), the lines a user sees as warnings. */
export const warnings = (output: string): string[] => output.split('\n').filter(line => /^npm (warn|WARN)/.test(line));
