// `npm run bench:board`: CPU of one refresh of `vigil healthchecks board` at 1,000 orgs x 10
// checks (default; --orgs N --checks N). Two figures, medians of the runs:
// - model: buildBoard + filterBoard over the store's 10,000 entries, what every refresh
//   computes (src/board/model.ts);
// - refresh: the Ink board itself (ink-testing-library's terminal, 120x40), one store read
//   answered from memory with one cell changed each time, until the new frame is drawn:
//   React, Ink's layout and the frame's text, CPU time of the process (process.cpuUsage).
// The Redis read is not in it: the store reads only what changed since the last poll
// (src/metrics/store.ts), one small script round trip.
import {render} from 'ink-testing-library';
import {buildBoard, filterBoard} from '../src/board/model.js';
import type {BoardReading} from '../src/board/source.js';
import type {StoredCheck} from '../src/metrics/store.js';
import {HealthBoard} from '../src/ui/health-board/health-board.js';

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const orgCount = flag('orgs', 1000);
const checkCount = flag('checks', 10);
const runs = flag('runs', 30);
const now = Date.now();
const outcomes = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'warn', 'fail', 'error'] as const;

function storeOf(turn: number): StoredCheck[] {
  const items: StoredCheck[] = [];
  for (let o = 0; o < orgCount; o++) {
    for (let c = 0; c < checkCount; c++) {
      const org = `org-${String(o).padStart(4, '0')}`;
      const check = `group${c % 4}.check-${c}`;
      const outcome = (o * 7 + c + (o === turn % orgCount ? 1 : 0)) % outcomes.length;
      const severity = outcomes[outcome]!;
      const at = now - 1000;
      const item: StoredCheck = {spec: {id: `${check}@${org}`, check, org, everyMs: 60_000, warnThreshold: 5, failThreshold: 10}};
      item.success = {severity: severity === 'error' ? 'ok' : severity, ok: severity === 'ok', observed: {count: outcome}, at, appUrl: null};
      item.run = severity === 'error' ? {at, outcome: 'error', durationMs: 3, errorKind: 'unavailable', error: 'upstream 503'} : {at, outcome: severity, durationMs: 3};
      items.push(item);
    }
  }
  return items;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

// As the store hands them out: the same objects for unchanged checks, new ones for the org
// whose cells changed since the last read (one org's ten checks per refresh).
const fresh = Array.from({length: runs + 1}, (_, turn) => storeOf(turn));
const stores = fresh.map((store, turn) => (turn === 0 ? store : store.map((item, index) => (Math.floor(index / checkCount) === turn % orgCount ? item : fresh[0]![index]!))));

const measureModel = (list: StoredCheck[][]) =>
  list.map(store => {
    const start = process.cpuUsage();
    filterBoard(buildBoard(store, now), {text: '', notOkOnly: false});
    return cpuMs(start);
  });
// Every cell new (the first read, or a store that changed whole): an upper bound.
const cold = measureModel(fresh.slice(1));
// What a refresh sees: one org's cells changed.
const model = measureModel(stores.slice(1));

const refresh: number[] = [];
// Each read waits for the bench to answer it: the CPU from the answer to the new frame on
// screen is one refresh. The live-worker count alternates so every frame differs.
let answer: ((reading: BoardReading) => void) | undefined;
const read = () => new Promise<BoardReading>(resolve => (answer = resolve));
const end = {done() {}, interrupt() {}};
const app = render(<HealthBoard read={read} regrade={async () => Promise.reject(new Error('unused'))} end={end} now={() => now} intervalMs={0} color />);
Object.defineProperty(app.stdout, 'columns', {value: 120, configurable: true});
Object.defineProperty(app.stdout, 'rows', {value: 40, configurable: true});
const tick = () => new Promise(resolve => setImmediate(resolve));
for (let i = 0; i <= runs; i++) {
  while (answer === undefined) await tick();
  const reply = answer;
  answer = undefined;
  const workers = `${(i % 2) + 1} worker`;
  const start = process.cpuUsage();
  reply({stored: stores[i]!, liveWorkers: (i % 2) + 1, lastSeenAt: now});
  while (!(app.lastFrame() ?? '').includes(workers)) await tick();
  // The first frame mounts the grid; the rest are refreshes.
  if (i > 0) refresh.push(cpuMs(start));
}
app.unmount();

console.log(`board of ${orgCount} orgs x ${checkCount} checks (${orgCount * checkCount} cells), ${runs} runs, Node ${process.version}`);
console.log(`model, every cell new: median ${median(cold).toFixed(1)} ms CPU, max ${Math.max(...cold).toFixed(1)} ms`);
console.log(`model, one org changed: median ${median(model).toFixed(1)} ms CPU, max ${Math.max(...model).toFixed(1)} ms`);
console.log(`refresh (read from memory, new board, Ink frame drawn): median ${median(refresh).toFixed(1)} ms CPU, max ${Math.max(...refresh).toFixed(1)} ms`);
