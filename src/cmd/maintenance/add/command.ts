import {runMaintenanceAdd} from './add.js';
import {defineCommand} from '../../../cli/define.js';
import {debugOptions, orgOptions, textOption} from '../../../cli/options.js';
import * as z from 'zod';
import {checksFileOption, maintenanceRedisOptions} from '../shared/windows.js';

export const definition = defineCommand({
  path: ['maintenance', 'add'],
  description: 'Hold the alerts of an org (or one check of it) for a while; runs go on and are graded',
  examples: [
    {command: 'vigil maintenance add --org acme --for 2h --reason "upstream migration"', explains: 'Hold every alert of acme for two hours from now'},
    {command: 'vigil maintenance add --org acme --check reviewing.backlog --from 2026-12-05T22:00:00Z --to 2026-12-06T02:00:00Z', explains: 'One check, at a set time'},
  ],
  options: () =>
    debugOptions.extend(orgOptions.shape).extend({
      check: textOption('Only this check of the org (default: every check of it)', 'check'),
      for: textOption('How long, from --from: 30m, 2h, 1h30m (or give --to)', 'duration'),
      from: textOption('When it starts, ISO-8601 with a zone (default: now)', 'time'),
      to: textOption('When it ends, ISO-8601 with a zone (instead of --for)', 'time'),
      reason: textOption('Why, shown by `maintenance list`, the board and the report', 'text'),
      ...checksFileOption,
      ...maintenanceRedisOptions,
      json: z.boolean().optional().describe('Print the window as JSON'),
    }),
  mcp: false,
  run: ({options}, ctx) => runMaintenanceAdd(options, ctx),
});
