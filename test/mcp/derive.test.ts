import {readFileSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import {describe, expect, it} from 'vitest';
import {ToolSchema} from '@modelcontextprotocol/sdk/types.js';
import {buildCommand} from '../../src/cli/commander.js';
import {defineCommand} from '../../src/cli/define.js';
import {argument, textOption} from '../../src/cli/options.js';
import {deriveTool, deriveTools, SERVER_OPTIONS, UPSTREAM_DATA} from '../../src/mcp/derive.js';
import {ROOT} from '../helpers/cli.js';
import {loadDefinitions} from '../helpers/definitions.js';

/* The MCP tools derived from every command definition, as help and completion are. */

const definitions = await loadDefinitions();
const tools = deriveTools(definitions);

describe('MCP tools from the command definitions', () => {
  it('makes one tool of each command that states one, named by its path', () => {
    const stated = definitions.filter(definition => definition.mcp !== false);
    expect(tools.map(tool => tool.name)).toEqual(stated.map(definition => definition.path.join('_')).sort());
    // What an agent must not drive: screens, long runs, the local config and credentials.
    for (const name of ['auth_login', 'auth_logout', 'config_set', 'config_unset', 'completion', 'sandbox', 'worker', 'mcp']) {
      expect(tools.map(tool => tool.name)).not.toContain(name);
    }
  });

  it.each(tools.map(tool => [tool.name, tool] as const))('%s is a valid MCP tool whose inputs are the flags Commander builds', (name, tool) => {
    expect(ToolSchema.safeParse(tool).success).toBe(true);
    const definition = definitions.find(candidate => candidate.path.join('_') === name)!;
    const flags = buildCommand(definition).options.map(option => option.long!);
    for (const input of tool.inputs) {
      if ('option' in input.to) expect(flags).toContain(input.cli);
      expect(tool.inputSchema.properties).toHaveProperty(input.name);
      expect(SERVER_OPTIONS).not.toContain(input.name);
    }
    const omitted = [...SERVER_OPTIONS, ...((definition.mcp || {omit: []}).omit ?? [])];
    const offered = flags.filter(flag => !omitted.some(name => flag === `--${name.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)}` || flag === `--no-${name}`));
    expect(tool.inputs.filter(input => 'option' in input.to).map(input => input.cli).sort()).toEqual(offered.filter(flag => flag !== '--help').sort());
    expect(tool.description.startsWith(definition.description)).toBe(true);
    expect(tool.annotations.readOnlyHint).toBe(!tool.write);
  });

  it('types each input from the schema and the help: labels, tri-states, comma lists, completion values', () => {
    const list = tools.find(tool => tool.name === 'reports_list')!;
    const properties = list.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(properties.limit).toEqual({type: 'integer', description: 'Page size, 1-20'});
    expect(properties.needsCustomerReview).toMatchObject({type: 'boolean', description: expect.stringContaining('(false: the others)')});
    expect(properties.brand).toEqual({type: 'array', items: {type: 'string'}, description: 'Comma list of brand IDs'});
    expect(properties.status).toMatchObject({enum: ['TODO', 'IN_PROGRESS', 'CLOSED']});
    const review = tools.find(tool => tool.name === 'proposals_review')!;
    expect(review.inputs.find(input => input.name === 'proposalId')).toEqual({name: 'proposalId', kind: 'list', to: {rest: true}, cli: '<proposal-id>'});
    expect(review.annotations).toEqual({title: 'vigil proposals review', readOnlyHint: false, destructiveHint: true, idempotentHint: false});
    const check = tools.find(tool => tool.name === 'healthchecks_run')!;
    expect(check.inputSchema.properties.check).toMatchObject({type: 'string', enum: expect.arrayContaining(['takedowns.cancelled-count', 'reviewing.backlog'])});
    // A repeatable flag's completions are suffixes, not values.
    const create = tools.find(tool => tool.name === 'reports_create')!;
    expect(create.inputSchema.properties.asset).toMatchObject({type: 'array', items: {type: 'string'}});
    expect(JSON.stringify(create.inputSchema.properties.asset)).not.toContain('enum');
  });

  it('says in each tool whose result carries upstream text that the text is data, not instructions', () => {
    for (const name of ['healthchecks_run', 'healthchecks_list', 'reports_list', 'proposals_review']) {
      expect(tools.find(tool => tool.name === name)!.description).toContain(UPSTREAM_DATA);
    }
    expect(tools.find(tool => tool.name === 'config_get')!.description).not.toContain(UPSTREAM_DATA);
  });

  it('shows an agent only the examples it can follow', () => {
    const list = tools.find(tool => tool.name === 'reports_list')!;
    expect(list.description).toContain('vigil reports list --status TODO');
    // --all is no input of the tool, and a pipe is no agent's.
    expect(list.description).not.toContain('--all');
    expect(list.description).not.toContain('| cut');
  });

  it('are each listed in docs/mcp.md with their kind and inputs', () => {
    const page = readFileSync(path.join(ROOT, 'docs/mcp.md'), 'utf8');
    const rows = [...page.matchAll(/^\| `([a-z_-]+)` \| ([^|]+) \| ([^|]+) \|/gm)].map(([, name, kind, inputs]) => ({name, kind: kind!.trim(), inputs: inputs!.trim()}));
    const wanted = tools.map(tool => ({
      name: tool.name,
      kind: tool.write ? `write (${tool.annotations.destructiveHint ? '' : 'not '}destructive, ${tool.annotations.idempotentHint ? '' : 'not '}idempotent)` : 'read-only',
      inputs: tool.inputs.map(input => input.name).join(', ') || '(none)',
    }));
    const missing = wanted.filter(tool => !rows.some(row => row.name === tool.name)).map(tool => `| \`${tool.name}\` | ${tool.kind} | ${tool.inputs} |`);
    expect(missing, 'tools with no row in docs/mcp.md (these rows, and what each does)').toEqual([]);
    expect(rows, 'docs/mcp.md: each tool\'s kind and inputs, in the order of the definitions').toEqual(wanted);
  });

  const base = {path: ['things', 'list'], description: 'List things', examples: [], run: async () => {}};
  it('refuses an omit that names no option, and a schema it cannot offer', () => {
    expect(() => deriveTool(defineCommand({...base, mcp: {readOnly: true, omit: ['al']}, options: () => z.object({all: z.boolean().optional()})}))).toThrow(
      'vigil things list: mcp.omit names al, which is no option of the command',
    );
    expect(() => deriveTool(defineCommand({...base, mcp: {readOnly: true}, options: () => z.object({size: z.number().optional()})}))).toThrow(/vigil things list --size: no MCP input for a number schema/);
  });

  it('names tuple positionals by their argument name', () => {
    const tool = deriveTool(
      defineCommand({
        ...base,
        mcp: {readOnly: true},
        options: () => z.object({label: textOption('A label', 'text')}),
        args: () => z.tuple([z.string().optional().describe(argument({name: 'thing-id', description: 'The thing'})), z.string().optional().describe(argument({name: 'other'}))]),
      }),
    )!;
    expect(tool.inputs).toEqual([
      {name: 'label', kind: 'string', to: {option: 'label'}, cli: '--label'},
      {name: 'thingId', kind: 'string', to: {arg: 0}, cli: '<thing-id>'},
      {name: 'other', kind: 'string', to: {arg: 1}, cli: '<other>'},
    ]);
  });
});
