import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {CLI} from '../helpers/cli.js';
import {startGradingWorker, type GradingWorker} from '../helpers/grading-worker.js';
import {useSandboxTerminal} from '../helpers/sandbox-terminal.js';
import {TmuxSession, tmux} from '../helpers/tmux.js';
import {requireProgram} from '../helpers/programs.js';

/*
 * From a failing cell to the list of its findings, in a real terminal (tmux), against a
 * worker grading the sandbox into its own redis-server: board -> a cell -> `v` -> its list
 * -> a row's detail -> `q` -> the same cell. The rows on screen are the ones the check's
 * findings name (the sandbox's data agrees with its checks).
 */

const redisServer = requireProgram('redis-server');
const skip = tmux.skipReason ?? redisServer.skipReason;
const PREFIX = 'board-lists-e2e';

const terminal = useSandboxTerminal();
let grading: GradingWorker | undefined;

const env = () => grading!.env;

beforeAll(async () => {
  if (skip) return;
  grading = await startGradingWorker(terminal.env(), {orgs: ['hooli', 'globex'], everyMs: 5000, prefix: PREFIX});
}, 180_000);

afterAll(async () => {
  await grading?.stop();
});

let session: TmuxSession | undefined;
afterEach(() => {
  session?.close();
  session = undefined;
});

/** The sandbox's own answer for a check: what its findings name. */
async function findingsOf(check: string, org: string): Promise<string[]> {
  const response = await fetch(`${terminal.env().VIGIL_BASE_URL}/healthchecks/${check.replace('.', '/')}`, {method: 'POST', headers: {'content-type': 'application/json', 'x-api-key': terminal.env().VIGIL_API_KEY!}, body: JSON.stringify({slug: org})});
  const body = (await response.json()) as {severity: string; findings: Array<{ref: string}>};
  expect(body.severity).not.toBe('ok');
  return body.findings.map(finding => finding.ref);
}

/** The board filtered to `org`, the cursor on `check` (the status line names the cell). */
async function boardOn(check: string, org: string): Promise<TmuxSession> {
  session = TmuxSession.start([process.execPath, CLI, 'healthchecks', 'board'], {columns: 120, rows: 40, env: env()});
  const term = session;
  await term.waitForScreen(/^ORG /m, 30_000);
  term.type('/');
  term.type(org);
  term.keys('Enter');
  await term.waitForScreen(s => new RegExp(`^${org} `, 'm').test(s) && s.split('\n').filter(line => /^[a-z]+ +[✖▲!~✔·]/.test(line)).length === 1);
  for (let step = 0; step < 10 && !term.screen().includes(`${check} · ${org}`); step++) {
    const before = term.screen();
    term.type('l');
    await term.waitForScreen(s => s !== before);
  }
  await term.waitForScreen(`${check} · ${org}`);
  return term;
}

async function backToTheSameCell(term: TmuxSession, check: string, org: string) {
  term.type('q');
  await term.waitForScreen(/^ORG /m, 30_000);
  term.keys('Enter');
  await term.waitForScreen(`${check} for org ${org}:`);
}

describe.skipIf(skip)('from a board cell to the list of its findings, in a terminal', () => {
  it("hooli's failing takedowns.stale-in-progress: v lists exactly its stale takedowns; Enter a detail; q the same cell", async () => {
    const refs = await findingsOf('takedowns.stale-in-progress', 'hooli');
    expect(refs.length).toBeGreaterThan(0);
    const term = await boardOn('takedowns.stale-in-progress', 'hooli');
    term.keys('Enter');
    let screen = await term.waitForScreen('takedowns.stale-in-progress for org hooli:');
    expect(screen).toMatch(/list \(v\) {4}vigil takedowns list --org hooli --takedown-status IN_PROGRESS --to \S+ --all/);
    term.keys('Escape');
    await term.waitForScreen(s => /^ORG /m.test(s) && !s.includes(' for org '));
    term.type('v');
    screen = await term.waitForScreen(`1 of ${refs.length} on page 1`, 30_000);
    expect(screen).toContain('vigil takedowns · org hooli');
    const ids = screen.split('\n').map(line => /^[› ] (\d+)\s+IN_PROGRESS\s/.exec(line)?.[1]).filter((id): id is string => id !== undefined);
    expect(ids.sort()).toEqual([...refs].sort());
    term.type('o');
    await term.waitForScreen(/web app: http:\/\/\S+\/_sandbox\/orgs\/hooli\//);
    term.keys('Enter');
    screen = await term.waitForScreen(/^id {11}\d+$/m);
    expect(screen).toMatch(/^status {7}IN_PROGRESS$/m);
    expect(refs).toContain(/^id {11}(\d+)$/m.exec(screen)![1]);
    await backToTheSameCell(term, 'takedowns.stale-in-progress', 'hooli');
    term.type('q');
    expect(await term.waitForExit()).toBe(0);
  }, 180_000);

  it("globex's detections.silent-configs: v lists its configs, the silent ones among them; Enter a detail; q the same cell", async () => {
    const refs = await findingsOf('detections.silent-configs', 'globex');
    const term = await boardOn('detections.silent-configs', 'globex');
    term.type('v');
    let screen = await term.waitForScreen(/1 of \d+ on page 1/, 30_000);
    expect(screen).toContain('vigil detections configs · org globex');
    expect(screen).toContain('vigil detections configs list --org globex');
    for (const ref of refs) expect(screen).toMatch(new RegExp(`\\s${ref}\\s+ENABLED`));
    expect(screen).toMatch(/globex-retired\s+DISABLED/);
    term.keys('Enter');
    screen = await term.waitForScreen(/^title {8}globex-/m);
    expect(screen).toMatch(/^source {7}[A-Z_]+$/m);
    await backToTheSameCell(term, 'detections.silent-configs', 'globex');
    term.type('q');
    expect(await term.waitForExit()).toBe(0);
  }, 180_000);
});
