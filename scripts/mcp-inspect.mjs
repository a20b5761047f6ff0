#!/usr/bin/env node
// `npm run mcp:inspect -- --method tools/list [-- <vigil mcp flags>]`: the MCP Inspector's
// CLI (the dev dependency @modelcontextprotocol/inspector-cli, which runs on every Node vigil
// supports) against this checkout's `vigil mcp`, by absolute path: no `vigil` on PATH needed.
//
// Why a script and not `mcp-inspector-cli` itself: inspector-cli 1.0.3 reads its own
// package.json with `existsSync("../package.json") ? "../package.json" : "../../package.json"`,
// the test relative to the working folder and the import relative to its own file. From a
// repository root, which has no package.json above it, it imports
// node_modules/@modelcontextprotocol/package.json and fails (`Cannot find module`). Run from
// its own build folder, the test and the import name the same file, wherever it is started.
//
// Arguments before a `--` are the Inspector's (--method, --tool-name, --tool-arg k=v ...);
// after it, `vigil mcp`'s (--org acme, --allow-writes). The server gets this environment
// (VIGIL_API_KEY, VIGIL_BASE_URL, ...). Exits with the Inspector's exit code.
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/cli.js');

let inspector;
try {
  inspector = path.join(path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build/index.js');
} catch {
  process.stderr.write('mcp:inspect: @modelcontextprotocol/inspector-cli is not installed (a dev dependency: run `npm ci`)\n');
  process.exit(1);
}
if (!existsSync(cli)) {
  process.stderr.write('mcp:inspect: dist/cli.js is missing: run `npm run build` first\n');
  process.exit(1);
}

const args = process.argv.slice(2);
const split = args.indexOf('--');
const inspectorArgs = split === -1 ? args : args.slice(0, split);
const mcpArgs = split === -1 ? [] : args.slice(split + 1);
if (inspectorArgs.length === 0) {
  process.stderr.write('usage: npm run mcp:inspect -- --method tools/list [-- <vigil mcp flags>]\n' + '       npm run mcp:inspect -- --method tools/call --tool-name reports_list --tool-arg limit=5 -- --org acme\n');
  process.exit(3);
}

// The Inspector reads the server's command before its options, and adds what follows `--`.
const child = spawn(process.execPath, [inspector, process.execPath, cli, 'mcp', ...inspectorArgs, '--', ...mcpArgs], {
  cwd: path.dirname(inspector),
  stdio: 'inherit',
});
// Ctrl+C reaches the child from the terminal too; this process waits for its exit code.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
