// Information beside the got loop: the same listing paged with Node's fetch (undici).
import {once} from 'node:events';

let cursor;
do {
  const query = new URLSearchParams({slug: process.env.VIGIL_ORG, ...(cursor ? {cursor} : {})});
  const response = await fetch(`${process.env.VIGIL_BASE_URL}/organization/reports?${query}`, {headers: {'X-API-KEY': process.env.VIGIL_API_KEY}});
  if (!response.ok) process.exit(1);
  const page = await response.json();
  const text = page.reports.map(report => `${JSON.stringify(report)}\n`).join('');
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
  cursor = page.nextCursor;
} while (cursor);
