// The demo's two uses of Redis: is one there (before starting the worker), and removing the
// worker's keys when the demo stops.
import net from 'node:net';

/** Reachable when something at host:port answers PING (any reply counts, even NOAUTH). */
export function pingRedis(url, timeoutMs = 1500) {
  return new Promise(resolve => {
    // The first host of any form vigil reads (redis+sentinel://h1:26379,h2/..., redis+cluster://...):
    // a sentinel and a cluster node answer PING too; the worker then checks the rest.
    // The userinfo ends at the last "@" before the path: a password may hold "@", "#" or "?".
    const match = /^[a-z+]+:\/\/(?:[^/]*@)?(\[[^\]]+\]|[^:,/?#@]*)(?::(\d+))?/i.exec(url);
    if (!match) return resolve({ok: false, reason: 'not a URL'});
    const defaultPort = /sentinel/i.test(url) ? 26379 : 6379;
    const socket = net.connect({host: match[1].replace(/^\[|\]$/g, '') || '127.0.0.1', port: Number(match[2] || defaultPort)});
    const done = result => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done({ok: false, reason: 'no answer within 1.5s'}));
    socket.on('error', error => done({ok: false, reason: error.code ?? error.message}));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', () => done({ok: true}));
  });
}

/** Deletes the worker's keys (BullMQ queues, stored results) under the demo's prefix. */
export async function cleanRedis(url, prefix, note) {
  const {Redis} = await import('ioredis');
  const client = new Redis(url, {lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 1500});
  try {
    await client.connect();
    let cursor = '0';
    let removed = 0;
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) removed += await client.del(...keys);
    } while (cursor !== '0');
    note(`removed ${removed} Redis key${removed === 1 ? '' : 's'} (${prefix}:*)`);
  } catch (error) {
    note(`could not remove the ${prefix}:* Redis keys: ${error.message}`);
  } finally {
    client.disconnect();
  }
}

