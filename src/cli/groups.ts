/** The command groups (folders of commands/): their one-line descriptions. */
export const GROUPS: Readonly<Record<string, string>> = {
  asset: 'Check, search and list assets, and list the asset types (also spelled assets)',
  auth: 'Log in, check and remove the stored API key',
  brands: 'List the brands of the organization the API key belongs to',
  config: 'Show and change the saved base URL and org (keys: base-url, org)',
  detections: 'List the threat detections of an organization, the detection sources and the detection configs',
  'detections configs': 'List the detection configs of an organization, grouped by source upstream',
  healthchecks: 'List the upstream healthchecks, run one or all of them once, watch the board the workers grade, or report a week of grades',
  maintenance: 'Add, list and end maintenance windows: alerts held, runs still graded',
  metrics: 'Read the metrics of the organization the API key belongs to: organization counts, the summary, the found count',
  orgs: 'List or get the organizations the key reaches, their assets and asset groups',
  'orgs assets': 'List the own assets (the allowlist) of the organization the API key belongs to',
  'orgs asset-groups': 'List the asset groups of the organization the API key belongs to',
  proposals: 'Act on the needs-customer-review queue: approve, reject or watchlist a proposal',
  queues: 'Take a snapshot of the pending review and takedown queues',
  reports: 'Create, list and search reports',
  schedules: 'Inspect or clear the job schedulers the workers run',
  takedowns: 'List the takedowns of an organization',
  threats: 'List the blocked threats of the organization',
};

/** `vigil` itself, at the top of its help. */
export const PROGRAM_DESCRIPTION = 'Ops toolkit for the threat-reporting platform External API v2';
