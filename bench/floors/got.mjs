// The floor of `vigil <command> --json`: a bare got script sending the same request and
// printing the JSON. `node got.mjs METHOD ROUTE [JSON-BODY]`, with VIGIL_BASE_URL and
// VIGIL_API_KEY set as for vigil.
import got from 'got';

const [method, route, body] = process.argv.slice(2);
const data = await got(process.env.VIGIL_BASE_URL + route, {
  method,
  headers: {'X-API-KEY': process.env.VIGIL_API_KEY},
  ...(body === undefined ? {} : {json: JSON.parse(body)}),
}).json();
process.stdout.write(`${JSON.stringify(data)}\n`);
