import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import * as z from 'zod';
import {describe, expect, it} from 'vitest';
import {defineCommand, type CommandDefinition} from '../../src/cli/define.js';
import {argument, connectionOptions, listOption, orgOptions, outputOptions, textOption, triState} from '../../src/cli/options.js';
import {InputError} from '../../src/errors.js';
import {callTool, type ToolResult} from '../../src/mcp/call.js';
import {deriveTool} from '../../src/mcp/derive.js';
import {MAX_RESULT_CHARS} from '../../src/mcp/result.js';

/*
 * One tool call in process: a made-up command run through callTool as `vigil mcp` runs it,
 * to see what the agent gets back for each way a command can end.
 */

const KEY = 'vk_live_mcp_secret_0042';
const received: Array<{options: Record<string, unknown>; args: unknown; org: string | undefined}> = [];

function command(run: CommandDefinition['run'], args?: () => z.ZodType): CommandDefinition {
  return defineCommand({
    path: ['things', 'list'],
    description: 'List things',
    examples: [],
    mcp: {readOnly: true},
    options: () =>
      connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
        limit: textOption('Page size, 1-20', 'n'),
        cursor: textOption('Cursor', 'cursor'),
        kind: textOption('Comma list of kinds', 'list'),
        tag: listOption('Tag, repeatable', 'tag'),
        mine: triState('Only mine (--no-mine: only others)'),
        name: textOption('A name', 'text'),
      }),
    ...(args ? {args} : {}),
    run,
  });
}

async function call(definition: CommandDefinition, args: unknown, flags: {org?: string} = {}): Promise<ToolResult> {
  const tool = deriveTool(definition)!;
  const logged: string[] = [];
  const env = {VIGIL_API_KEY: KEY, VIGIL_BASE_URL: 'http://127.0.0.1:9/api/v2', VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-mcp-call-'))};
  return callTool(tool, args, {load: async () => definition, flags, env, log: line => logged.push(line)}, new AbortController().signal);
}

const recording = command(async ({options, args}, ctx) => {
  received.push({options: options as Record<string, unknown>, args, org: ctx.settings.org?.value});
  ctx.io.stdout.write(`${JSON.stringify({ok: true})}\n`);
});
const texts = (result: ToolResult) => result.content.map(part => part.text).join('\n');

describe('a tool call', () => {
  it("hands the command its flags as a command line would, --json on, the call's org over the server's", async () => {
    received.length = 0;
    const result = await call(recording, {limit: 5, kind: ['a', 'b'], tag: 'x', mine: false, name: 42, cursor: null, org: 'initech'}, {org: 'acme'});
    expect(result).toEqual({content: [{type: 'text', text: '{"ok":true}'}], structuredContent: {ok: true}});
    expect(received[0]).toEqual({options: {json: true, limit: '5', kind: 'a,b', tag: ['x'], mine: 'false', name: '42', org: 'initech'}, args: [], org: 'initech'});
    await call(recording, {}, {org: 'acme'});
    expect(received[1]!.org).toBe('acme');
  });

  it('refuses arguments of the wrong type or unknown, naming each, and runs nothing', async () => {
    received.length = 0;
    const result = await call(recording, {limit: 2.5, mine: 'yes', tag: [{}], colour: 'red'});
    expect(result.isError).toBe(true);
    expect(texts(result)).toBe(
      [
        'error: invalid input (4 problems)',
        '  - limit: must be a whole number',
        '  - tag: must be a list of strings',
        '  - mine: must be true or false',
        '  - colour: unknown argument; this tool takes org, limit, cursor, kind, tag, mine, name',
      ].join('\n'),
    );
    expect(received).toEqual([]);
  });

  it("words the command's refusals by the tool's inputs, not its flags", async () => {
    const refusing = command(
      async () => {
        throw new InputError([{field: '--limit', message: 'must be 1-20'}, {field: '<thing-id>', message: 'required'}, {field: '--base-url', message: 'not set'}], 'pass --limit 5');
      },
      () => z.tuple([z.string().optional().describe(argument({name: 'thing-id', description: 'The thing'}))]),
    );
    const result = await call(refusing, {limit: 500});
    expect(result.isError).toBe(true);
    expect(texts(result)).toBe('error: invalid input (3 problems)\n  - limit: must be 1-20\n  - thingId: required\n  - --base-url: not set\nhint: pass --limit 5');
  });

  it('answers a bug as a tool error without a stack, and the key in no message', async () => {
    const leaking = command(async (_input, ctx) => {
      ctx.io.stderr.write(`warning: using ${KEY}\n`);
      throw new TypeError(`cannot read ${ctx.settings.apiKey!.value}`);
    });
    const result = await call(leaking, {});
    expect(result.isError).toBe(true);
    expect(texts(result)).toContain('error: unexpected failure: cannot read vk_…0042');
    expect(texts(result)).toContain('warning: using vk_…0042');
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(texts(result)).not.toMatch(/\n\s+at /);
  });

  it('keeps the key out of what the command printed on stdout too', async () => {
    const printing = command(async (_input, ctx) => void ctx.io.stdout.write(`${JSON.stringify({echo: ctx.settings.apiKey!.value})}\n`));
    const result = await call(printing, {});
    expect(result.structuredContent).toEqual({echo: 'vk_…0042'});
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('returns a list as {items}, and an exit code that is no failure (a breached check) beside the result', async () => {
    const breached = command(async (_input, ctx) => {
      ctx.io.stdout.write('[{"check":"a","status":"fail"}]\n');
      return 6;
    });
    const result = await call(breached, {});
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({items: [{check: 'a', status: 'fail'}]});
    expect(texts(result)).toContain('exit code 6, as the CLI would exit: a result reached `failOn`: a healthcheck breached (its severity), or `asset check` found an asset BLOCKED');
  });

  it(`cuts a result past ${MAX_RESULT_CHARS} characters, saying how to get the rest, and drops the structured copy`, async () => {
    const big = command(async (_input, ctx) => void ctx.io.stdout.write(`${JSON.stringify({items: Array.from({length: 3000}, (_, index) => ({index, text: 'x'.repeat(40)}))})}\n`));
    const result = await call(big, {limit: 20});
    expect(result.structuredContent).toBeUndefined();
    const [text] = result.content.map(part => part.text);
    expect(text!.length).toBeLessThan(MAX_RESULT_CHARS + 200);
    expect(text!.slice(0, MAX_RESULT_CHARS)).toBe(JSON.stringify({items: Array.from({length: 3000}, (_, index) => ({index, text: 'x'.repeat(40)}))}).slice(0, MAX_RESULT_CHARS));
    expect(text!.slice(MAX_RESULT_CHARS)).toMatch(/^\n\[cut: 100000 of \d+ characters shown; ask for fewer with a smaller "limit", then page on with "cursor" \(the nextCursor of each result\)\]$/);
  });

  it('cleans structuredContent as the text is: no real ESC, bidi or OSC 8 from the upstream, newlines kept', async () => {
    const hostile = command(async (_input, ctx) => void ctx.io.stdout.write(`${JSON.stringify({title: 'a\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007 \u202eb\nc', findings: [{'k\u001b[2J': 'x\u001b[31my'}]}).replace(/\u001b/g, '\\u001b')}\n`));
    const result = await call(hostile, {});
    expect(result.structuredContent).toEqual({title: 'alink b\nc', findings: [{k: 'xy'}]});
    expect(JSON.stringify(result.structuredContent)).not.toMatch(/\u001b|\u202e/);
  });
});
