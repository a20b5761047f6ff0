import * as z from 'zod';
import {searchAsset} from '../../../api/wire/endpoints/asset-search.js';
import {defineCommand} from '../../../cli/define.js';
import {argument, connectionOptions, listOption, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {runAssetSearch} from './search.js';

export const definition = defineCommand({
  path: ['asset', 'search'],
  description: 'Search assets by content or id: status, reports, takedown and who consumed the block (POST /asset/search)',
  endpoints: [searchAsset],
  examples: [
    {command: 'vigil asset search acme-wallet-verify.example', explains: 'Is it blocked, by whom, and which reports name it?'},
    {command: 'vigil asset search --id 7012 --id 7013', explains: 'By asset id, one row each'},
    {command: 'vigil asset search https://t.me/fakesupport --json', explains: 'The whole answer, as JSON'},
  ],
  args: () => z.array(z.string()).optional().describe(argument({name: 'content', description: 'Asset content (URL, domain, handle, address)'})),
  options: () =>
    connectionOptions.extend(outputOptions.shape).extend({
      asset: listOption('Asset content, repeatable (alternative to positional arguments)', 'content'),
      id: listOption('Asset id, repeatable', 'id'),
    }),
  completions: {output: OUTPUT_FORMATS},
  mcp: {readOnly: true},
  run: ({options, args}, ctx) => runAssetSearch({...options, contents: args ?? []}, ctx),
});
