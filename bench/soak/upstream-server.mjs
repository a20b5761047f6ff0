// The soak's upstream, in its own process (it must not share the harness's event loop): the
// healthcheck endpoint with a base latency, a request log, and fault switches on a separate
// control port, which stays up while the API port is "down".
// argv: <apiPort> <controlPort> <latencyMs>
import http from 'node:http';

const [apiPort, controlPort, baseLatency] = process.argv.slice(2).map(Number);
/** [time ms, slug, check, status or 'reset'] per request, in arrival order. */
const log = [];
let mode = 'ok';
const sockets = new Set();

function answer(req, res, body) {
  const match = /healthchecks\/([a-z-]+)\/([a-z-]+)/.exec(req.url);
  const check = match ? `${match[1]}.${match[2]}` : '';
  let slug = '';
  try {
    slug = JSON.parse(body).slug ?? '';
  } catch {
    // not a run
  }
  const entry = [Date.now(), slug, check, 200];
  log.push(entry);
  if (mode === 'reset') {
    entry[3] = 'reset';
    return req.socket.destroy();
  }
  const latency = baseLatency + (mode === 'slow' ? 2000 : 0);
  setTimeout(() => {
    if (mode === '503') {
      entry[3] = 503;
      return res.writeHead(503, {'content-type': 'application/json'}).end('{"error":{"code":"UNAVAILABLE","message":"soak: 503 burst"}}');
    }
    if (mode === '429') {
      entry[3] = 429;
      return res.writeHead(429, {'content-type': 'application/json', 'retry-after': '1'}).end('{"error":{"code":"RATE_LIMITED","message":"soak: 429"}}');
    }
    // Grades spread over the orgs, all ok (no check alert should fire in a soak).
    const count = slug.length % 3;
    res.writeHead(200, {'content-type': 'application/json'}).end(
      JSON.stringify({
        id: check, title: 'Cancelled takedowns', category: 'takedowns', generatedAt: new Date().toISOString(), scope: {slug},
        ok: true, severity: 'ok', observed: {cancelledCount: count, lookbackHours: 168}, threshold: {warn: 3, fail: 10},
        findings: [], suggestedAction: null, appUrl: null,
      }),
    );
  }, latency);
}

const api = http.createServer((req, res) => {
  // The worker's key check at start-up: one listing read, not a check run.
  if (req.method === 'GET') return res.writeHead(200, {'content-type': 'application/json'}).end('{"reports":[],"nextCursor":null,"totalCount":0}');
  let body = '';
  req.setEncoding('utf8');
  req.on('data', chunk => (body += chunk));
  req.on('end', () => answer(req, res, body));
});
api.on('connection', socket => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
const listen = () => new Promise(resolve => api.listen(apiPort, '127.0.0.1', resolve));

http
  .createServer(async (req, res) => {
    const url = new URL(req.url, 'http://control');
    if (url.pathname === '/log') {
      const since = Number(url.searchParams.get('from') ?? 0);
      return res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(log.slice(since)));
    }
    if (url.pathname === '/mode') {
      const next = url.searchParams.get('to');
      // Down: nothing listens and every open connection is cut, as when the host is gone.
      if (next === 'down' && mode !== 'down') {
        await new Promise(resolve => {
          api.close(resolve);
          for (const socket of sockets) socket.destroy();
        });
      } else if (mode === 'down' && next !== 'down') await listen();
      mode = next;
      return res.end(mode);
    }
    res.writeHead(404).end();
  })
  .listen(controlPort, '127.0.0.1', async () => {
    await listen();
    process.stdout.write('ready\n');
  });
