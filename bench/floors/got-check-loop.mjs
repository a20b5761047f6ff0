// The floor of `vigil asset check`: a bare got loop. `node got-check-loop.mjs URL CONCURRENCY`
// reads one asset a line from stdin and keeps CONCURRENCY POST /asset/check requests in
// flight, each slot sending the next as soon as its answer is parsed, until stdin's assets
// are done; it prints nothing but `done N`.
import {createInterface} from 'node:readline';
import got from 'got';

const [url, concurrency] = process.argv.slice(2);
const assets = [];
for await (const line of createInterface({input: process.stdin})) if (line.trim() !== '') assets.push(line.trim());
let next = 0;
let done = 0;
async function slot() {
  while (next < assets.length) {
    const content = assets[next++];
    await got.post(url, {json: {content}, headers: {'X-API-KEY': process.env.VIGIL_API_KEY}}).json();
    done++;
  }
}
await Promise.all(Array.from({length: Number(concurrency)}, slot));
process.stdout.write(`done ${done}\n`);
