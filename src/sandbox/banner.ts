import type {Severity} from '../api/enums.js';
import {sanitizeText} from '../output/sanitize.js';

export interface BannerOrg {
  slug: string;
  name: string;
  reports: number;
  severity: Severity;
  cancelledCount: number;
}

export interface BannerInfo {
  version: string;
  url: string;
  origin: string;
  seedLabel: string;
  allOrgsKey: string;
  scopedKey: string;
  scopedOrg: string;
  /** Reviews per org per rolling 24 hours. */
  reviewLimit: number;
  lookbackHours: number;
  orgs: BannerOrg[];
  /** --quiet: no request is logged, so the banner does not promise a log. */
  quiet?: boolean;
}

// Org names may come from a --seed-file: the one sanitiser keeps control sequences out.
const clean = (text: string) => sanitizeText(text);

/** The start-up block on stdout: where to point vigil, with which keys, and the env line to paste. */
export function formatBanner(info: BannerInfo): string {
  const totalReports = info.orgs.reduce((sum, org) => sum + org.reports, 0);
  const slugWidth = Math.max(...info.orgs.map(o => clean(o.slug).length), 4);
  const nameWidth = Math.max(...info.orgs.map(o => clean(o.name).length), 4);
  const lines = [
    `vigil sandbox ${info.version}: External API v2 on ${info.url}`,
    `  data        ${info.seedLabel}: ${info.orgs.length} orgs, ${totalReports} reports`,
    `  OpenAPI     ${info.url}/openapi.json`,
    `  all-orgs key  ${info.allOrgsKey}   (every org, and the ${info.origin}/_sandbox admin routes)`,
    `  scoped key    ${info.scopedKey}   (org "${clean(info.scopedOrg)}" only: 403 elsewhere)`,
    `  reviews     ${info.reviewLimit} per org per rolling 24 h (--review-limit; reset: DELETE ${info.origin}/_sandbox/orgs/<slug>/review-limit)`,
    '',
    `  orgs (takedowns.cancelled-count over ${info.lookbackHours}h, default thresholds):`,
    ...info.orgs.map(org => {
      const reports = `${org.reports} report${org.reports === 1 ? '' : 's'}`.padStart(11);
      return `    ${clean(org.slug).padEnd(slugWidth)}  ${clean(org.name).padEnd(nameWidth)}  ${reports}   ${org.severity.padEnd(4)} (${org.cancelledCount} cancelled)`;
    }),
    '',
    'Paste into your shell:',
    `export VIGIL_BASE_URL=${info.url} VIGIL_API_KEY=${info.allOrgsKey} VIGIL_ORG=${clean(info.scopedOrg)}`,
    '',
    info.quiet === true ? 'Ctrl+C stops the sandbox.' : 'Requests are logged to stderr. Ctrl+C stops the sandbox.',
    '',
  ];
  return lines.join('\n');
}
