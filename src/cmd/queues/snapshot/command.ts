import {queuesSnapshot} from '../../../api/wire/endpoints/platform.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {runQueuesSnapshot} from './snapshot.js';

export const definition = defineCommand({
  path: ['queues', 'snapshot'],
  description: "Pending review and takedown queues with SLA and age buckets (POST /operations/queues/snapshot; no documented response schema: --json prints it as sent)",
  examples: [
    {command: 'vigil queues snapshot', explains: 'Every field the upstream sends, one a line'},
    {command: 'vigil queues snapshot --json', explains: 'The answer exactly as the upstream sent it'},
    {command: 'vigil queues snapshot --output markdown', explains: 'The fields as a markdown table for a ticket'},
  ],
  options: () => connectionOptions.extend(outputOptions.shape),
  completions: {output: OUTPUT_FORMATS},
  endpoints: [queuesSnapshot],
  mcp: {readOnly: true},
  run: ({options}, ctx) => runQueuesSnapshot(options, ctx),
});
