import {createHash} from 'node:crypto';
import {watch, type FSWatcher} from 'node:fs';
import {basename, dirname} from 'node:path';
import {parseChecks, readChecksText} from '../src/checks/loader.js';
import type {ChecksConfig} from '../src/checks/schema.js';
import {InputError} from '../src/errors.js';
import {checksFileMetrics} from '../src/metrics/checks-file.js';
import type {VigilMetrics} from '../src/metrics/registry.js';

/**
 * Applies a changed checks file without a restart. The directory is watched, not the file:
 * an editor that saves by writing a new file and renaming it over the old one, and
 * Kubernetes, which swaps a ConfigMap's `..data` symlink, leave a watch on the old inode
 * blind. Events are debounced (a save is several), and a read whose text is what was read
 * last does nothing, so a touch or a neighbour's event costs one read. A file that does not
 * parse or validate is not applied: the worker keeps running the last valid one, says why
 * at `warn` with the messages the start-up check gives, and vigil_checks_file_valid is 0
 * until a valid write. A slow poll backs the watch (file systems without events, a watch
 * that died) and retries an apply that failed (Redis away).
 */

export interface ChecksWatchOptions {
  path: string;
  /** What runs now: a valid file that means the same (a comment edited) changes nothing. */
  current: ChecksConfig;
  /** Makes the worker run `config` (schedulers, in-memory specs); rejects when it could not. */
  apply(config: ChecksConfig): Promise<void>;
  metrics: Pick<VigilMetrics, 'registry'>;
  logEvent: (message: string, fields?: Record<string, unknown>, level?: 'info' | 'warn') => void;
  /** Quiet time after the last event before the file is read. Default 300 ms. */
  debounceMs?: number;
  /** Reads the file this often whatever the watch says. Default 30 s. */
  pollMs?: number;
}

export interface ChecksWatch {
  /** Stops watching and waits for a read or apply in flight. */
  stop(): Promise<void>;
}

export async function watchChecksFile(options: ChecksWatchOptions): Promise<ChecksWatch> {
  // Locals, not `options`: the closures below outlive the start, and options.current is the
  // start-up config (every spec), which must not stay alive beside the one applied since.
  const {path, logEvent, apply, debounceMs = 300, pollMs = 30_000} = options;
  const metrics = await checksFileMetrics(options.metrics.registry);
  const name = basename(path);
  // Digests, not the text and the config's JSON: at 10,000 pairs those were 2.2 MiB of heap
  // kept for the worker's life only to be compared (22 MiB at 100,000).
  let applied = digest(JSON.stringify(options.current));
  // Undefined until the first read: the file may have changed between start-up and now.
  let lastText: string | undefined;
  let stopped = false;
  let debounce: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let invalid = false;

  const readAndApply = async () => {
    let config: ChecksConfig;
    try {
      const text = await readChecksText(path);
      const textDigest = digest(text);
      if (textDigest === lastText) return;
      lastText = textDigest;
      config = await parseChecks(text, path);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      metrics.record('invalid');
      invalid = true;
      logEvent(
        'checks file changed but is not valid: not applied; the worker keeps running the last valid one',
        {file: path, problems: error.problems.map(problem => (problem.field ? `${problem.field}: ${problem.message}` : problem.message))},
        'warn',
      );
      return;
    }
    const serialized = digest(JSON.stringify(config));
    if (serialized === applied) {
      metrics.record('unchanged');
      if (invalid) logEvent('checks file valid again; unchanged from the one running', {file: path});
      invalid = false;
      return;
    }
    try {
      await apply(config);
    } catch (error) {
      // Read again at the next poll (or event): the file is good, the apply was not.
      lastText = undefined;
      if (!stopped) logEvent('checks file changed but could not be applied; will retry', {file: path, error: error instanceof Error ? error.message : String(error)}, 'warn');
      return;
    }
    applied = serialized;
    invalid = false;
    metrics.record('applied');
  };

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = readAndApply()
      .catch((error: unknown) => logEvent('checks file read failed', {file: path, error: error instanceof Error ? error.message : String(error)}, 'warn'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const schedule = () => {
    if (stopped) return;
    clearTimeout(debounce);
    debounce = setTimeout(run, debounceMs);
    debounce.unref();
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(path), {persistent: false}, (_event, file) => {
      // The file itself, Kubernetes' `..data` swap, or an event that names nothing.
      if (file === null || file === name || String(file).startsWith('..')) schedule();
    });
    watcher.on('error', error => {
      logEvent('checks file watch stopped; the file is still read every poll', {file: path, error: error.message}, 'warn');
      watcher?.close();
    });
  } catch (error) {
    logEvent('cannot watch the checks file; it is read every poll instead', {file: path, error: error instanceof Error ? error.message : String(error)}, 'warn');
  }
  const poll = setInterval(run, pollMs);
  poll.unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(debounce);
      clearInterval(poll);
      watcher?.close();
      await running;
    },
  };
}

const digest = (text: string): string => createHash('sha256').update(text).digest('base64');
