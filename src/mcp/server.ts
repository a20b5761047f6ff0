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
  /** Tool calls run at once, the rest queued. Default: MAX_CALLS_IN_FLIGHT (4). */
  maxCallsInFlight?: number;
  /** Resolves when the client has sent its last message (stdio: our stdin ended). */
  inputEnded?: Promise<void>;
}

/**
 * Tool calls run at once; the rest wait their turn in arrival order. 300 concurrent calls
 * against a hanging upstream once held 300 upstream connections: an agent gains nothing from
 * more than a few at a time, and the upstream should not see more.
 */
export const MAX_CALLS_IN_FLIGHT = 4;

/** Runs at most `max` of the given functions at once, the others queued in order. */
export function limiter(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async work => {
    if (active >= max) await new Promise<void>(resolve => waiting.push(resolve));
    else active++;
    try {
      return await work();
    } finally {
      // Hand the slot on directly: a newcomer cannot take it between release and wake-up.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** The tools this server offers: the read-only ones, and the writes when allowed. */
export function offered(options: Pick<McpServerOptions, 'tools' | 'allowWrites'>): ToolSpec[] {
  return options.tools.filter(tool => options.allowWrites || !tool.write);
}

/**
 * Serves the tools over a transport until the client is done or gone, or `signal` aborts
 * (Ctrl+C, which also interrupts the calls in flight, as in the CLI). A client that is done
 * sending still gets the answers of its calls in flight: a write is never cut off unanswered.
 * The SDK's low-level Server: the tools' JSON Schemas are built from the command
 * definitions (derive.ts), not from zod schemas McpServer would convert.
 */
export async function serve(transport: Transport, options: McpServerOptions, signal: AbortSignal): Promise<void> {
  const [{Server}, {CallToolRequestSchema, ListToolsRequestSchema, ErrorCode}] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const server = new Server({name: 'vigil', version: options.version}, {capabilities: {tools: {}}});
  const tools = offered(options);
  const byName = new Map(tools.map(tool => [tool.name, tool]));
  const inTurn = limiter(options.maxCallsInFlight ?? MAX_CALLS_IN_FLIGHT);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map(tool => ({name: tool.name, title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations})),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const tool = byName.get(name);
    if (!tool) {
      const write = options.tools.find(candidate => candidate.name === name && candidate.write);
      if (write) return {isError: true, content: [{type: 'text', text: `error: ${name} changes data, and this server is read-only\nhint: start the server with \`vigil mcp --allow-writes\` to offer it`}]};
      // Not McpError: its message already starts "MCP error -32602: ", which the SDK sends as
      // the message, and a client's McpError prefixes again.
      throw Object.assign(new Error(`unknown tool ${JSON.stringify(name)}; the tools are ${tools.map(t => t.name).join(', ')}`), {code: ErrorCode.InvalidParams});
    }
    const started = Date.now();
    const result = await inTurn(() => options.call(tool, request.params.arguments, AbortSignal.any([signal, extra.signal]))).catch((error: unknown): ToolResult => {
      // callTool maps every error itself; this is the last guard that keeps the server up.
      options.log(`${name}: unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
      return {isError: true, content: [{type: 'text', text: 'error: unexpected failure (the server logged it)'}]};
    });
    options.log(`${name}: ${result.isError ? 'error' : 'ok'} in ${Date.now() - started} ms`);
    return result;
  });

  const closed = new Promise<void>(resolve => {
    server.onclose = resolve;
    signal.addEventListener('abort', () => resolve(), {once: true});
    void options.inputEnded?.then(resolve);
  });
  // Before connecting: piped requests may arrive while connect() is still awaited.
  const answered = countAnswers(transport);
  await server.connect(transport);
  options.log(`serving ${tools.length} tools over stdio (${options.allowWrites ? 'writes allowed' : 'read-only; --allow-writes adds the tools that change data'})`);
  await closed;
  await answered.all();
  await server.close().catch(() => {});
}

/**
 * Tracks the requests a transport delivers until each has its answer: `all()` resolves once
 * none is left (or the transport is gone). Tracked on the wire, not in the handlers, which
 * the SDK starts a few turns after a message arrives; a request the client cancels gets no
 * answer (the SDK sends none), so it leaves the set then.
 */
function countAnswers(transport: Transport) {
  const open = new Set<string | number>();
  let gone = false;
  let settle: (() => void) | undefined;
  const check = () => {
    if (open.size === 0 || gone) settle?.();
  };
  // The SDK's connect() calls these first, then its own.
  transport.onmessage = message => {
    if ('method' in message && 'id' in message) open.add(message.id);
    if ('method' in message && message.method === 'notifications/cancelled') {
      open.delete((message.params as {requestId?: string | number} | undefined)?.requestId ?? '');
      check();
    }
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    try {
      await send(message, options);
    } finally {
      if (('result' in message || 'error' in message) && 'id' in message && message.id !== undefined) open.delete(message.id);
      check();
    }
  };
  transport.onclose = () => {
    gone = true;
    check();
  };
  return {
    all: () =>
      new Promise<void>(resolve => {
        settle = resolve;
        check();
      }),
  };
}
