import {organizationMetrics} from '../../../api/wire/endpoints/platform.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, OUTPUT_FORMATS, outputOptions, textOption} from '../../../cli/options.js';
import {runMetricsOrganization} from './organization.js';

export const definition = defineCommand({
  path: ['metrics', 'organization'],
  description: "Report, threat and takedown counts of the key's organization, by type and by day (GET /organization/metrics)",
  examples: [
    {command: 'vigil metrics organization', explains: 'Since the beginning of time, the upstream default'},
    {command: 'vigil metrics organization --from 2026-11-01 --to 2026-11-30', explains: 'One month, both days included'},
    {command: 'vigil metrics organization --brand-slug acme-wallet --json', explains: 'One brand (the upstream needs its brands-metrics flag), as JSON'},
  ],
  options: () =>
    connectionOptions.extend(outputOptions.shape).extend({
      brandSlug: textOption('Only this brand (needs the upstream brands-metrics feature)', 'slug'),
      from: textOption('From this date (ISO 8601, inclusive; default: the beginning of time)', 'iso'),
      to: textOption('To this date (ISO 8601, inclusive; a bare date is its whole day, UTC; default: now)', 'iso'),
    }),
  completions: {output: OUTPUT_FORMATS},
  endpoints: [organizationMetrics],
  mcp: {readOnly: true},
  run: ({options}, ctx) => runMetricsOrganization(options, ctx),
});
