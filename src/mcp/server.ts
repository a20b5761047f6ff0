import type {Transport} from '@modelcontextprotocol/sdk/shared/transport.js';
import type {ToolSpec} from './derive.js';
import type {ToolResult} from './call.js';

export interface McpServerOptions {
  tools: readonly ToolSpec[];
  /** Lists and runs the tools that change something (`vigil mcp --allow-writes`). */
  allowWrites: boolean;
  version: string;
  call(tool: ToolSpec, args: unknown, signal: AbortSignal): Promise<ToolResult>;
  /** One line for the server's stderr (stdout carries the protocol only). */
  log(line: string): void;
}

/** The tools this server offers: the read-only ones, and the writes when allowed. */
export function offered(options: Pick<McpServerOptions, 'tools' | 'allowWrites'>): ToolSpec[] {
  return options.tools.filter(tool => options.allowWrites || !tool.write);
}

/**
 * Serves the tools over a transport until the client goes away or `signal` aborts; then
 * waits for the calls in flight (a write in flight finishes and is answered, never cut off).
 * The SDK's low-level Server: the tools' JSON Schemas are built from the command
 * definitions (derive.ts), not from zod schemas McpServer would convert.
 */
export async function serve(transport: Transport, options: McpServerOptions, signal: AbortSignal): Promise<void> {
  const [{Server}, {CallToolRequestSchema, ListToolsRequestSchema, ErrorCode, McpError}] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const server = new Server({name: 'vigil', version: options.version}, {capabilities: {tools: {}}});
  const tools = offered(options);
  const byName = new Map(tools.map(tool => [tool.name, tool]));
  const inFlight = new Set<Promise<unknown>>();

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map(tool => ({name: tool.name, title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations})),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const tool = byName.get(name);
    if (!tool) {
      const write = options.tools.find(candidate => candidate.name === name && candidate.write);
      if (write) return {isError: true, content: [{type: 'text', text: `error: ${name} changes data, and this server is read-only\nhint: start the server with \`vigil mcp --allow-writes\` to offer it`}]};
      throw new McpError(ErrorCode.InvalidParams, `unknown tool ${JSON.stringify(name)}; the tools are ${tools.map(t => t.name).join(', ')}`);
    }
    const started = Date.now();
    const call = options
      .call(tool, request.params.arguments, AbortSignal.any([signal, extra.signal]))
      .catch((error: unknown): ToolResult => {
        // callTool maps every error itself; this is the last guard that keeps the server up.
        options.log(`${name}: unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
        return {isError: true, content: [{type: 'text', text: 'error: unexpected failure (the server logged it)'}]};
      });
    inFlight.add(call);
    try {
      const result = await call;
      options.log(`${name}: ${result.isError ? 'error' : 'ok'} in ${Date.now() - started} ms`);
      return result;
    } finally {
      inFlight.delete(call);
    }
  });

  const closed = new Promise<void>(resolve => {
    server.onclose = resolve;
    signal.addEventListener('abort', () => resolve(), {once: true});
  });
  await server.connect(transport);
  options.log(`serving ${tools.length} tools over stdio (${options.allowWrites ? 'writes allowed' : 'read-only; --allow-writes adds the tools that change data'})`);
  await closed;
  await Promise.allSettled([...inFlight]);
  await server.close().catch(() => {});
}
