import * as z from 'zod';
import {runReportsList} from './list.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, interactiveOption, orgOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {FILTER_COMPLETIONS, filterOptions} from '../shared/filters.js';
import {wantsInteractive} from '../../../cli/interactive.js';

export const definition = defineCommand({
  path: ['reports', 'list'],
  description: 'List recent reports, with the filters of the Reports view',
  examples: [
    {command: 'vigil reports list --status TODO', explains: 'Browse the reports still to do (a table when piped or with --no-interactive)'},
    {command: 'vigil reports list --needs-customer-review --json', explains: 'Reports awaiting your approval, with their proposal and asset ids'},
    {command: 'vigil reports list --all --from 2026-01-01 --json > reports.ndjson', explains: 'Every report created since a date, one JSON object a line'},
    {command: 'vigil reports list --asset-type URL,PAGE --output tsv | cut -f1', explains: 'Only ids, for a script'},
  ],
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
      ...filterOptions('limit', 'cursor'),
      all: z.boolean().optional().describe('Follow the cursor to the last page, streaming rows (--json: one JSON object a line)'),
      ...filterOptions('status', 'search', 'reporterQuery', 'reportedByCustomer', 'needsCustomerReview', 'reporterKind', 'reviewerKind'),
      excludeAutomation: z.boolean().optional().describe('Deprecated: use --reporter-kind human'),
      ...filterOptions('onlyRejected', 'reviewStatus', 'assetType', 'brandIds', 'countryCodes', 'reviewedByUserId', 'from', 'to', 'updatedFrom', 'updatedTo'),
      interactive: interactiveOption('Print the list and exit instead of browsing it with the keyboard'),
    }),
  completions: {...FILTER_COMPLETIONS, output: OUTPUT_FORMATS},
  // Tool results are bounded: one page, then `cursor`.
  mcp: {readOnly: true, omit: ['all']},
  run: ({options}, ctx) => runReportsList(options, ctx),
  interactive: {
    // A person at a terminal browses; scripts, pipes, --json/--output and --all get static output.
    when: ({options}, io) => options.all !== true && wantsInteractive(options, io),
    load: () => import('../../../ui/screens/reports-list.js').then(m => m.ReportsListScreen),
  },
});
