import type {Server} from 'node:http';
import type {Socket} from 'node:net';

/**
 * Bounds the connections that hold a socket without a request under way: half-sent requests
 * (a slowloris) and idle keep-alive sockets. Each costs the worker a file descriptor, and
 * 20,000 of them left none for /healthz (its probe restarts the pod) or the checks-file
 * reload (EMFILE). A plain `maxConnections` refuses the newest, so it would refuse the
 * kubelet too; past the cap this closes the OLDEST waiting socket instead, so a new
 * connection always gets its turn and a probe, which sends its request at once, is served.
 * A connection whose request was read (a slow /metrics reader among them) is never evicted.
 */
export const SLOW_CLIENT_LIMITS = {
  /** Sockets without a request under way, past which the oldest is closed. */
  waitingCap: 256,
  /** A request's headers must arrive within this (node's headersTimeout: 408, then closed). */
  headersTimeoutMs: 5_000,
  /** The whole request within this (node's requestTimeout). */
  requestTimeoutMs: 10_000,
  /** How often node checks those two timeouts (its default, 30 s, lets sockets pile up). */
  checkEveryMs: 1_000,
};

export type SlowClientLimits = typeof SLOW_CLIENT_LIMITS;

/** Node's own timeouts for the headers and the request, as createServer options. */
export function requestTimeouts(limits: SlowClientLimits) {
  return {headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: limits.checkEveryMs};
}

/** Closes the oldest waiting socket whenever more than `cap` wait. */
export function evictOldestWaiting(server: Server, cap: number): void {
  // A Set iterates in insertion order: its first entry is the socket that waited longest.
  const waiting = new Set<Socket>();
  const wait = (socket: Socket) => {
    waiting.delete(socket);
    if (socket.destroyed) return;
    waiting.add(socket);
    for (const oldest of waiting) {
      if (waiting.size <= cap) break;
      waiting.delete(oldest);
      oldest.destroy();
    }
  };
  server.on('connection', (socket: Socket) => {
    socket.once('close', () => waiting.delete(socket));
    wait(socket);
  });
  server.on('request', (req, res) => {
    waiting.delete(req.socket);
    // Back to waiting once answered: a keep-alive socket idles until its next request.
    res.once('finish', () => wait(req.socket));
  });
}
