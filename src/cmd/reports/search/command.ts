import * as z from 'zod';
import {runReportsSearch} from './search.js';
import {defineCommand} from '../../../cli/define.js';
import {argument, connectionOptions, option, orgOptions, OUTPUT_FORMATS, outputOptions, triState} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['reports', 'search'],
  description: 'Tell whether reports already exist for the given assets (one request)',
  examples: [
    {command: 'vigil reports search evil.example https://evil.example/login', explains: 'Were these assets reported already?'},
    {command: 'vigil reports search --asset @fake_brand --json', explains: 'The same, as JSON for a script'},
    {command: 'vigil reports search evil.example --no-reported-by-customer --limit 5', explains: 'Only the five newest reports filed by others'},
  ],
  args: () => z.array(z.string()).optional().describe(argument({name: 'content', description: 'Asset content (URL, domain, handle, address)'})),
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
      asset: z.array(z.string()).optional().describe(option({description: 'Asset content, repeatable (alternative to positional arguments)', valueDescription: 'content'})),
      reportedByCustomer: triState('Only customer-submitted reports (--no-reported-by-customer: only non-customer)'),
      limit: z.string().optional().describe(option({description: 'Maximum reports returned, newest first, 1-100 (default 50)', valueDescription: 'n'})),
    }),
  completions: {output: OUTPUT_FORMATS},
  mcp: {readOnly: true},
  run: ({options, args}, ctx) => runReportsSearch({...options, contents: args ?? []}, ctx),
});
