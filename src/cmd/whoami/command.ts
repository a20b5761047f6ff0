import {userMe} from '../../api/wire/endpoints/platform.js';
import {defineCommand} from '../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions} from '../../cli/options.js';
import {runWhoami} from './whoami.js';

export const definition = defineCommand({
  path: ['whoami'],
  description: "Who the API key belongs to (POST /user/me; no documented response schema: --json prints it as sent)",
  examples: [
    {command: 'vigil whoami', explains: 'Every field the upstream sends, one a line'},
    {command: 'vigil whoami --json', explains: 'The answer exactly as the upstream sent it'},
  ],
  options: () => connectionOptions.extend(outputOptions.shape),
  completions: {output: OUTPUT_FORMATS},
  endpoints: [userMe],
  mcp: {readOnly: true},
  run: ({options}, ctx) => runWhoami(options, ctx),
});
