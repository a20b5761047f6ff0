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

/**
 * The loop the demo is for, step by step: the org whose review backlog fails, its alert, the
 * review browser that empties the queue, and the alert resolving.
 */
function loopLines({backlog, workerRunning, every, alertmanagerUrl}) {
  const {org, pending, warnAt, failAt} = backlog;
  const check = 'reviewing.backlog';
  const lines = [
    '',
    `The loop: ${org} fails ${check} (${pending} proposals await its review; fail at ${failAt}, warn at ${warnAt}). Empty the queue and watch its alert resolve:`,
    `  vigil healthchecks run --all --org ${org}    # every implemented check; ${check} fails (exit 6)`,
    ...(workerRunning ? [`  vigil healthchecks board    # every org and check, live: ${org}'s ${check} is red; v on it opens the queue, and it turns green within ${every} of emptying it`] : []),
  ];
  if (alertmanagerUrl) {
    const origin = new URL(alertmanagerUrl).origin;
    lines.push(`  amtool alert query --alertmanager.url=${origin} alertname=VigilCheckFailing org=${org}    # firing within about a minute (also ${alertmanagerUrl})`);
  }
  lines.push(`  vigil reports list --needs-customer-review --org ${org}    # the review browser: a, Enter, y approves the highlighted proposal; ${pending} times`);
  if (!workerRunning) {
    lines.push(`  vigil healthchecks run ${check} --org ${org}    # ok once the queue is empty (no worker runs: no alert here)`);
  } else {
    lines.push(
      `  vigil healthchecks run ${check} --org ${org}    # ok at once; the worker grades it ok within ${every}`,
      alertmanagerUrl
        ? `  then VigilCheckFailing for ${org} resolves in Alertmanager within about a minute (the resolved notification prints here)`
        : `  then vigil schedules list shows ${org}'s ${check} ok (install Prometheus and Alertmanager to see the alert resolve)`,
    );
  }
  return lines;
}

export async function tryLines({sandbox, workerRunning, every, backlog, alertmanagerUrl}) {
  const pending = await firstPending(sandbox);
  const lines = [
    'Then try:',
    '  vigil reports list --needs-customer-review               # the review queue (a browser on a terminal)',
    ...(pending ? [`  vigil proposals review ${pending.proposal} --asset-id ${pending.asset} --decision reject   # its first proposal (docs/review.md)`] : []),
    `  vigil reports list --needs-customer-review --json | ${PENDING_JQ}   # every pending proposal, as review's arguments`,
    '  vigil reports search https://acme-wallet-verify.example/ t.me/acmewalletsupport',
    '  vigil healthchecks list                                  # the registry: which checks the upstream implements',
    ...(workerRunning ? ['  vigil schedules list'] : []),
  ];
  if (backlog) lines.push(...loopLines({backlog, workerRunning, every, alertmanagerUrl}));
  return lines;
}

/**
 * A shell command as lines of at most `width` columns, broken between words with ` \`
 * (a shell joins them back): a terminal would wrap a long `export` line mid-word.
 */
export function shellLines(command, width = 78) {
  const lines = [];
  let line = '';
  for (const word of command.split(' ')) {
    if (line !== '' && line.length + 1 + word.length + 2 > width) {
      lines.push(`${line} \\`);
      line = `  ${word}`;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}
