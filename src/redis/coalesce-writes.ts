import type {Redis} from 'ioredis';

/*
 * ioredis writes each command to its socket at once: a system call per command. The worker
 * sends several per run (BullMQ's completion and next fetch, the result store's write) from
 * many runs finishing in the same event-loop turn, and those calls were ~12% of its CPU
 * (docs/performance.md#worker). Corking the socket on the first write of a turn and uncorking
 * it at the turn's end (setImmediate) sends them in one writev. Nothing else changes: every
 * command is still written by ioredis, in order, and its reply read as before; a command
 * leaves at most one turn later.
 *
 * Not ioredis' enableAutoPipelining: it reroutes commands through pipelines, which BullMQ is
 * not tested with (a blocking connection duplicated from this one would inherit it).
 */

type Socket = NonNullable<Redis['stream']>;
const COALESCED = Symbol('vigil.coalesced');

/**
 * Coalesces the writes of one event-loop turn on `redis`'s socket, on this connection and
 * every reconnection. A Cluster (no `stream` of its own) is left as it is.
 */
export function coalesceWrites(redis: Redis): void {
  if (!('stream' in redis)) return;
  const patch = () => {
    const socket = redis.stream as (Socket & {[COALESCED]?: true}) | undefined;
    if (!socket || socket[COALESCED]) return;
    socket[COALESCED] = true;
    const write = socket.write;
    let corked = false;
    const uncork = () => {
      corked = false;
      socket.uncork();
    };
    socket.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
      if (!corked) {
        corked = true;
        socket.cork();
        setImmediate(uncork);
      }
      return write.apply(this, args);
    } as Socket['write'];
  };
  patch();
  redis.on('connect', patch);
}
