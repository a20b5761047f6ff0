import * as z from 'zod';
import {defineCommand} from '../../../../cli/define.js';
import {connectionOptions, orgOptions, OUTPUT_FORMATS, outputOptions} from '../../../../cli/options.js';
import {runDetectionConfigsList} from './list.js';

export const definition = defineCommand({
  path: ['detections', 'configs', 'list'],
  description: "List the organization's detection configs by source (POST /detection/configs/list; the docs give no response schema: --json prints the answer as sent)",
  examples: [
    {command: 'vigil detections configs list --org globex', explains: 'Every config of the org: source, id, title, status, schedule'},
    {command: 'vigil detections configs list --org globex --json', explains: 'The answer exactly as the upstream sent it (secrets masked)'},
    {command: 'vigil detections configs list --org globex --output csv > configs.csv', explains: 'The rows vigil could read, as CSV with a header row'},
  ],
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
      all: z.boolean().optional().describe('Stream every config (--json: one a line); the endpoint does not page, so it is one request'),
    }),
  completions: {output: OUTPUT_FORMATS},
  mcp: {readOnly: true, omit: ['all']},
  run: ({options}, ctx) => runDetectionConfigsList(options, ctx),
});
