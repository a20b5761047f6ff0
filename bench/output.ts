// `npm run bench:output`: cost of the output layer on a large listing. Renders N report-like
// rows (default 10,000; titles with wide characters, descriptions with newlines and escape
// sequences, so sanitising is exercised) in each format and prints the median time of 7
// runs, rows per second and output size. What it answers: whether `reports list --all`
// spends its time in formatting (it should not: the network dominates).
// Options: --rows N.
import {performance} from 'node:perf_hooks';
import type {Column} from '../src/output/columns.js';
import {renderJson} from '../src/output/json.js';
import {renderMarkdown} from '../src/output/markdown.js';
import {renderTable} from '../src/output/table.js';
import {renderTsv} from '../src/output/tsv.js';

const rowsFlag = process.argv.indexOf('--rows');
const count = rowsFlag === -1 ? 10_000 : Number(process.argv[rowsFlag + 1]);

interface Row {
  id: number;
  title: string;
  description: string;
  status: string;
  assets: number;
  createdAt: Date;
}

const rows: Row[] = Array.from({length: count}, (_, i) => ({
  id: i + 1,
  title: `${i % 7 === 0 ? '偽の銀行ログイン ' : 'Fake bank login '}${i} \u001b[31mred\u001b[0m`,
  description: `Line one of ${i}\nline two | with pipe\t\u202Eand bidi \u001b]8;;https://x.example\u0007link\u001b]8;;\u0007`,
  status: ['TODO', 'IN_PROGRESS', 'CLOSED'][i % 3]!,
  assets: i % 13,
  createdAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
}));

const columns: Column<Row>[] = [
  {header: 'ID', value: r => r.id, align: 'right'},
  {header: 'TITLE', value: r => r.title},
  {header: 'DESCRIPTION', value: r => r.description, maxWidth: 60},
  {header: 'STATUS', value: r => r.status, style: r => (r.status === 'TODO' ? 'yellow' : undefined)},
  {header: 'ASSETS', value: r => r.assets, align: 'right'},
  {header: 'CREATED', value: r => r.createdAt},
];

const cases: [string, () => string][] = [
  ['table (120 cols, colour)', () => renderTable(rows, columns, {width: 120, color: true})],
  ['tsv', () => renderTsv(rows, columns)],
  ['markdown', () => renderMarkdown(rows, columns)],
  ['json (compact)', () => renderJson(rows, {pretty: false})],
  ['json (pretty)', () => renderJson(rows, {pretty: true})],
];

console.log(`${count.toLocaleString('en')} rows x ${columns.length} columns, median of 7 runs`);
for (const [name, render] of cases) {
  const times: number[] = [];
  let size = 0;
  for (let run = 0; run < 7; run++) {
    const start = performance.now();
    size = render().length;
    times.push(performance.now() - start);
  }
  const median = times.sort((a, b) => a - b)[3]!;
  const perSecond = Math.round(count / (median / 1000));
  console.log(`${name.padEnd(26)} ${median.toFixed(1).padStart(8)} ms  ${perSecond.toLocaleString('en').padStart(12)} rows/s  ${(size / 1024).toFixed(0).padStart(6)} KiB`);
}
