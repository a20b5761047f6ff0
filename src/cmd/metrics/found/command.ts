import {metricsFound} from '../../../api/wire/endpoints/platform.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {runMetricsFound} from './found.js';

export const definition = defineCommand({
  path: ['metrics', 'found'],
  description: "The default found metric (new threats) of the key's organization (POST /metrics/found; no documented response schema: --json prints it as sent)",
  examples: [
    {command: 'vigil metrics found', explains: 'Every field the upstream sends, one a line'},
    {command: 'vigil metrics found --json', explains: 'The answer exactly as the upstream sent it'},
  ],
  options: () => connectionOptions.extend(outputOptions.shape),
  completions: {output: OUTPUT_FORMATS},
  endpoints: [metricsFound],
  mcp: {readOnly: true},
  run: ({options}, ctx) => runMetricsFound(options, ctx),
});
