import {readFileSync} from 'node:fs';
import {useNock} from '../helpers/nock.js';
import {describe, expect, it} from 'vitest';
import {runReportsCreate} from '../../src/cmd/reports/create/create.js';
import {runReportsList} from '../../src/cmd/reports/list/list.js';
import {runReportsSearch} from '../../src/cmd/reports/search/search.js';
import {runHealthcheckCommand} from '../../src/cmd/healthchecks/run/run.js';
import {ExitCode} from '../../src/exit-codes.js';
import {fakeContext, interceptApi} from '../helpers/fake-context.js';

/*
 * docs/contract.md#the-tolerant-reader: every documented response example, with any one
 * non-identity field dropped or nulled, is read and printed by the command that fetches it.
 * Every field of every example is tried, both ways, in every output format.
 */

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type Path = Array<string | number>;

const fixture = (name: string): Json => JSON.parse(readFileSync(new URL(`../fixtures/documented/${name}`, import.meta.url), 'utf8')) as Json;

/** Every object key of a document, at any depth (array elements are rows, not fields). */
function fieldPaths(value: Json, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => fieldPaths(item, [...prefix, index]));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...fieldPaths(item, [...prefix, key])]);
}

/** Leaves (scalars) and where they are. */
function leaves(value: Json, prefix: Path = []): Array<[Path, Json]> {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...prefix, index]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, [...prefix, key]));
  return [[prefix, value]];
}

function mutate(document: Json, path: Path, mode: 'drop' | 'null'): Json {
  const copy = structuredClone(document);
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path.at(-1)!;
  if (mode === 'drop') delete parent[last];
  else parent[last] = null;
  return copy;
}

