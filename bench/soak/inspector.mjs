// A minimal Chrome DevTools Protocol client for a replica started with
// --inspect=127.0.0.1:0: a GC on request, then the V8 heap in use. Node 20 has no global
// WebSocket, so `ws` (in the tree through ink) carries it; Node 22+ could use the built-in one.
import WebSocket from 'ws';

export async function connectInspector(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 1;
  const waiting = new Map();
  socket.on('message', data => {
    const message = JSON.parse(String(data));
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  });
  const fail = () => {
    for (const pending of waiting.values()) pending.reject(new Error('inspector closed'));
    waiting.clear();
  };
  socket.on('close', fail);
  socket.on('error', fail);
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      if (socket.readyState !== WebSocket.OPEN) return reject(new Error('inspector closed'));
      const id = next++;
      waiting.set(id, {resolve, reject});
      socket.send(JSON.stringify({id, method, params}));
    });
  return {
    /** V8 heap used (bytes) right after a full GC. */
    async heapAfterGc() {
      await send('HeapProfiler.collectGarbage');
      return (await send('Runtime.getHeapUsage')).usedSize;
    },
    close: () => socket.terminate(),
  };
}
