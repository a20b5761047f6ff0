import * as z from 'zod';
import {ACTOR_KINDS, KNOWN_ASSET_TYPES, REPORT_STATUSES, REVIEW_DECISIONS} from '../../../api/enums.js';
import {runReportsList} from './list.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, interactiveOption, orgOptions, OUTPUT_FORMATS, outputOptions, triState, textOption} from '../../../cli/options.js';
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
      limit: textOption('Page size, 1-20', 'n'),
      cursor: textOption('Pagination cursor (printed as the next-page command)', 'cursor'),
      all: z.boolean().optional().describe('Follow the cursor to the last page, streaming rows (--json: one JSON object a line)'),
      status: textOption('TODO, IN_PROGRESS or CLOSED', 'status'),
      search: textOption('Search title and description', 'query'),
      reporterQuery: textOption('Search by reporter name (legacy)', 'query'),
      reportedByCustomer: triState('Only customer-submitted reports (--no-reported-by-customer: only others)'),
      needsCustomerReview: triState("Only reports awaiting your organization's approval, with their proposal and asset ids (--no-needs-customer-review: the others)"),
      reporterKind: textOption('human or automation', 'kind'),
      reviewerKind: textOption('human or automation', 'kind'),
      excludeAutomation: z.boolean().optional().describe('Deprecated: use --reporter-kind human'),
      onlyRejected: z.boolean().optional().describe('Only reports whose latest review decision was REJECT'),
      reviewStatus: textOption('Comma list of APPROVE, REJECT, SKIP, ESCALATE', 'list'),
      assetType: textOption('Comma list of asset types (TWITTER, TELEGRAM, URL, ...)', 'list'),
      brand: textOption('Comma list of brand IDs', 'ids'),
      countryCode: textOption('Comma list of 2-letter ISO country codes', 'list'),
      reviewedByUserId: textOption('Only reports reviewed by this user ID', 'n'),
      from: textOption('Created at or after (ISO 8601; a bare date is its start, UTC)', 'iso'),
      to: textOption('Created at or before (ISO 8601; a bare date is its end, UTC)', 'iso'),
      updatedFrom: textOption('Updated at or after (ISO 8601)', 'iso'),
      updatedTo: textOption('Updated at or before (ISO 8601)', 'iso'),
      interactive: interactiveOption('Print the list and exit instead of browsing it with the keyboard'),
    }),
  completions: {
    status: REPORT_STATUSES,
    output: OUTPUT_FORMATS,
    reporterKind: ACTOR_KINDS,
    reviewerKind: ACTOR_KINDS,
    reviewStatus: REVIEW_DECISIONS,
    assetType: KNOWN_ASSET_TYPES,
  },
  // Tool results are bounded: one page, then `cursor`.
  mcp: {readOnly: true, omit: ['all']},
  run: ({options}, ctx) => runReportsList(options, ctx),
  interactive: {
    // A person at a terminal browses; scripts, pipes, --json/--output and --all get static output.
    when: ({options}, io) => options.all !== true && wantsInteractive(options, io),
    load: () => import('../../../ui/screens/reports-list.js').then(m => m.ReportsListScreen),
  },
});
