import {InputError} from '../../../errors.js';

/** No real key is this long; a bigger stdin is a mistake (a file piped in whole). */
const MAX_STDIN_BYTES = 64 * 1024;

/**
 * Reads all of stdin as text, for `--with-key`. Stops at MAX_STDIN_BYTES and when the
 * signal aborts (Ctrl+C).
 */
export function readAllStdin(stdin: NodeJS.ReadableStream, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.off('error', onError);
      signal.removeEventListener('abort', onAbort);
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > MAX_STDIN_BYTES) {
        cleanup();
        stdin.pause();
        reject(new InputError([{field: '--with-key', message: `stdin holds more than ${MAX_STDIN_BYTES / 1024} KiB; pipe in the key only`}]));
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onAbort = () => {
      cleanup();
      stdin.pause();
      reject(signal.reason instanceof Error ? signal.reason : new Error('interrupted'));
    };
    if (signal.aborted) return onAbort();
    stdin.on('data', onData);
    stdin.once('end', onEnd);
    stdin.once('error', onError);
    signal.addEventListener('abort', onAbort, {once: true});
    stdin.resume();
  });
}
