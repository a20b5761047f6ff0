import {listDetectionSources} from '../../../api/wire/endpoints/detections.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {runDetectionSources} from './sources.js';

export const definition = defineCommand({
  path: ['detections', 'sources'],
  description: 'List the detection sources and what each monitors (GET /detection/sources; --json: the body as sent, its fields are undocumented)',
  endpoints: [listDetectionSources],
  examples: [
    {command: 'vigil detections sources', explains: 'Each source: key, pull or push, scopes, asset types'},
    {command: 'vigil detections sources --json', explains: "The upstream's answer unchanged (secrets masked), config schemas included"},
  ],
  options: () => connectionOptions.extend(outputOptions.shape),
  completions: {output: OUTPUT_FORMATS},
  mcp: {readOnly: true},
  run: ({options}, ctx) => runDetectionSources(options, ctx),
});
