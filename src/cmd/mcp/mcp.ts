import {pathToFileURL} from 'node:url';
import type {Transport} from '@modelcontextprotocol/sdk/shared/transport.js';
import type {CommandContext} from '../../cli/context.js';
import type {CommandDefinition} from '../../cli/define.js';
import {cliEntryFile, fastEntryUrl} from '../../cli/manifest.js';
import {callTool} from '../../mcp/call.js';
import {boundLogLine} from '../../mcp/result.js';
import type {ToolSpec} from '../../mcp/derive.js';
import {serve} from '../../mcp/server.js';
import {readTools} from '../../mcp/tools-file.js';
import {redact} from '../../secrets.js';
import {VERSION} from '../../version.js';
import {clientConfig, type ServedFlags} from './client-config.js';

export interface McpFlags extends ServedFlags {
  debug?: boolean;
  timeout?: string;
  printConfig?: boolean;
}

export interface McpDeps {
  /** The built CLI's entry file (dist/cli.js): the tools and commands beside it. */
  entryFile?: string;
  tools?: readonly ToolSpec[];
  load?(path: readonly string[]): Promise<CommandDefinition>;
  /** Default: stdio (the context's stdin and stdout). */
  transport?: Transport;
}

/**
 * `vigil mcp`: an MCP server over stdio whose tools are vigil's commands (docs/mcp.md).
 * stdout carries the protocol only; the server's own lines go to stderr.
 */
export async function runMcp(flags: McpFlags, ctx: CommandContext, deps: McpDeps = {}): Promise<void> {
  const entryFile = deps.entryFile ?? cliEntryFile();
  if (flags.printConfig === true) {
    // Not renderJson: its sorted keys would put args before command, which readers expect first.
    ctx.io.stdout.write(`${JSON.stringify(clientConfig(process.execPath, entryFile, flags), null, 2)}\n`);
    return;
  }
  const tools = deps.tools ?? readTools(entryFile);
  const load =
    deps.load ??
    (async (path: readonly string[]) => ((await import(fastEntryUrl(path.join(' '), pathToFileURL(entryFile).href))) as {definition: CommandDefinition}).definition);
  const log = (line: string) => ctx.io.stderr.write(redact(`vigil mcp: ${boundLogLine(line)}\n`));
  if (!ctx.settings.apiKey) log('warning: no API key configured: tools that call the API will answer with that error (set VIGIL_API_KEY, or run `vigil auth login`)');

  let transport = deps.transport;
  let inputEnded: Promise<void> | undefined;
  if (!transport) {
    const {StdioServerTransport} = await import('@modelcontextprotocol/sdk/server/stdio.js');
    transport = new StdioServerTransport(ctx.io.stdin as NodeJS.ReadStream, ctx.io.stdout as NodeJS.WriteStream);
    // The client closing our stdin is how it stops the server.
    inputEnded = new Promise(resolve => ctx.io.stdin.once('end', () => resolve()));
  }
  const served = {baseUrl: flags.baseUrl, org: flags.org, debug: ctx.debug, timeout: flags.timeout};
  await serve(
    transport,
    {
      tools: [...tools],
      ...(inputEnded ? {inputEnded} : {}),
      allowWrites: flags.allowWrites === true,
      version: VERSION,
      log,
      call: (tool, args, signal) => callTool(tool, args, {load, flags: served, env: ctx.io.env, log}, signal),
    },
    ctx.signal,
  );
}
