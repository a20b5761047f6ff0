import {format} from 'node:util';
import {redact} from '../secrets.js';
import {sanitizeText} from './sanitize.js';

let guarded = false;

/**
 * BullMQ and ioredis print warnings of their own with console.warn/console.error, and some
 * repeat what a server said: BullMQ's eviction warning echoes Redis' `maxmemory_policy`,
 * which a hostile Redis can fill with an OSC 8 link or a bidi override. Installed before
 * vigil first talks to Redis, this routes both through the same cleaning as vigil's own
 * stderr: terminal controls stripped, registered secrets masked. Idempotent.
 */
export function guardConsole(stderr: {write(text: string): unknown} = process.stderr): void {
  if (guarded) return;
  guarded = true;
  const write = (...args: unknown[]) => {
    stderr.write(redact(`${sanitizeText(format(...args), {multiline: true})}\n`));
  };
  console.warn = write;
  console.error = write;
}
