// The demo's "Then try:" lines: commands that work as printed, with the ids they need taken
// from the sandbox now (not placeholders), and what to run to see a change.

/** jq that prints each proposal awaiting the customer as the arguments `proposals review` takes. */
export const PENDING_JQ = `jq -r '.reports[].proposals[] | select(.reviewStatus == "PENDING_CUSTOMER_REVIEW") | "\\(.id) --asset-id \\(.asset.id)"'`;

/** The first proposal of `org` awaiting the customer's review, or undefined. */
async function firstPending({url, apiKey, org}) {
  const response = await fetch(`${url}/organization/reports?slug=${encodeURIComponent(org)}&needsCustomerReview=true&limit=20`, {headers: {'x-api-key': apiKey}}).catch(() => undefined);
  if (!response?.ok) return undefined;
  const body = await response.json();
  for (const report of body.reports ?? []) {
    const proposal = report.proposals?.find(item => item.reviewStatus === 'PENDING_CUSTOMER_REVIEW');
    if (proposal) return {proposal: proposal.id, asset: proposal.asset.id};
  }
  return undefined;
}

export async function tryLines({sandbox, origin, workerRunning, push}) {
  const pending = await firstPending(sandbox);
  const lines = [
    'Then try:',
    '  vigil reports list --needs-customer-review               # the review queue (a browser on a terminal)',
    ...(pending
      ? [`  vigil proposals review ${pending.proposal} --asset-id ${pending.asset} --decision reject   # its first proposal; 10 reviews a day (docs/review.md)`]
      : []),
    `  vigil reports list --needs-customer-review --json | ${PENDING_JQ}   # every pending proposal, as review's arguments`,
    '  vigil reports search https://acme-wallet-verify.example/ t.me/acmewalletsupport',
    '  vigil healthchecks run takedowns.cancelled-count --org initech',
    ...(workerRunning ? ['  vigil schedules list'] : []),
  ];
  if (push) {
    const more = Math.max(push.more, 1);
    const when = workerRunning
      ? `the worker grades it on its next run, within ${push.every}; then vigil schedules list`
      : `no worker is running: see it with  vigil healthchecks run takedowns.cancelled-count --org ${push.org}`;
    lines.push(
      '',
      `Push ${push.org} from warn to fail with ${more} more cancellation${more === 1 ? '' : 's'} (${when}):`,
      `  curl -s -X POST -H "x-api-key: $VIGIL_API_KEY" -H 'content-type: application/json' -d '{"count":${more}}' ${origin}/_sandbox/orgs/${push.org}/takedowns/cancellations`,
    );
  }
  return lines;
}
