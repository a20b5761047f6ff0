// Information beside the got floor: the same request with Node's fetch (undici).
// `node fetch.mjs METHOD ROUTE [JSON-BODY]`, with VIGIL_BASE_URL and VIGIL_API_KEY set.
const [method, route, body] = process.argv.slice(2);
const response = await fetch(process.env.VIGIL_BASE_URL + route, {method, headers: {'X-API-KEY': process.env.VIGIL_API_KEY, 'content-type': 'application/json'}, body});
if (!response.ok) process.exit(1);
process.stdout.write(`${JSON.stringify(await response.json())}\n`);
