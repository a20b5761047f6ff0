import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, afterEach, beforeAll} from 'vitest';
import {ensureBuilt} from './build.js';
import {CLI} from './cli.js';
import {startSandboxProcess, type SandboxProcess, type SandboxProcessOptions} from './sandbox-process.js';
import {TmuxSession, tmux, type TmuxOptions} from './tmux.js';

export interface SandboxTerminal {
  /** The environment that points the CLI at the sandbox, with a private config folder. */
  env(): NodeJS.ProcessEnv;
  /** Runs `vigil <args>` in a fresh tmux session, closed after the test. */
  open(args: string[], options?: Omit<TmuxOptions, 'env'>): TmuxSession;
}

/**
 * Registers the hooks of a terminal end-to-end file: the built CLI, one sandbox process for
 * the file (started with `sandbox`, e.g. {args: ['--review-limit', '2']}), a private config
 * folder, and a tmux session per test.
 */
export function useSandboxTerminal(sandboxOptions: SandboxProcessOptions = {}): SandboxTerminal {
  let sandbox: SandboxProcess | undefined;
  let configDir = '';
  let session: TmuxSession | undefined;

  // Without tmux the file's suites are skipped: start no sandbox for them.
  if (!tmux.skipReason) registerHooks();
  function registerHooks() {
    beforeAll(async () => {
      ensureBuilt();
      sandbox = await startSandboxProcess(sandboxOptions);
      configDir = mkdtempSync(path.join(tmpdir(), 'vigil-e2e-config-'));
    }, 120_000);

    afterAll(async () => {
      await sandbox?.stop();
      rmSync(configDir, {recursive: true, force: true});
    });

    afterEach(() => {
      session?.close();
      session = undefined;
    });
  }

  const env = () => ({...sandbox!.env, VIGIL_CONFIG_DIR: configDir});
  return {
    env,
    open(args, options = {}) {
      session = TmuxSession.start([process.execPath, CLI, ...args], {...options, env: env()});
      return session;
    },
  };
}
