import type {ContextFlags} from '../../cli/context.js';
import {fetchReportsPage, validateListFlags, type ListFlags} from '../../cmd/reports/list/list.js';
import {useInteractiveCommand} from '../hooks/use-interactive-command.js';
import type {LoadPage} from './browser-effects.js';
import {Browser} from './browser.js';
import type {ReviewProposal} from './review-state.js';

/**
 * `vigil reports list` on a terminal: the same flag validation as the static path (bad
 * flags exit 3 before the screen opens), then the browser over the reports helper's page
 * fetcher and the API client's review operation. Each fetch is cancelled both by Ctrl+C (ctx.signal) and by the browser moving on.
 */
export function ReportsBrowser({flags}: {flags: ListFlags & ContextFlags}) {
  const session = useInteractiveCommand(flags, async ctx => {
    const {filters, warnings} = validateListFlags(flags, ctx);
    for (const warning of warnings) ctx.io.stderr.write(`warning: ${warning}\n`);
    const client = ctx.client();
    const loadPage: LoadPage = (pageFilters, _cursor, signal) =>
      fetchReportsPage(pageFilters, {...ctx, signal: AbortSignal.any([signal, ctx.signal])}, client);
    // Only Ctrl+C cancels a review: leaving a page must not abandon one half sent.
    const review: ReviewProposal = (proposalId, body) => client.reviewProposal(proposalId, body, {signal: ctx.signal});
    return {filters, loadPage, review};
  });
  if (!session) return null;
  return <Browser filters={session.value.filters} loadPage={session.value.loadPage} review={session.value.review} end={session.end} />;
}
