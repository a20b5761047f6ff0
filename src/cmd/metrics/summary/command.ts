import {metricsSummary} from '../../../api/wire/endpoints/platform.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {runMetricsSummary} from './summary.js';

export const definition = defineCommand({
  path: ['metrics', 'summary'],
  description: "Customer-facing metrics of the key's organization (POST /metrics/summary; no documented response schema: --json prints it as sent)",
  examples: [
    {command: 'vigil metrics summary', explains: 'Every field the upstream sends, one a line'},
    {command: 'vigil metrics summary --json', explains: 'The answer exactly as the upstream sent it'},
    {command: 'vigil metrics summary --output csv > summary.csv', explains: 'The fields as CSV with a header row'},
  ],
  options: () => connectionOptions.extend(outputOptions.shape),
  completions: {output: OUTPUT_FORMATS},
  endpoints: [metricsSummary],
  mcp: {readOnly: true},
  run: ({options}, ctx) => runMetricsSummary(options, ctx),
});
