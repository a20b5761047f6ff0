import {describe, expect, it} from 'vitest';
import {fileTree} from '../helpers/file-tree.js';
// @ts-expect-error: a plain .mjs script, no types
import {commandPieces, endpointPieces} from '../../scripts/lint/command-pieces.mjs';

const definition = (words: string[]) => `export const definition = defineCommand({\n  path: [${words.map(w => `'${w}'`).join(', ')}],\n});\n`;

/** A repository with `reports list` complete, plus `files`. */
function repo(files: Record<string, string>): string {
  return fileTree({
    'src/cmd/reports/list/command.ts': definition(['reports', 'list']),
    'commands/_app.tsx': 'export default function App() {}\n',
    'src/cli/groups.ts': "export const GROUPS = {\n  reports: 'Create, list and search reports',\n};\n",
    'README.md': 'Run `vigil reports list`.\n',
    'test/cmd/reports/list/list.test.ts': '',
    ...files,
  });
}

describe('lint: the pieces of each command', () => {
  it('accepts a complete command and a group of one', () => {
    expect(commandPieces(repo({}))).toEqual([]);
  });

  it('names each piece a new command in a new group lacks, one line each', () => {
    const root = repo({'src/cmd/takedowns/get/command.ts': definition(['takedowns', 'get'])});
    expect(commandPieces(root)).toEqual([
      'src/cmd/takedowns/get/command.ts: no page names `vigil takedowns get`: say what it does in README.md or docs/',
      'test/cmd/takedowns/get/: missing: the tests of src/cmd/takedowns/get/command.ts (its work called directly, as a TTY and piped; docs/commands.md#adding-a-command)',
      'src/cli/groups.ts: missing: the one-line description of the group takedowns',
    ]);
  });

  it('wants the tests where the command is: its mirror under test/cmd, or its group folder importing it', () => {
    const get = {'src/cmd/reports/get/command.ts': definition(['reports', 'get']), 'docs/reports.md': '`vigil reports get`'};
    expect(commandPieces(repo({...get, 'test/cmd/reports/get/get.test.ts': ''}))).toEqual([]);
    expect(commandPieces(repo({...get, 'test/cmd/reports/reports.test.ts': "import '../../../src/cmd/reports/get/get.js';"}))).toEqual([]);
    expect(commandPieces(repo({...get, 'test/cmd/reports/reports.test.ts': '', 'test/cmd/report/get/get.test.ts': ''}))).toEqual([
      'test/cmd/reports/get/: missing: the tests of src/cmd/reports/get/command.ts (its work called directly, as a TTY and piped; docs/commands.md#adding-a-command)',
      'test/cmd/report/get/: no src/cmd/report/get/: tests sit where the code sits (docs/testing.md#where-a-test-sits)',
    ]);
  });

  it("refuses anything in commands/ but the app (a command's module is derived) and a path that is not its room", () => {
    const root = repo({
      'commands/reports/get.tsx': 'export default function Get() {}\n',
      'src/cmd/doctor/command.ts': definition(['doctors']),
      [['docs', 'doctor.md'].join('/')]: '`vigil doctors`',
    });
    expect(commandPieces(root)).toEqual([
      "src/cmd/doctor/command.ts: its path [doctors] must name its room (src/cmd/<noun>/<verb>/ for ['<noun>', '<verb>'])",
      "commands/reports/get.tsx: only Pastel's app (commands/_app.tsx) lives in commands/: each command's module is derived from its definition by the build (scripts/build.mjs)",
    ]);
  });

  it("names a verb the group's line or a page's `vigil <noun> a|b` list leaves out", () => {
    const search = {'src/cmd/reports/search/command.ts': definition(['reports', 'search']), 'test/cmd/reports/search/search.test.ts': ''};
    const get = {'src/cmd/reports/get/command.ts': definition(['reports', 'get']), 'test/cmd/reports/get/get.test.ts': ''};
    const pages = {'README.md': 'Run `vigil reports list|search`, `vigil reports get` and `vigil reports search`.\n', 'docs/commands.md': 'Not a page about any command: `vigil reports get`.\n'};
    expect(commandPieces(repo({...search, ...pages}))).toEqual([]);
    expect(commandPieces(repo({...search, ...get, ...pages}))).toEqual([
      'src/cli/groups.ts: the line of reports names list, search but not get: say what the group holds now',
      'README.md: `vigil reports list|search` leaves out get',
    ]);
    // The guide to adding commands is no page about them.
    expect(commandPieces(repo({...search, ...get, 'README.md': '`vigil reports list`, `vigil reports search`', 'docs/commands.md': '`vigil reports get`', 'src/cli/groups.ts': "export const GROUPS = {\n  reports: 'Reports',\n};\n"}))).toEqual([
      'src/cmd/reports/get/command.ts: no page names `vigil reports get`: say what it does in README.md or docs/',
    ]);
  });
});

