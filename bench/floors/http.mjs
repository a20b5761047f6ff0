// Information beside the got floor: the same request on bare node:http.
// `node http.mjs METHOD ROUTE [JSON-BODY]`, with VIGIL_BASE_URL and VIGIL_API_KEY set.
import {request} from 'node:http';

const [method, route, body] = process.argv.slice(2);
const req = request(process.env.VIGIL_BASE_URL + route, {method, headers: {'X-API-KEY': process.env.VIGIL_API_KEY, 'content-type': 'application/json'}}, res => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', chunk => (text += chunk));
  res.on('end', () => {
    if (res.statusCode !== 200) process.exit(1);
    process.stdout.write(`${JSON.stringify(JSON.parse(text))}\n`);
  });
});
req.end(body);
