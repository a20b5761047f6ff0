import {expect, it} from 'vitest';
import type {CommandContext} from '../../src/cli/context.js';
import {redactingIO} from '../../src/cli/io.js';
import {InputError} from '../../src/errors.js';
import {API_KEY, fakeContext, interceptApi, type SeenRequest} from './fake-context.js';
import {rejectionOf} from './thrown.js';

/*
 * What every platform read (src/cli/passthrough.ts) owes its user, as tests each read's file
 * runs with its own path and answer: the documented request with the key, a table on a
 * terminal and TSV piped, --json as the upstream sent it, a bad --output refused with
 * nothing sent, and no control sequence of the upstream in a table, TSV or CSV.
 */

export type Run = (flags: Record<string, unknown>, ctx: CommandContext) => Promise<unknown>;

export interface ReadCase {
  run: Run;
  method: 'GET' | 'POST';
  /** Relative to the base URL: `organization/brands`. */
  path: string;
  /** A realistic answer. */
  reply: unknown;
  /** The table's header line on a terminal. */
  header: RegExp;
  /** The TSV the reply gives, piped. */
  tsv: string;
  /** The answer with `HOSTILE` somewhere a cell shows it. */
  hostile: unknown;
}

/** A cell text carrying an OSC 8 link and a screen clear; only `evillink.example` may reach the output. */
export const HOSTILE = 'evil\u001b]8;;https://x.example\u0007link\u001b]8;;\u0007\u001b[2J.example';

/** Runs with `flags` against one recorded answer; returns the request and the context. */
export async function sentWith(c: Pick<ReadCase, 'run' | 'method' | 'path'>, flags: Record<string, unknown>, reply: unknown, options: {tty?: boolean} = {}): Promise<{request: SeenRequest; ctx: ReturnType<typeof fakeContext>}> {
  const seen = interceptApi(c.method, c.path, [{body: reply}]);
  const ctx = fakeContext({tty: options.tty ?? false});
  // As runWork runs every command: stdout and stderr mask the registered secrets.
  await c.run(flags, {...ctx, io: redactingIO(ctx.io)});
  expect(seen).toHaveLength(1);
  return {request: seen[0]!, ctx};
}

/** The tests every read passes; call inside the read's describe. */
export function readContract(c: ReadCase): void {
  it(`sends ${c.method} /api/v2/${c.path} with the key${c.method === 'POST' ? ' and the body {} (the docs name no field)' : ''}`, async () => {
    const {request} = await sentWith(c, {}, c.reply);
    expect(request.method).toBe(c.method);
    expect(request.path).toBe(`/api/v2/${c.path}`);
    expect(request.query).toEqual({});
    expect(request.body).toEqual(c.method === 'POST' ? {} : '');
    expect(request.headers['x-api-key']).toBe(API_KEY);
  });

  it('TTY: a table with its header; piped: TSV rows only', async () => {
    const tty = await sentWith(c, {}, c.reply, {tty: true});
    expect(tty.ctx.io.out().split('\n')[0]).toMatch(c.header);
    const piped = await sentWith(c, {}, c.reply);
    expect(piped.ctx.io.out()).toBe(c.tsv);
  });

  it('--json prints the answer as the upstream sent it', async () => {
    const {ctx} = await sentWith(c, {json: true}, c.reply);
    expect(JSON.parse(ctx.io.out())).toEqual(c.reply);
  });

  it('refuses a bad --output naming it, with nothing sent (exit 3)', async () => {
    const seen = interceptApi(c.method, c.path, [{body: c.reply}]);
    const error = await rejectionOf(c.run({output: 'yaml'}, fakeContext()), InputError);
    expect(error.exitCode).toBe(3);
    expect(error.problems.map(p => p.field)).toContain('--output');
    expect(seen).toHaveLength(0);
  });

  it('no control sequence of the upstream reaches the table, TSV or CSV', async () => {
    for (const [tty, output] of [[true, undefined], [false, undefined], [false, 'csv']] as const) {
      const {ctx} = await sentWith(c, output === undefined ? {} : {output}, c.hostile, {tty});
      expect(ctx.io.out()).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
      expect(ctx.io.out()).toContain('evillink.example');
    }
  });
}
