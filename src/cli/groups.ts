/** The command groups (folders of commands/): their one-line descriptions. */
export const GROUPS: Readonly<Record<string, string>> = {
  asset: 'Check assets against the blocklist and list the asset types (also spelled assets)',
  auth: 'Log in, check and remove the stored API key',
  config: 'Show and change the saved base URL and org (keys: base-url, org)',
  healthchecks: 'List the upstream healthchecks, run one or all of them once, watch the board the workers grade, or report a week of grades',
  maintenance: 'Add, list and end maintenance windows: alerts held, runs still graded',
  proposals: 'Act on the needs-customer-review queue: approve, reject or watchlist a proposal',
  reports: 'Create, list and search reports',
  schedules: 'Inspect or clear the job schedulers the workers run',
  takedowns: 'List the takedowns of an organization',
};

/** `vigil` itself, at the top of its help. */
export const PROGRAM_DESCRIPTION = 'Ops toolkit for the threat-reporting platform External API v2';