const at = (value: unknown, path: Path): unknown => path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
const name = (path: Path) => path.map(key => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('').slice(1);

/** Identity (docs/contract.md#the-tolerant-reader) and the page itself: the only things a response may not lack. */
const IDENTITY: Record<string, (path: Path) => boolean> = {
  listing: path => name(path) === 'reports' || /^reports\[\d+\]\.id$/.test(name(path)),
  search: path => name(path) === 'reports' || /^reports\[\d+\]\.id$/.test(name(path)),
  create: path => name(path) === 'id',
  healthcheck: () => false,
};

interface Example {
  kind: keyof typeof IDENTITY;
  file: string;
  /** Runs the command against `body` with stdout as a terminal or a pipe in `format`. */
  run(body: Json, format: Format): Promise<{code: number; out: string; err: string}>;
  /** Where a field of the response lands in the command's --json output. */
  jsonPath(path: Path): Path | null;
  /**
   * Fields the reader fills in when absent, as the wire module documents (a healthcheck's
   * empty maps and lists, its grade derived from `ok` or `severity`).
   */
  filled?: (path: Path) => boolean;
}

type Format = 'table' | 'tsv' | 'json' | 'markdown';
const FORMATS: Format[] = ['table', 'tsv', 'json', 'markdown'];
const flagsOf = (format: Format) => (format === 'json' ? {json: true} : {output: format});

const listing = (file: string): Example => ({
  kind: 'listing',
  file,
  async run(body, format) {
    interceptApi('GET', 'organization/reports', [{body}]);
    const ctx = fakeContext({org: 'acme', tty: format === 'table'});
    await runReportsList({...flagsOf(format)}, ctx);
    return {code: 0, out: ctx.io.out(), err: ctx.io.err()};
  },
  // The cursor variants both become nextCursor; the reports keep their documented shape.
  jsonPath: path => (path[0] === 'reports' ? path : path[0] === 'totalCount' ? path : null),
});

const EXAMPLES: Example[] = [
  listing('listing-next-cursor.json'),
  listing('listing-cursor.json'),
  {
    kind: 'search',
    file: 'search.json',
    async run(body, format) {
      interceptApi('POST', 'reports/search', [{body}]);
      const ctx = fakeContext({org: 'acme', tty: format === 'table'});
      await runReportsSearch({contents: ['a.example'], ...flagsOf(format)}, ctx);
      return {code: 0, out: ctx.io.out(), err: ctx.io.err()};
    },
    jsonPath: path => (path[0] === 'reports' ? path : null),
  },
  {
    kind: 'create',
    file: 'create.json',
    async run(body, format) {
      interceptApi('POST', 'report/create', [{body}]);
      const ctx = fakeContext({org: 'acme', tty: format === 'table'});
      await runReportsCreate({title: 'Lookalike login', description: 'Clone', asset: ['a.example'], ...flagsOf(format)}, ctx);
      return {code: 0, out: ctx.io.out(), err: ctx.io.err()};
    },
    jsonPath: path => path,
  },
  {
    kind: 'healthcheck',
    file: 'healthcheck.json',
    async run(body, format) {
      interceptApi('POST', 'healthchecks/takedowns/cancelled-count', [{body}]);
      const ctx = fakeContext({org: 'acme', tty: format === 'table'});
      const code = await runHealthcheckCommand('takedowns.cancelled-count', {...flagsOf(format)}, ctx);
      return {code, out: ctx.io.out(), err: ctx.io.err()};
    },
    jsonPath: path => path,
    filled: path => ['observed', 'threshold', 'findings', 'ok', 'severity', 'suggestedAction', 'appUrl'].includes(name(path)) || /^findings\[\d+\]\.(severity|ref)$/.test(name(path)),
  },
];

useNock();

/** Strings a person must still see in a table: every remaining id, title and status. */
function visibleTexts(body: Json, kind: string): string[] {
  return leaves(body)
    .filter(([path, value]) => {
      const field = path.at(-1);
      if (value === null) return false;
      if (kind === 'listing') return path.length === 3 && (field === 'id' || field === 'title' || field === 'status');
      // Search answers per queried asset: the report's id (and status) per asset.
      if (kind === 'search') return path.length === 3 && field === 'id';
      if (kind === 'create') return name(path) === 'id' || name(path) === 'organization.slug';
      return field === 'title' || field === 'message' || field === 'suggestedAction';
    })
    .map(([, value]) => String(value));
}

for (const example of EXAMPLES) {
  const document = fixture(example.file);
  const cases = fieldPaths(document)
    .filter(path => !IDENTITY[example.kind]!(path))
    .flatMap(path => (['drop', 'null'] as const).map(mode => ({path, mode, label: `${mode} ${name(path)}`})));

  describe(`${example.file} (documented), one field missing`, () => {
    it('the unchanged example prints every field', async () => {
      const {out} = await example.run(document, 'json');
      const printed = JSON.parse(out) as unknown;
      for (const [path, value] of leaves(document)) {
        const target = example.jsonPath(path);
        if (target) expect(String(at(printed, target)), name(path)).toBe(String(value));
      }
    });

    it.each(cases)('$label: read, and the rest printed in every format', async ({path, mode}) => {
      const body = mutate(document, path, mode);
      for (const format of FORMATS) {
        const {code, out} = await example.run(body, format);
        expect([ExitCode.Ok, ExitCode.Breached], format).toContain(code);
        if (format === 'json') {
          const printed = JSON.parse(out) as unknown;
          for (const [leafPath, value] of leaves(body)) {
            const target = example.jsonPath(leafPath);
            if (target && value !== null) expect(String(at(printed, target)), `${format} ${name(leafPath)}`).toBe(String(value));
          }
          // Absent stays absent: never invented, never the string "undefined".
          const target = example.jsonPath(path);
          if (target && !example.filled?.(path)) expect([undefined, null], name(path)).toContain(at(printed, target));
        } else {
          expect(out, format).not.toContain('undefined');
          if (format === 'table') for (const text of visibleTexts(body, example.kind)) expect(out, `table shows ${text}`).toContain(text);
        }
      }
    });
  });
}

describe('an absent field is shown as absent', () => {
  it('a report without title or status: "-" in the table (a column empty in every row is left out), empty in TSV, left out of JSON', async () => {
    const body = fixture('listing-next-cursor.json') as {reports: Array<Record<string, Json>>};
    delete body.reports[0]!.title;
    body.reports[0]!.status = null;
    const table = await EXAMPLES[0]!.run(body, 'table');
    // The only row has no status, so the table leaves STATUS out (docs/output.md); TITLE stays.
    expect(table.out.split('\n')[0]).toMatch(/^ID +TITLE +ASSETS/);
    expect(table.out.split('\n')[1]).toMatch(/^101 +- +acme-login\.example/);
    const tsv = await EXAMPLES[0]!.run(body, 'tsv');
    expect(tsv.out.split('\t').slice(0, 3)).toEqual(['101', '', '']);
    const json = JSON.parse((await EXAMPLES[0]!.run(body, 'json')).out) as {reports: Array<Record<string, unknown>>};
    expect(json.reports[0]).not.toHaveProperty('title');
    expect(json.reports[0]).not.toHaveProperty('status');
  });

  it('a healthcheck without severity grades from ok (not ok: fail, exit 6), one without either is refused', async () => {
    const {severity: _severity, ...noSeverity} = fixture('healthcheck.json') as Record<string, Json>;
    expect((await EXAMPLES[4]!.run(noSeverity, 'tsv')).code).toBe(ExitCode.Breached);
    const {ok: _ok, ...neither} = noSeverity;
    await expect(EXAMPLES[4]!.run(neither, 'tsv')).rejects.toThrow(/severity: neither severity nor ok given/);
  });
});
