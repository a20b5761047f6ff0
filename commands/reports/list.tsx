import {z} from 'zod';
import {option} from 'pastel';
import {connectionOptions, orgOptions, outputOptions, triState} from '../../src/cli/options.js';
import {RunCommand} from '../../src/ui/run-command.js';
import {runReportsList} from '../../src/cmd/reports/list.js';
import {processIO} from '../../src/cli/io.js';
import {wantsInteractive} from '../../src/ui/hooks/use-interactive-command.js';
import {lazy, Suspense} from 'react';

// Loaded only when a person browses: scripted runs skip the browser's modules at start-up.
const ReportsBrowser = lazy(() => import('../../src/ui/browser/reports-browser.js').then(m => ({default: m.ReportsBrowser})));

export const description = 'List recent reports, with the filters of the Reports view';

const text = (description: string, valueDescription: string) => z.string().optional().describe(option({description, valueDescription}));

export const options = connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
  limit: text('Page size, 1-20', 'n'),
  cursor: text('Pagination cursor (printed as the next-page command)', 'cursor'),
  all: z.boolean().optional().describe('Follow the cursor to the last page, streaming rows (--json: one JSON object a line)'),
  status: text('TODO, IN_PROGRESS or CLOSED', 'status'),
  search: text('Search title and description', 'query'),
  reporterQuery: text('Search by reporter name (legacy)', 'query'),
  reportedByCustomer: triState('Only customer-submitted reports (--no-reported-by-customer: only others)'),
  needsCustomerReview: triState('Only reports awaiting your organization\'s approval, with their proposal and asset ids (--no-needs-customer-review: the others)'),
  reporterKind: text('human or automation', 'kind'),
  reviewerKind: text('human or automation', 'kind'),
  excludeAutomation: z.boolean().optional().describe('Deprecated: use --reporter-kind human'),
  onlyRejected: z.boolean().optional().describe('Only reports whose latest review decision was REJECT'),
  reviewStatus: text('Comma list of APPROVE, REJECT, SKIP, ESCALATE', 'list'),
  assetType: text('Comma list of asset types (TWITTER, TELEGRAM, URL, ...)', 'list'),
  brand: text('Comma list of brand IDs', 'ids'),
  countryCode: text('Comma list of 2-letter ISO country codes', 'list'),
  reviewedByUserId: text('Only reports reviewed by this user ID', 'n'),
  from: text('Created at or after (ISO 8601; a bare date is its start, UTC)', 'iso'),
  to: text('Created at or before (ISO 8601; a bare date is its end, UTC)', 'iso'),
  updatedFrom: text('Updated at or after (ISO 8601)', 'iso'),
  updatedTo: text('Updated at or before (ISO 8601)', 'iso'),
  interactive: z.boolean().default(true).describe('Browse with the keyboard on a terminal (--no-interactive: print and exit)'),
});
type Options = z.infer<typeof options>;

export default function ReportsList({options: flags}: {options: Options}) {
  // A person at a terminal browses; scripts, pipes, --json/--output and --all get static output.
  if (flags.all !== true && wantsInteractive(flags, processIO())) {
    return (
      <Suspense fallback={null}>
        <ReportsBrowser flags={flags} />
      </Suspense>
    );
  }
  return <RunCommand flags={flags} run={ctx => runReportsList(flags, ctx)} />;
}
