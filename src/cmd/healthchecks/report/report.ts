import type {CommandContext} from '../../../cli/context.js';
import {checkValue, oneOf} from '../../../cli/flag-values.js';
import {Problems, isHttpUrl} from '../../../cli/problems.js';
import {readFlagDuration} from '../../../checks/duration.js';
import {ORG_SLUG, ORG_SLUG_RULE} from '../../../config/validate.js';
import {printJson} from '../../../output/print.js';
import {buildReport} from '../../../report/build.js';
import {reportCsv, reportMarkdown} from '../../../report/format.js';
import {readUpstreamFigures} from '../../../report/upstream.js';

export interface HealthchecksReportFlags {
  debug?: boolean;
  org?: string;
  allOrgs?: boolean;
  since?: string;
  output?: string;
  json?: boolean;
  prometheusUrl?: string;
}

export const REPORT_FORMATS = ['markdown', 'json', 'csv'] as const;
export const DEFAULT_PROMETHEUS_URL = 'http://127.0.0.1:9090';
const MAX_SINCE_MS = 90 * 86_400_000;

/** `vigil healthchecks report`: per check, the time spent ok, warn, fail, error and unknown (gap), read from Prometheus; then the upstream's own figures where the key reads them. */
export async function runHealthchecksReport(flags: HealthchecksReportFlags, ctx: CommandContext): Promise<number> {
  const problems = new Problems();
  const format = flags.json ? 'json' : (checkValue(oneOf(REPORT_FORMATS), flags.output ?? 'markdown', '--output', problems) ?? 'markdown');
  let orgs: string[] | 'all' = 'all';
  if (flags.allOrgs && flags.org !== undefined) problems.add('--all-orgs', 'give --org or --all-orgs, not both');
  else if (!flags.allOrgs) {
    const org = flags.org ?? ctx.io.env.VIGIL_ORG ?? ctx.settings.org?.value;
    if (org === undefined) problems.add('--org', 'is required (or --all-orgs)');
    else if (!ORG_SLUG.test(org)) problems.add('--org', ORG_SLUG_RULE);
    else orgs = [org];
  }
  let sinceMs = 7 * 86_400_000;
  if (flags.since !== undefined) {
    const read = readFlagDuration(flags.since, '--since');
    if (!('ms' in read)) problems.add(read.field, read.message);
    else if (read.ms < 60_000 || read.ms > MAX_SINCE_MS) problems.add('--since', 'must be between 1m and 90d');
    else sinceMs = read.ms;
  }
  const prometheusUrl = flags.prometheusUrl ?? ctx.io.env.VIGIL_PROMETHEUS_URL ?? DEFAULT_PROMETHEUS_URL;
  if (!isHttpUrl(prometheusUrl)) problems.add(flags.prometheusUrl === undefined ? 'VIGIL_PROMETHEUS_URL' : '--prometheus-url', 'must be an http(s) URL, like http://prometheus:9090');
  problems.throwIfAny();
  const to = Math.floor(ctx.now().getTime() / 1000);
  const from = to - Math.round(sinceMs / 1000);
  const built = await buildReport({prometheusUrl, orgs, from, to, signal: ctx.signal});
  const reported = orgs === 'all' ? [...new Set(built.checks.map(item => item.org))].sort() : orgs;
  const report = {...built, upstream: await readUpstreamFigures(ctx, reported, from, to)};
  if (format === 'json') printJson(ctx.io, report);
  else ctx.io.stdout.write(format === 'csv' ? reportCsv(report) : reportMarkdown(report));
  return 0;
}