describe('lint: the pieces of each endpoint', () => {
  const paths = "export const PATHS = {\n  listReports: 'organization/reports',\n  getReport: 'organization/reports/{reportId}',\n  review: 'organization/proposals/{proposalId}/review',\n} as const;\n";
  const client = 'export interface ApiClient {\n  listReports(filters: F): Promise<L>;\n  /** One report. */\n  getReport(org: string, id: string): Promise<R>;\n}\n';
  const contract = '## Listing\n\n`GET /organization/reports`\n\n## Reviewing\n\n`POST /organization/proposals/{proposalId}/review`\n';

  it('names a path in no section of docs/contract.md and a client method no test of test/api/ calls', () => {
    const root = fileTree({
      'src/api/wire/paths.ts': paths,
      'src/api/client.ts': client,
      'docs/contract.md': contract,
      'test/api/list.test.ts': 'await client.listReports({});',
      'test/sandbox/list.test.ts': "api.call('GET', 'organization/reports?slug=acme'); api.call('POST', `organization/proposals/${id}/review`);",
      'test/sandbox/openapi.test.ts': "api.call('GET', `organization/reports/${id}`)",
    });
    expect(endpointPieces(root)).toEqual([
      'src/api/wire/paths.ts: PATHS.getReport (/organization/reports/{reportId}) is in no section of docs/contract.md: say what vigil relies on (path, body, answer, errors, whether it may be repeated)',
      "src/api/wire/paths.ts: PATHS.getReport (/organization/reports/{reportId}) is called by no test of test/sandbox/ but openapi.test.ts: test the route's rules (its answer, each refusal)",
      'src/api/client.ts: ApiClient.getReport is called by no test of test/api/ (the request it sends and each error, with nock)',
    ]);
  });

  it('accepts an endpoint with its section and its test', () => {
    const root = fileTree({
      'src/api/wire/paths.ts': paths,
      'src/api/client.ts': client,
      'docs/contract.md': `${contract}\n## Getting a report\n\n\`GET /organization/reports/{reportId}\`\n`,
      'test/api/list.test.ts': 'await client.listReports({}); await client.getReport("acme", "1");',
      'test/sandbox/list.test.ts': "api.call('GET', 'organization/reports?slug=acme'); api.call('GET', `organization/reports/${id}?slug=acme`); api.call('POST', 'organization/proposals/1/review');",
    });
    expect(endpointPieces(root)).toEqual([]);
  });

  it('takes neither a longer path nor a "not used" line for the section of a path vigil calls', () => {
    const root = fileTree({
      'src/api/wire/paths.ts': "export const PATHS = {\n  listReports: 'organization/reports',\n  listThreats: 'threats/list',\n} as const;\n",
      'src/api/client.ts': 'export interface ApiClient {\n}\n',
      'docs/contract.md': '## Getting a report\n\n`GET /organization/reports/{reportId}`\n\n## Other endpoints\n\nNamed by the upstream but not used by vigil: `POST /threats/list`.\n',
      'test/sandbox/list.test.ts': "api.call('GET', 'organization/reports?slug=acme'); api.call('POST', 'threats/list');",
    });
    expect(endpointPieces(root)).toEqual([
      'src/api/wire/paths.ts: PATHS.listReports (/organization/reports) is in no section of docs/contract.md: say what vigil relies on (path, body, answer, errors, whether it may be repeated)',
      'src/api/wire/paths.ts: PATHS.listThreats (/threats/list) is in no section of docs/contract.md: say what vigil relies on (path, body, answer, errors, whether it may be repeated)',
      'docs/contract.md: says /threats/list is not used by vigil, but PATHS.listThreats (src/api/wire/paths.ts) calls it: take it off that line',
    ]);
  });
});
