import http from 'node:http';
import {spawn} from 'node:child_process';
import got from 'got';
const body = JSON.stringify({id: 'takedowns.cancelled-count', title: 'Cancelled takedowns', category: 'takedowns', generatedAt: new Date().toISOString(), scope: {slug: 'acme'}, ok: true, severity: 'ok', observed: {cancelledCount: 1, lookbackHours: 168}, threshold: {warn: 3, fail: 10}, findings: [], suggestedAction: null, appUrl: null});
const stub = spawn(process.execPath, ['-e', `require('node:http').createServer({keepAliveTimeout: 60000}, (req, res) => req.resume().on('end', () => res.writeHead(200, {'content-type': 'application/json'}).end(${JSON.stringify(body)}))).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });`], {stdio: ['ignore', 'pipe', 'inherit']});
const port = await new Promise(r => stub.stdout.once('data', d => r(Number(String(d)))));
const base = `http://127.0.0.1:${port}/api/v2`;
const url = `${base}/healthchecks/takedowns/cancelled-count`;
const agent = new http.Agent({keepAlive: true});
const key = 'k-0123456789';
const {createApiClient} = await import('../src/api/client.ts');
const client = createApiClient({baseUrl: base, apiKey: key});
const ext = got.extend({prefixUrl: base + '/', headers: {'x-api-key': key}, agent: {http: agent}});
const full = got.extend({prefixUrl: base + '/', headers: {'x-api-key': key, 'user-agent': 'vigil/0', accept: 'application/json', 'accept-encoding': 'gzip, deflate, br'}, agent: {http: agent}, responseType: 'buffer', decompress: false, throwHttpErrors: false, followRedirect: () => true, maxRedirects: 5,
  timeout: {lookup: 5000, connect: 5000, secureConnect: 5000, response: 30000, request: 35000}, retry: {limit: 3, methods: ['GET', 'POST'], calculateDelay: ({computedValue}) => computedValue}});
const variants = {
  'bare got': () => got.post(url, {json: {slug: 'acme'}, headers: {'x-api-key': key}, agent: {http: agent}}).json(),
  'extend': () => ext.post('healthchecks/takedowns/cancelled-count', {json: {slug: 'acme'}}).json(),
  'extend+timeouts': () => ext.post('healthchecks/takedowns/cancelled-count', {json: {slug: 'acme'}, timeout: {lookup: 5000, connect: 5000, secureConnect: 5000, response: 30000, request: 35000}}).json(),
  'extend+signal': () => ext.post('healthchecks/takedowns/cancelled-count', {json: {slug: 'acme'}, signal: AbortSignal.timeout(60000)}).json(),
  'vigil options': async () => { const p = full.post('healthchecks/takedowns/cancelled-count', {json: {slug: 'acme'}, context: {vigil: {}}, signal: AbortSignal.timeout(60000)}); p.on('downloadProgress', () => {}); return JSON.parse((await p).body.toString()); },
  'vigil options, no progress': async () => { const p = full.post('healthchecks/takedowns/cancelled-count', {json: {slug: 'acme'}, context: {vigil: {}}, signal: AbortSignal.timeout(60000)}); return JSON.parse((await p).body.toString()); },
  'vigil client': () => client.runHealthcheck('takedowns.cancelled-count', {slug: 'acme'}),
};
const N = Number(process.argv[2] ?? 1000), R = Number(process.argv[3] ?? 5);
const res = Object.fromEntries(Object.keys(variants).map(k => [k, []]));
for (const f of Object.values(variants)) for (let i = 0; i < 200; i++) await f();
for (let r = 0; r < R; r++) for (const [k, f] of Object.entries(variants)) {
  const c = process.cpuUsage();
  for (let i = 0; i < N; i++) await f();
  const u = process.cpuUsage(c);
  res[k].push((u.user + u.system) / N);
}
const med = a => [...a].sort((x, y) => x - y)[a.length >> 1];
for (const [k, v] of Object.entries(res)) console.log(k.padEnd(28), med(v).toFixed(0), 'µs', (med(v) / med(res['bare got'])).toFixed(2) + 'x');
stub.kill(); agent.destroy();
