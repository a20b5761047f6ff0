import {mkdtemp} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {findingList, noListReason} from '../../src/healthcheck/finding-list.js';
import {runCli} from '../helpers/cli.js';
import {startSandboxProcess, type SandboxProcess} from '../helpers/sandbox-process.js';

/*
 * From a finding to its list, for every check of the demo that is not ok (issue 42): the
 * built CLI against `vigil sandbox` as processes. For each (check, org) graded warn or fail,
 * the list findingList names (the function `healthchecks run` and the board use) is run
 * with --json --all, and every item the findings refer to must be among its rows; a family
 * no list selects must say so in `healthchecks run` instead. Nothing here names a check or
 * an org: both come from the sandbox, so a new failing check is covered without an edit.
 */

type Finding = {kind: string; ref: string | null};
type Result = {id: string; severity: string; observed: Record<string, string | number | boolean | null>; findings: Finding[]; generatedAt: string};
type Row = Record<string, any>;

let sandbox: SandboxProcess;
let configDir: string;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  configDir = await mkdtemp(path.join(tmpdir(), 'vigil-e2e-lists-'));
});
afterAll(() => sandbox?.stop());

const vigil = (args: string[]) => runCli(args, {env: {...sandbox.env, VIGIL_CONFIG_DIR: configDir}});

/** The words of a command line shellCommand printed (a quoted word loses its quotes). */
function words(command: string): string[] {
  return (command.match(/'(?:[^']|'\\'')*'|\S+/g) ?? []).map(word => (word.startsWith("'") ? word.slice(1, -1).replace(/'\\''/g, "'") : word));
}

/** A list's rows: `--all --json` streams one JSON object a line. */
async function rowsOf(command: string): Promise<Row[]> {
  const [program, ...args] = words(command);
  expect(program).toBe('vigil');
  const result = await vigil([...args.filter(word => word !== '--all'), '--all', '--json']);
  expect(result, `${command} --json`).toMatchObject({code: 0, stderr: ''});
  return result.stdout.split('\n').filter(line => line.trim() !== '').map(line => JSON.parse(line) as Row);
}

/** The ids a list's rows stand for, in the terms the findings' refs use. */
function idsOf(kind: string, rows: Row[]): string[] {
  switch (kind) {
    case 'takedowns':
      return rows.map(row => String(row.id));
    case 'detection-configs':
      return rows.map(row => String(row.title));
    case 'review-queue':
      return rows.flatMap(row => (row.proposals as Row[]).filter(p => p.reviewStatus === 'PENDING_CUSTOMER_REVIEW').map(p => String(p.id)));
    default:
      throw new Error(`no reading of a ${kind} list`);
  }
}

/** The observed field holding what a takedowns check counts (its findings list ten at most). */
const COUNTED: Record<string, string> = {
  'takedowns.stale-in-progress': 'staleCount',
  'takedowns.in-progress-volume': 'inProgressCount',
  'takedowns.todo-volume': 'todoCount',
  'takedowns.cancelled-count': 'cancelledCount',
  'assets.dead-asset-spike': 'deadLast24h',
};

let notOk: Array<{org: string; result: Result}> = [];
const ran = new Set<string>();

beforeAll(async () => {
  const orgs = await vigil(['orgs', 'list', '--json']);
  expect(orgs.code).toBe(0);
  const slugs = (JSON.parse(orgs.stdout) as {organizations: Array<{slug: string}>}).organizations.map(org => org.slug);
  expect(slugs.length).toBeGreaterThan(1);
  notOk = [];
  for (const org of slugs) {
    const run = await vigil(['healthchecks', 'run', '--all', '--org', org, '--json']);
    expect([0, 6]).toContain(run.code);
    const {results} = JSON.parse(run.stdout) as {results: Array<{check: string; error: unknown; result: Result}>};
    // Every check route of the sandbox answered (an error here is a 404 or a bad body).
    expect(results.filter(r => r.error !== null), `healthchecks run --all --org ${org}`).toEqual([]);
    for (const {check} of results) ran.add(check);
    for (const {result} of results) if (result.severity !== 'ok') notOk.push({org, result});
  }
}, 120_000);

describe('every failing check of the demo: the list it names shows the items of its findings', () => {
  it('the demo has failing checks in every family the docs list (the loop below is not empty)', () => {
    const families = new Set(notOk.map(({result}) => result.id.split('.')[0]));
    expect([...families].sort()).toEqual(['assets', 'detections', 'organization', 'reviewing', 'takedowns']);
  });

  it("every healthcheck route of the sandbox's OpenAPI document answered above (the others: test/sandbox/openapi.test.ts)", async () => {
    const doc = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as {paths: Record<string, unknown>};
    const routes = Object.keys(doc.paths).filter(route => route.startsWith('/healthchecks/') && route !== '/healthchecks/list');
    expect(routes.map(route => route.replace('/healthchecks/', '').replace('/', '.')).sort()).toEqual([...ran].sort());
  });

  it('for each (check, org) not ok: every ref of its findings is a row of its list, or the CLI says no list selects them', async () => {
    const seen: string[] = [];
    for (const {org, result} of notOk) {
      const label = `${result.id} · ${org}`;
      const list = findingList(result.id, org, result, new Date(result.generatedAt));
      if ('none' in list) {
        expect(noListReason(result.id), label).toBe(list.none);
        const run = await vigil(['healthchecks', 'run', result.id, '--org', org, '--output', 'table']);
        expect(run.stdout, label).toContain(`list them: none (${list.none})`);
        expect(run.stdout, label).not.toContain('list them: vigil');
        seen.push(`${label}: none`);
        continue;
      }
      const rows = await rowsOf(list.command);
      const ids = idsOf(list.target.kind, rows);
      const refs = result.findings.map(finding => finding.ref).filter((ref): ref is string => ref !== null);
      expect([...new Set(ids.filter(id => refs.includes(id)))].sort(), `${label}: ${list.command} shows every ref`).toEqual([...new Set(refs)].sort());
      if (list.target.kind === 'takedowns') {
        // The findings name at most ten; the filter selects exactly the takedowns the check counted.
        const counted = COUNTED[result.id];
        expect(counted, `${label}: the observed field that counts its takedowns`).toBeDefined();
        expect(rows.length, `${label}: ${list.command} rows against observed ${counted}`).toBe(result.observed[counted!]);
        if (list.target.liveness) expect(rows.map(row => row.asset.livenessStatus), label).toEqual(rows.map(() => 'DEAD'));
      }
      // dead-asset-spike's one finding is a count, not refs; every other check names its items.
      if (result.findings.some(finding => finding.ref === null)) expect(result.id, label).toBe('assets.dead-asset-spike');
      else expect(refs.length, `${label}: findings with refs`).toBeGreaterThan(0);
      seen.push(`${label}: ${rows.length} rows, ${refs.length} refs`);
    }
    expect(seen).toHaveLength(notOk.length);
  }, 240_000);
});
