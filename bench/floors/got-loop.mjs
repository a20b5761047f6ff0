// The floor of the worker's throughput: a bare got loop. `node got-loop.mjs URL CONCURRENCY`
// keeps CONCURRENCY healthcheck requests in flight, each slot sending the next as soon as its
// answer is parsed, until killed; orgs taken in turn as the worker's checks name them.
import got from 'got';

const [url, concurrency] = process.argv.slice(2);
let next = 0;
async function slot() {
  for (;;) {
    const slug = `org-${String(next++ % 1000).padStart(5, '0')}`;
    await got.post(url, {json: {slug}, headers: {'X-API-KEY': process.env.VIGIL_API_KEY}}).json();
  }
}
process.stdout.write('started\n');
await Promise.all(Array.from({length: Number(concurrency)}, slot));
