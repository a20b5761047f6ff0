// The floor of `vigil reports list --all --json`: a bare got loop following the same cursors
// and writing the same NDJSON, one report a line, waiting for stdout to drain.
import {once} from 'node:events';
import got from 'got';

let cursor;
do {
  const page = await got(`${process.env.VIGIL_BASE_URL}/organization/reports`, {
    searchParams: {slug: process.env.VIGIL_ORG, ...(cursor ? {cursor} : {})},
    headers: {'X-API-KEY': process.env.VIGIL_API_KEY},
  }).json();
  const text = page.reports.map(report => `${JSON.stringify(report)}\n`).join('');
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
  cursor = page.nextCursor;
} while (cursor);
