import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {InMemoryTransport} from '@modelcontextprotocol/sdk/inMemory.js';
import {describe, expect, it, vi} from 'vitest';
import type {ToolSpec} from '../../src/mcp/derive.js';
import type {ToolResult} from '../../src/mcp/call.js';
import {MAX_CALLS_IN_FLIGHT, serve} from '../../src/mcp/server.js';

/*
 * 300 concurrent calls against a hanging upstream once held 300 upstream connections: the
 * server runs a few at a time and queues the rest, each still answered.
 */

const TOOL = {name: 'reports_list', title: 'List', description: 'List', inputSchema: {type: 'object', properties: {}}, annotations: {}, inputs: [], path: ['reports', 'list'], write: false} as unknown as ToolSpec;

describe('MCP calls in flight', () => {
  it(`runs at most ${MAX_CALLS_IN_FLIGHT} calls at once and answers every one of 50 in turn`, async () => {
    let active = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const call = async (): Promise<ToolResult> => {
      active++;
      most = Math.max(most, active);
      await new Promise<void>(resolve => release.push(resolve));
      active--;
      return {content: [{type: 'text', text: 'ok'}]};
    };
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    // The in-memory transport hands a message to the server's onmessage before send returns.
    let delivered = 0;
    const send = clientSide.send.bind(clientSide);
    clientSide.send = async (message, options) => {
      await send(message, options);
      if ('method' in message && message.method === 'tools/call') delivered++;
    };
    const stop = new AbortController();
    const served = serve(serverSide, {tools: [TOOL], allowWrites: false, version: 't', call, log: () => {}}, stop.signal);
    const client = new Client({name: 't', version: '1'});
    await client.connect(clientSide);
    const calls = Array.from({length: 50}, () => client.callTool({name: 'reports_list', arguments: {}}, undefined, {timeout: 120_000}));
    // Nothing more starts while those hang: every call has reached the server, and the
    // handlers it started (microtasks, no I/O) have all run to their wait by the next turn.
    await vi.waitFor(() => expect(delivered).toBe(50));
    await new Promise(resolve => setImmediate(resolve));
    expect(active).toBe(MAX_CALLS_IN_FLIGHT);
    let answered = 0;
    const all = Promise.all(calls.map(p => p.then(() => answered++)));
    await vi.waitFor(() => {
      release.splice(0).forEach(resolve => resolve());
      expect(answered).toBe(50);
    }, {timeout: 30_000, interval: 5});
    await all;
    expect(most).toBe(MAX_CALLS_IN_FLIGHT);
    await client.close();
    stop.abort();
    await served;
  });
});
