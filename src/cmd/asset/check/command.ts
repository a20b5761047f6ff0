import * as z from 'zod';
import {checkAsset} from '../../../api/wire/endpoints/assets.js';
import {defineCommand} from '../../../cli/define.js';
import {argument, connectionOptions, listOption, OUTPUT_FORMATS, outputOptions, textOption} from '../../../cli/options.js';
import {runAssetCheck} from './check.js';
import {FAIL_ON_RESULTS} from './options.js';

export const definition = defineCommand({
  path: ['asset', 'check'],
  description: 'Tell whether assets are blocked, allowed or unknown (POST /asset/check, 10 at a time)',
  endpoints: [checkAsset],
  examples: [
    {command: 'vigil asset check evil.example https://t.me/fakesupport', explains: 'Is this already blocked? One row an asset'},
    {command: 'vigil asset check - < domains.txt --output csv > checked.csv', explains: 'One asset a line from stdin, results in input order'},
    {command: 'vigil asset check - --fail-on blocked --rate 5 < urls.txt', explains: 'Exit 6 when any is blocked, at most 5 requests a second'},
  ],
  args: () => z.array(z.string()).optional().describe(argument({name: 'content', description: 'Asset content (URL, domain, handle, address); - reads one a line from stdin'})),
  options: () =>
    connectionOptions.extend(outputOptions.shape).extend({
      asset: listOption('Asset content, repeatable (alternative to positional arguments)', 'content'),
      failOn: textOption('blocked: exit 6 when an asset is BLOCKED', 'result'),
      rate: textOption('At most this many requests a second, 1-1000 (default: no cap; the upstream documents 10)', 'n'),
    }),
  completions: {output: OUTPUT_FORMATS, failOn: FAIL_ON_RESULTS},
  mcp: {readOnly: true},
  run: ({options, args}, ctx) => runAssetCheck({...options, contents: args ?? []}, ctx),
});
