import * as z from 'zod';
import {listDetections} from '../../../api/wire/endpoints/detections.js';
import {organizationMetrics} from '../../../api/wire/endpoints/platform.js';
import {runHealthchecksReport, REPORT_FORMATS} from './report.js';
import {defineCommand} from '../../../cli/define.js';
import {debugOptions, orgOptions, textOption} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['healthchecks', 'report'],
  description: "Report per check the time spent ok, warn, fail, error and without data, the alerts and maintenance windows, from Prometheus; with the upstream's own figures where the key reads them",
  examples: [
    {command: 'vigil healthchecks report --org acme --prometheus-url http://prometheus:9090', explains: "acme's last 7 days, as markdown for the weekly review"},
    {command: 'vigil healthchecks report --all-orgs --since 30d --output csv', explains: 'Every org, 30 days, one CSV row per check'},
  ],
  options: () =>
    debugOptions.extend(orgOptions.shape).extend({
      allOrgs: z.boolean().optional().describe('Every org Prometheus has checks of'),
      since: textOption('How far back: 7d, 24h, 30d (default 7d, at most 90d)', 'duration'),
      output: textOption('markdown, json or csv (default markdown)', 'format'),
      json: z.boolean().optional().describe('Print JSON (same as --output json)'),
      prometheusUrl: textOption(`Prometheus that scrapes the workers (default: VIGIL_PROMETHEUS_URL, then ${'http://127.0.0.1:9090'})`, 'url'),
    }),
  completions: {output: REPORT_FORMATS},
  endpoints: [organizationMetrics, listDetections],
  // Reads a Prometheus the person names: not the API the MCP server is configured for.
  mcp: false,
  run: ({options}, ctx) => runHealthchecksReport(options, ctx),
});
