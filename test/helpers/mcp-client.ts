import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {CallToolResultSchema, type CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {CLI, ROOT} from './cli.js';

/*
 * `vigil mcp` from dist/ as an MCP client starts it: the SDK's own Client over its
 * StdioClientTransport. Every result and all the server wrote on stderr are kept, so a
 * test can look for the key in every message.
 */

export interface McpSession {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** The texts of a result, joined. */
  text(result: CallToolResult): string;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  /** Every result and error message received so far, as JSON text. */
  messages(): string[];
  /** Transport errors: a line on stdout that is not a JSON-RPC message lands here. */
  transportErrors: Error[];
  close(): Promise<void>;
}

export async function startMcp(args: string[], env: NodeJS.ProcessEnv): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    env: Object.fromEntries(Object.entries({PATH: process.env.PATH, HOME: process.env.HOME, ...env}).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    cwd: ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const transportErrors: Error[] = [];
  const messages: string[] = [];
  const client = new Client({name: 'vigil-tests', version: '1.0.0'});
  client.onerror = error => transportErrors.push(error);
  await client.connect(transport);
  return {
    client,
    async call(name, callArgs = {}) {
      try {
        const result = (await client.callTool({name, arguments: callArgs}, CallToolResultSchema)) as CallToolResult;
        messages.push(JSON.stringify(result));
        return result;
      } catch (error) {
        messages.push(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    text: result => result.content.map(part => (part.type === 'text' ? part.text : '')).join('\n'),
    stderr: () => stderr,
    messages: () => messages,
    transportErrors,
    close: () => client.close(),
  };
}
