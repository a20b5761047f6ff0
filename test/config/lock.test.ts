import {spawn, type ChildProcess} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {bundleFixture} from '../helpers/build.js';

/*
 * Many processes race for the config lock and each writes "start <pid>" and "end <pid>" while
 * it holds it: the log must read start/end pairs of one pid at a time, or two held it at once.
 */

let root: string;
let children: ChildProcess[] = [];
let holderModule: string;

// Dozens of contenders start: bundled once, each starts like the built CLI would.
beforeAll(async () => {
  holderModule = await bundleFixture('test/config/fixtures/lock-holder.ts');
});

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'vigil-lock-'));
});

afterEach(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children = [];
  rmSync(root, {recursive: true, force: true});
});

/** A folder for one race: the file whose lock is raced for, and the log the holders write. */
function arena(name: string) {
  const dir = path.join(root, name);
  mkdirSync(dir);
  const log = path.join(dir, 'holders.log');
  writeFileSync(log, '');
  return {dir, file: path.join(dir, 'config.json'), log};
}
type Arena = ReturnType<typeof arena>;

interface Contender {
  child: ChildProcess;
  pid: number;
  /** Takes and holds the arena's lock once; resolves when this process has let it go again. */
  hold(arena: Arena, holdMs: number, staleMs: number): Promise<void>;
}

/** Starts a contender process and resolves once it is loaded and waiting for a lock to take. */
async function contender(): Promise<Contender> {
  const child = spawn(process.execPath, [holderModule], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  let stdout = '';
  child.stdout!.on('data', chunk => (stdout += chunk));
  const lines = (word: string) => stdout.split('\n').filter(line => line === word).length;
  const alive = () => {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`contender ${child.pid} ended (${child.exitCode ?? child.signalCode})`);
  };
  await expect.poll(() => (alive(), lines('ready') === 1), {message: `contender ${child.pid} to load`, timeout: 30_000}).toBe(true);
  let held = 0;
  return {
    child,
    pid: child.pid!,
    async hold({file, log}, holdMs, staleMs) {
      const turn = ++held;
      child.stdin!.write(`${JSON.stringify({file, log, holdMs, staleMs})}\n`);
      await expect.poll(() => (alive(), lines('done') >= turn), {message: `contender ${child.pid} to let go of ${file}`, timeout: 60_000}).toBe(true);
    },
  };
}

const contenders = (count: number) => Promise.all(Array.from({length: count}, () => contender()));

/** The holders in the order they held the lock; fails if any two held it at the same time. */
function holdersInTurn(log: string, ignore: number[] = []): number[] {
  const marks = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map(line => line.split(' '))
    .filter(([, pid]) => !ignore.includes(Number(pid)));
  const turns: number[] = [];
  for (let i = 0; i < marks.length; i += 2) {
    // Each start is followed by the same process's end, before anyone else starts.
    expect([marks[i], marks[i + 1]], `marks ${i} and ${i + 1} of\n${marks.map(mark => mark.join(' ')).join('\n')}`).toEqual([
      ['start', marks[i]![1]],
      ['end', marks[i]![1]],
    ]);
    turns.push(Number(marks[i]![1]));
  }
  return turns;
}

const lockLeftovers = (dir: string) => readdirSync(dir).filter(name => name.startsWith('config.json.lock'));
const pids = (racers: Contender[]) => racers.map(racer => racer.pid).sort();

describe('the config lock, raced for by many processes', () => {
  it('a stale lock left by a crashed run is taken over by exactly one process at a time', async () => {
    const racers = await contenders(16);
    for (let round = 0; round < 8; round++) {
      const race = arena(`round-${round}`);
      // Odd rounds: what a killed holder leaves (its token file in the lock folder); even
      // rounds: the plain lock file of an earlier vigil.
      const planted = round % 2 ? path.join(`${race.file}.lock`, '99999-0123456789abcdef') : `${race.file}.lock`;
      mkdirSync(path.dirname(planted), {recursive: true});
      writeFileSync(planted, '99999');
      const old = new Date(Date.now() - 60_000);
      utimesSync(planted, old, old);
      await Promise.all(racers.map(racer => racer.hold(race, 20, 5_000)));
      expect(holdersInTurn(race.log).sort()).toEqual(pids(racers));
      expect(lockLeftovers(race.dir)).toEqual([]);
    }
  }, 180_000);

  it('the lock of a killed holder is taken over, once stale, by exactly one process at a time', async () => {
    const [holder, ...racers] = await contenders(13);
    const race = arena('killed');
    void holder!.hold(race, 600_000, 1_000).catch(() => {});
    await expect.poll(() => readFileSync(race.log, 'utf8').includes(`start ${holder!.pid}`), {message: 'the first holder to hold the lock', timeout: 15_000}).toBe(true);
    holder!.child.kill('SIGKILL');
    await Promise.all(racers.map(racer => racer.hold(race, 20, 1_000)));
    expect(holdersInTurn(race.log, [holder!.pid]).sort()).toEqual(pids(racers));
    expect(lockLeftovers(race.dir)).toEqual([]);
  }, 120_000);

  it('a holder that keeps working past the stale age keeps the lock fresh, and nobody takes it', async () => {
    const [holder, ...racers] = await contenders(7);
    const race = arena('busy');
    const held = holder!.hold(race, 3_500, 1_000);
    await expect.poll(() => readFileSync(race.log, 'utf8').includes(`start ${holder!.pid}`), {message: 'the first holder to hold the lock', timeout: 15_000}).toBe(true);
    await Promise.all([held, ...racers.map(racer => racer.hold(race, 20, 1_000))]);
    const turns = holdersInTurn(race.log);
    expect(turns[0]).toBe(holder!.pid);
    expect(turns.slice(1).sort()).toEqual(pids(racers));
    expect(lockLeftovers(race.dir)).toEqual([]);
  }, 120_000);
});
