import * as z from 'zod';
import {runMcp} from './mcp.js';
import {defineCommand} from '../../cli/define.js';
import {connectionOptions, orgOptions} from '../../cli/options.js';

export const definition = defineCommand({
  path: ['mcp'],
  description: "Serve vigil's commands as MCP tools over stdio, for AI agents (read-only unless --allow-writes)",
  examples: [
    {command: 'vigil mcp --print-config', explains: 'The JSON an MCP client (Claude, Cursor, VS Code) takes to start this server'},
    {command: 'vigil mcp --org acme', explains: 'Serve the read-only tools, acme being the org when a call names none'},
    {command: 'vigil mcp --allow-writes', explains: 'Also offer reports_create and proposals_review'},
  ],
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend({
      allowWrites: z.boolean().optional().describe('Also offer the tools that change data (reports_create, proposals_review)'),
      printConfig: z.boolean().optional().describe('Print the JSON snippet MCP clients take to start this server, and exit'),
    }),
  // Runs until the client goes away; it is what serves the tools.
  mcp: false,
  run: ({options}, ctx) => runMcp(options, ctx),
});
