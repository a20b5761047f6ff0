import * as z from 'zod';
import {REJECT_REASONS, WATCHLIST_REASONS} from '../../../api/wire/index.js';
import {runProposalsReview} from './review.js';
import {defineCommand} from '../../../cli/define.js';
import {argument, connectionOptions, option, orgOptions, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';

const text = (description: string, valueDescription: string) => z.string().optional().describe(option({description, valueDescription}));

export const definition = defineCommand({
  path: ['proposals', 'review'],
  description: 'Approve, reject or watchlist one proposal of the needs-customer-review queue (sent once, never retried)',
  examples: [
    {command: 'vigil proposals review 41 --asset-id 7 --decision reject --reject-reason irrelevant', explains: 'Reject proposal 41, whose asset id is 7, as irrelevant'},
    {command: 'vigil proposals review 41 --asset-id 7 --decision approve --label phishing --brand-id 3', explains: 'Approve it with a label and a brand'},
    {command: 'vigil proposals review 41 --asset-id 7 --decision watchlist --watchlist-reason PARKING --dry-run', explains: 'Print the JSON body that would be sent, and send nothing'},
    {command: 'vigil proposals review 41 --asset-id 7 --decision approve --json', explains: "Approve and print the proposal's new state as JSON (the queue's ids: vigil reports list --needs-customer-review)"},
  ],
  // Positionals as a list so a missing or extra id is our error (stderr, exit 3), not Commander's.
  args: () => z.array(z.string()).optional().describe(argument({name: 'proposal-id', description: 'The proposal id (proposals[].id of the needs-customer-review listing)'})),
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
      assetId: text("The proposal's asset id (proposals[].asset.id); required", 'id'),
      decision: text('approve, reject or watchlist; required', 'decision'),
      rejectReason: text(`With reject: ${REJECT_REASONS.join(', ')}`, 'reason'),
      watchlistReason: text(`With watchlist: ${WATCHLIST_REASONS.join(', ')}`, 'reason'),
      label: text('With approve: a label for the asset', 'text'),
      brandId: text('Brand id (a positive whole number)', 'id'),
      note: text('A note kept with the review', 'text'),
      dryRun: z.boolean().optional().describe('Print the JSON body that would be sent, and send nothing'),
    }),
  completions: {
    output: OUTPUT_FORMATS,
    decision: ['approve', 'reject', 'watchlist'],
    rejectReason: REJECT_REASONS,
    watchlistReason: WATCHLIST_REASONS,
  },
  // A review is final (a second one is refused, 409) and counts against the daily limit.
  mcp: {readOnly: false, destructive: true, idempotent: false},
  run: ({options, args}, ctx) => runProposalsReview({...options, proposalIds: args ?? []}, ctx),
});
