// Where one `npm run demo` keeps its files: a folder of its own, the user's (mode 0700,
// under $XDG_RUNTIME_DIR when there is one, else the temp folder), named by the sandbox's
// port once it is known, holding the env file to `source`, the logs of the sandbox and the
// worker, and the Prometheus/Alertmanager/Grafana copies. Removed when the demo exits, however
// it exits, so two demos never share a file and none outlives its run.
import {accessSync, constants, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function usableDir(dir) {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** The folder of this run; `env` decides where (XDG_RUNTIME_DIR, else TMPDIR / the OS default). */
export function createRunDir(env) {
  const base = env.XDG_RUNTIME_DIR && usableDir(env.XDG_RUNTIME_DIR) ? env.XDG_RUNTIME_DIR : os.tmpdir();
  let dir = mkdtempSync(path.join(base, 'vigil-demo-'));
  const files = new Set();
  let removed = false;
  const run = {
    get dir() {
      return dir;
    },
    /**
     * Moves the files into a new folder named by the sandbox's port (open log files keep
     * writing). The new folder is made by mkdtemp, never a name chosen here: another local
     * user who pre-created it would otherwise make renameSync fail (ENOTEMPTY) or own it.
     */
    nameByPort(port) {
      const named = mkdtempSync(path.join(path.dirname(dir), `vigil-demo-${port}-`));
      for (const name of readdirSync(dir)) renameSync(path.join(dir, name), path.join(named, name));
      rmdirSync(dir);
      dir = named;
    },
    /** A log file in the folder: its descriptor, for a child's stderr, opened now (the folder may be renamed). */
    log(name) {
      const file = () => path.join(dir, name);
      return {fd: openSync(file(), 'a', 0o600), path: file, tail: (lines = 12) => tailOf(file(), lines)};
    },
    /** Writes a file the demo owns outside its folder (VIGIL_DEMO_ENV_FILE): removed with it. */
    writeOwned(file, text) {
      writeFileSync(file, text, {mode: 0o600});
      files.add(file);
    },
    /** Synchronous, for process 'exit'; safe to call twice. */
    remove() {
      if (removed) return;
      removed = true;
      for (const file of files) rmSync(file, {force: true});
      rmSync(dir, {recursive: true, force: true});
    },
  };
  return run;
}

/** The last `count` lines of a log file, for a message when a child failed. */
export function tailOf(file, count) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
}
