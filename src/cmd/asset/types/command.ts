import {defineCommand} from '../../../cli/define.js';
import {OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {runAssetTypes} from './types.js';

export const definition = defineCommand({
  path: ['asset', 'types'],
  description: 'List the asset types vigil knows (offline: no key, no request)',
  examples: [
    {command: 'vigil asset types', explains: 'Every type, its group and any note'},
    {command: 'vigil asset types --output csv', explains: 'The same, as CSV'},
  ],
  options: () => outputOptions,
  completions: {output: OUTPUT_FORMATS},
  mcp: {readOnly: true},
  run: ({options}, ctx) => runAssetTypes(options, ctx),
});
