import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import nock from 'nock';
import {describe, expect, it} from 'vitest';
import {definition as runDefinition} from '../../src/cmd/healthchecks/run/command.js';
import {callTool, type ToolResult} from '../../src/mcp/call.js';
import {deriveTool} from '../../src/mcp/derive.js';
import {logLines, MAX_LOG_LINE_CHARS, MAX_LOGGED_LINES, MAX_NOTE_CHARS, MAX_RESULT_CHARS} from '../../src/mcp/result.js';
import {useNock} from '../helpers/nock.js';
import {resultFor} from '../helpers/registry.js';

/*
 * Every part of an MCP result is bounded, not only stdout: an upstream 400 with a 5 MB
 * message, and a breach line of 3 MB on stderr, through the real `healthchecks run`.
 */

useNock();
const ORIGIN = 'https://api.mcp-bounds.test';
const MARKER = /\n\[cut: \d+ of \d+ characters shown; [^\]]+\]$/;

async function call(args: Record<string, unknown>) {
  const tool = deriveTool(runDefinition)!;
  const logged: string[] = [];
  const env = {VIGIL_API_KEY: 'vk_live_bounds_0001', VIGIL_BASE_URL: `${ORIGIN}/api/v2`, VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-mcp-bounds-'))};
  const result = await callTool(tool, args, {load: async () => runDefinition, flags: {}, env, log: line => logged.push(line)}, new AbortController().signal);
  return {result, logged};
}

/** No part over its cap (plus the marker), nor the whole result. */
function expectBounded(result: ToolResult, logged: string[]) {
  const total = result.content.reduce((sum, part) => sum + part.text.length, 0);
  expect(total).toBeLessThanOrEqual(MAX_RESULT_CHARS + 400);
  for (const part of result.content) expect(part.text.length).toBeLessThanOrEqual(MAX_RESULT_CHARS + 200);
  expect(JSON.stringify(result.structuredContent ?? {}).length).toBeLessThanOrEqual(MAX_RESULT_CHARS);
  expect(logged.length).toBeLessThanOrEqual(MAX_LOGGED_LINES + 1);
  for (const line of logged) expect(line.length).toBeLessThanOrEqual(MAX_LOG_LINE_CHARS + 100);
}

describe('an MCP result is bounded part by part', () => {
  it('an upstream 400 with a 5 MB message: the error part is cut with a marker, and so is each log line', async () => {
    nock(ORIGIN).post('/api/v2/healthchecks/takedowns/cancelled-count').reply(400, {code: 'BAD_REQUEST', message: `bad ${'m'.repeat(5_000_000)}`});
    const {result, logged} = await call({check: 'takedowns.cancelled-count', org: 'acme'});
    expect(result.isError).toBe(true);
    expectBounded(result, logged);
    expect(result.content[0]!.text.length).toBeLessThanOrEqual(MAX_NOTE_CHARS + 200);
    expect(result.content[0]!.text).toMatch(MARKER);
    expect(logged.some(line => /\[cut: 2000 of \d+ characters shown; the line goes on\]$/.test(line))).toBe(true);
  });

  it('a breach line of 3 MB: the result text and the breach part are cut, the structured copy dropped', async () => {
    const observed = {count: 12, note: 'n'.repeat(3_000_000)};
    nock(ORIGIN).post('/api/v2/healthchecks/takedowns/cancelled-count').reply(200, resultFor('takedowns.cancelled-count', 'fail', observed));
    const {result, logged} = await call({check: 'takedowns.cancelled-count', org: 'acme'});
    expect(result.isError).toBeUndefined();
    expectBounded(result, logged);
    const breach = result.content.find(part => part.text.startsWith('breached: '))!;
    expect(breach.text.length).toBeLessThanOrEqual(MAX_NOTE_CHARS + 200);
    expect(breach.text).toMatch(MARKER);
    expect(result.structuredContent).toBeUndefined();
  });

  it('logs a few lines of a call, each cut, and counts the rest', () => {
    const lines = logLines('healthchecks_run', `${Array.from({length: 100}, (_, i) => `warning ${i}`).join('\n')}\n${'w'.repeat(10_000)}\n`);
    expect(lines).toHaveLength(MAX_LOGGED_LINES + 1);
    expect(lines[0]).toBe('healthchecks_run: warning 0');
    expect(lines.at(-1)).toBe(`healthchecks_run: ${101 - MAX_LOGGED_LINES} more lines not logged`);
    expect(logLines('x', 'y'.repeat(10_000))[0]).toBe(`x: ${'y'.repeat(MAX_LOG_LINE_CHARS - 3)}\n[cut: ${MAX_LOG_LINE_CHARS} of 10003 characters shown; the line goes on]`);
  });
});
