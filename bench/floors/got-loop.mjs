// The floor of the worker's throughput: a bare got loop. `node got-loop.mjs URL CONCURRENCY`
// keeps CONCURRENCY healthcheck requests in flight, each slot sending the next as soon as its
// answer is parsed, until killed; orgs taken in turn as the worker's checks name them.
// With `WARM COUNT` after them it counts instead: after WARM answers it notes its CPU time,
// after WARM + COUNT more it prints `{"cpuMsPerRequest":...}` and exits (bench:worker's fixed
// workload).
import got from 'got';

const [url, concurrency, warm, count] = process.argv.slice(2);
let next = 0;
let done = 0;
let cpu;
const counting = count !== undefined;
async function slot() {
  for (;;) {
    const slug = `org-${String(next++ % 1000).padStart(5, '0')}`;
    await got.post(url, {json: {slug}, headers: {'X-API-KEY': process.env.VIGIL_API_KEY}}).json();
    if (!counting) continue;
    done++;
    if (done === Number(warm)) cpu = process.cpuUsage();
    if (done === Number(warm) + Number(count)) {
      const used = process.cpuUsage(cpu);
      process.stdout.write(`${JSON.stringify({cpuMsPerRequest: (used.user + used.system) / 1000 / Number(count)})}\n`, () => process.exit(0));
    }
  }
}
process.stdout.write('started\n');
await Promise.all(Array.from({length: Number(concurrency)}, slot));
