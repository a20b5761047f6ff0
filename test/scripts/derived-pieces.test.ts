import {readFileSync, rmSync, writeFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';
import {beforeAll, describe, expect, it} from 'vitest';
import {fileTree} from '../helpers/file-tree.js';
import {buildManifest} from '../../src/cli/manifest-build.js';
import {deriveTools} from '../../src/mcp/derive.js';
import {definition} from '../fixtures/house/things-command.js';
// @ts-expect-error: plain .mjs scripts, no types
import {commandPieces, endpointPieces} from '../../scripts/lint/command-pieces.mjs';
// @ts-expect-error: plain .mjs scripts, no types
import {staleRegistries, writeRegistries} from '../../scripts/gen/registries.mjs';
// @ts-expect-error: plain .mjs scripts, no types
import {staleDocs, writeDocs} from '../../scripts/gen/docs.mjs';

/*
 * Each piece the build derives for a read command (docs/commands.md#adding-a-command), taken
 * away from a fixture command (test/fixtures/house/: `vigil things list` and its endpoint,
 * POST /things/list), and the one line lint's module or tsc then prints. The scratch
 * repository is complete first (no line at all), so each line is the removal's doing.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (name: string) => readFileSync(path.join(ROOT, 'test/fixtures/house', name), 'utf8');
const manifest = buildManifest([definition], '0.0.0', 'fixture');
const tools = deriveTools([definition]);

/** A repository holding the fixture command with every piece, derived ones written as the build writes them. */
function complete(): string {
  const root = fileTree({
    'src/api/wire/endpoints/things.ts': fixture('things-endpoint.ts'),
    'src/sandbox/endpoints/things.ts': fixture('things-served.ts'),
    'src/cmd/things/list/command.ts': fixture('things-command.ts'),
    'src/api/wire/paths.ts': 'export const PATHS = {\n  ...pathsOf(ENDPOINTS),\n} as const;\n',
    'src/cli/groups.ts': "export const GROUPS = {\n  things: 'List things',\n};\n",
    'test/cmd/things/list/list.test.ts': '',
    'docs/contract.md': '# Contract\n\n## Listing things\n\n`POST /things/list`: a read, safe to repeat.\n',
    'docs/mcp.md': '# MCP\n\n<!-- generated: mcp tools (npm run docs rewrites it) -->\n<!-- end generated: mcp tools -->\n',
    'README.md': '# vigil\n\n<!-- generated: commands (npm run docs rewrites it) -->\n<!-- end generated: commands -->\n',
    'dist/cli-manifest.json': JSON.stringify(manifest),
    'dist/mcp-tools.json': JSON.stringify(tools),
  });
  writeRegistries(root);
  writeDocs(root);
  return root;
}

const lint = (root: string): string[] => [...commandPieces(root), ...endpointPieces(root), ...staleRegistries(root), ...staleDocs(root)];
const edit = (root: string, rel: string, change: (text: string) => string) => writeFileSync(path.join(root, rel), change(readFileSync(path.join(root, rel), 'utf8')));

describe('each derived piece of a read command, missing, is one line', () => {
  it('a complete fixture command: no line (so each line below is its removal)', () => {
    const root = complete();
    expect(lint(root)).toEqual([]);
    expect(readFileSync(path.join(root, 'docs/reference/vigil_things_list.md'), 'utf8')).toContain('Calls `POST /things/list`');
  });

  it.each([
    ['the endpoint in the list the client, PATHS and the sandbox read', (root: string) => edit(root, 'src/api/wire/endpoints/index.ts', t => t.replace(/^import \{listThings\}.*\n/m, '').replace('[listThings]', '[]')),
      'src/api/wire/endpoints/index.ts: stale (leaves out listThings): npm run build rewrites it'],
    ['the sandbox route in the served list', (root: string) => edit(root, 'src/sandbox/endpoints/index.ts', t => t.replace(/^import \{thingsServed\}.*\n/m, '').replace('[thingsServed]', '[]')),
      'src/sandbox/endpoints/index.ts: stale (leaves out thingsServed): npm run build rewrites it'],
    ['the sandbox route (and with it the OpenAPI path and the request check)', (root: string) => {
      rmSync(path.join(root, 'src/sandbox/endpoints/things.ts'));
      writeRegistries(root);
    }, 'src/api/wire/endpoints/things.ts: listThings (POST /things/list) is served by no file of src/sandbox/endpoints/: add one, `export const listThingsServed = serve(listThings, {answer, answers, handle})`, over the sandbox\'s data'],
    ['the contract section', (root: string) => writeFileSync(path.join(root, 'docs/contract.md'), '# Contract\n'),
      'src/api/wire/endpoints/things.ts: listThings (/things/list) is in no section of docs/contract.md: say what vigil relies on (path, body, answer, errors, whether it may be repeated)'],
    ['the reference page', (root: string) => rmSync(path.join(root, 'docs/reference/vigil_things_list.md')),
      'docs/reference/vigil_things_list.md: missing: npm run docs writes it (the reference page of a command)'],
    ["the MCP tool's row of docs/mcp.md", (root: string) => edit(root, 'docs/mcp.md', t => t.replace(/^\| `things_list`.*\n/m, '')),
      'docs/mcp.md: stale (its generated mcp tools): npm run docs rewrites it'],
    ["README's command list", (root: string) => edit(root, 'README.md', t => t.replace(/^\| \[`vigil things list`\].*\n/m, '')),
      'README.md: stale (its generated commands): npm run docs rewrites it'],
    ['the tests', (root: string) => rmSync(path.join(root, 'test/cmd/things'), {recursive: true}),
      'test/cmd/things/list/: missing: the tests of src/cmd/things/list/command.ts (its work called directly, as a TTY and piped; docs/commands.md#adding-a-command)'],
  ])('%s', (_piece, remove, line) => {
    const root = complete();
    remove(root);
    expect(lint(root)).toEqual([line]);
  });

  it('a "not used" line for the endpoint it calls', () => {
    const root = complete();
    edit(root, 'docs/contract.md', t => `${t}\n## Other endpoints\n\n\`POST /things/list\` is not used by vigil.\n`);
    expect(lint(root)).toEqual(['docs/contract.md: says /things/list is not used by vigil, but listThings (src/api/wire/endpoints/things.ts) calls it: take it off that line']);
  });
});

describe('the build (tsc) names an endpoint the command calls but nobody declared', () => {
  let dir: string;
  beforeAll(() => {
    dir = fileTree({});
    mkdirSync(dir, {recursive: true});
  });

  it('its import, in tsc words', () => {
    const source = fixture('things-command.ts')
      .replaceAll("'../../../src/", `'${ROOT}/src/`)
      // The declaration file exists, but declares another endpoint.
      .replace("'./things-endpoint.js'", `'${ROOT}/src/api/wire/endpoints/assets.js'`);
    const file = path.join(dir, 'command.ts');
    writeFileSync(file, source);
    const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, {...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {}})!;
    const program = ts.createProgram([file], config.options);
    const messages = ts.getPreEmitDiagnostics(program).map(d => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(messages[0]).toMatch(/Module '".*assets\.js"' has no exported member 'listThings'/);
  }, 60_000);
});
