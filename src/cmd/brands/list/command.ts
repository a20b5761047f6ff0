import {organizationBrands} from '../../../api/wire/endpoints/platform.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {runBrandsList} from './list.js';

export const definition = defineCommand({
  path: ['brands', 'list'],
  description: "The brands of the key's organization (GET /organization/brands; its response schema is undocumented: --json prints it as sent)",
  examples: [
    {command: 'vigil brands list', explains: 'Each brand: id, name, type, website'},
    {command: "vigil brands list --json | jq '.brands[] | {id, name}'", explains: 'The ids other commands take as --brand'},
  ],
  options: () => connectionOptions.extend(outputOptions.shape),
  completions: {output: OUTPUT_FORMATS},
  endpoints: [organizationBrands],
  mcp: {readOnly: true},
  run: ({options}, ctx) => runBrandsList(options, ctx),
});
