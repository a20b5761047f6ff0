import {runHealthchecksList} from './list.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, orgOptions, OUTPUT_FORMATS, outputOptions, textOption} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['healthchecks', 'list'],
  description: 'List the healthchecks the upstream offers, and which are implemented (the registry)',
  examples: [
    {command: 'vigil healthchecks list --org acme', explains: 'Every check, implemented or planned, with the reason when not'},
    {command: "vigil healthchecks list --json | jq -r '.checks[] | select(.implemented) | .id'", explains: 'The ids `healthchecks run` can call'},
  ],
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
      maxChecks: textOption('The cap to say what is left out by: `run --all` and a `discover:` worker run this many at most (default 100)', 'n'),
    }),
  completions: {output: OUTPUT_FORMATS},
  mcp: {readOnly: true},
  run: ({options}, ctx) => runHealthchecksList(options, ctx),
});
