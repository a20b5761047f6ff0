// One side of `npm run bench:client`, in a process of its own: `node --import tsx
// client-run.mjs <variant> <endpoint> <warm-up> <requests>` sends the requests one after the
// other to VIGIL_BASE_URL (a keep-alive stub in another process) and prints the CPU time this
// process spent per request (process.cpuUsage: user + system, every thread) and the wall time.
// Variants: `vigil` (createApiClient of src/api/client.ts, as the CLI and the worker build
// it), `bare got` (one got() call with a keep-alive agent, the floor), `bare node:http`.
import http from 'node:http';

const [variant, endpoint, warmUp, count] = process.argv.slice(2);
const base = process.env.VIGIL_BASE_URL;
const key = process.env.VIGIL_API_KEY;
const agent = new http.Agent({keepAlive: true});
const requests = {
  healthcheck: {method: 'POST', route: '/healthchecks/takedowns/cancelled-count', json: {slug: 'acme'}},
  list: {method: 'GET', route: '/organization/reports?slug=acme'},
};
const {method, route, json} = requests[endpoint];

async function makeCall() {
  if (variant === 'vigil') {
    const {createApiClient} = await import('../src/api/client.ts');
    const client = createApiClient({baseUrl: base, apiKey: key});
    return endpoint === 'healthcheck' ? () => client.runHealthcheck('takedowns.cancelled-count', json) : () => client.listReports({slug: 'acme'});
  }
  if (variant === 'bare got') {
    const {default: got} = await import('got');
    return () => got(base + route, {method, headers: {'X-API-KEY': key}, agent: {http: agent}, ...(json ? {json} : {})}).json();
  }
  const body = json ? JSON.stringify(json) : undefined;
  return () =>
    new Promise((resolve, reject) => {
      const req = http.request(base + route, {method, agent, headers: {'X-API-KEY': key, 'content-type': 'application/json'}}, res => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', chunk => (text += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`status ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
}

const call = await makeCall();
for (let i = 0; i < Number(warmUp); i++) await call();
const cpu = process.cpuUsage();
const start = performance.now();
for (let i = 0; i < Number(count); i++) await call();
const used = process.cpuUsage(cpu);
const wall = performance.now() - start;
process.stdout.write(`${JSON.stringify({cpuUs: (used.user + used.system) / Number(count), wallUs: (wall * 1000) / Number(count)})}\n`);
agent.destroy();
