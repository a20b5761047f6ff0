import {organizationMetrics, type OrgMetricsFilters} from '../../../api/wire/endpoints/platform.js';
import * as z from 'zod';
import type {CommandContext} from '../../../cli/context.js';
import {checkFlags, dateOrder, isoDate, nonBlank} from '../../../cli/flag-values.js';
import {isObjectRow, readFormat, rowsAt, runPassthroughRead, scalarAt, valueAt, type Row, type View} from '../../../cli/passthrough.js';
import {Problems} from '../../../cli/problems.js';
import type {OutputFlags} from '../../../output/index.js';

export interface MetricsOrganizationFlags extends OutputFlags {
  brandSlug?: string;
  from?: string;
  to?: string;
}

const metricsFlags = z
  .object({brandSlug: nonBlank().optional(), from: isoDate().optional(), to: isoDate({endOfDay: true}).optional()})
  .superRefine(...dateOrder('from', 'to'));

/**
 * The documented answer, one row per count: each of `metrics.*`, then `blockedByType[]` by
 * type and `blockedByDay[]` by date. Read tolerantly: a count the upstream leaves out is not
 * a row, a row without its number shows it absent (docs/contract.md#organization-metrics).
 */
export const ORG_METRICS_VIEW: View = {
  rows: body => {
    const metrics = valueAt(body, 'metrics');
    const totals: Row[] = isObjectRow(metrics) ? Object.keys(metrics).map(name => ({group: 'metrics', name, value: scalarAt(metrics, name)})) : [];
    const byType = rowsAt(body, 'blockedByType').map(item => ({group: 'blockedByType', name: scalarAt(item, 'type'), value: scalarAt(item, 'count')}));
    const byDay = rowsAt(body, 'blockedByDay').map(item => ({group: 'blockedByDay', name: scalarAt(item, 'date'), value: scalarAt(item, 'count')}));
    return [...totals, ...byType, ...byDay];
  },
  columns: [
    {header: 'GROUP', value: row => scalarAt(row, 'group'), whole: true},
    {header: 'NAME', value: row => scalarAt(row, 'name'), maxWidth: 40},
    {header: 'VALUE', value: row => scalarAt(row, 'value'), align: 'right', whole: true},
  ],
};

/**
 * `vigil metrics organization`: GET /organization/metrics with the documented query
 * (brandSlug, startDate, endDate), each only when given; the org is the key's own.
 */
export async function runMetricsOrganization(flags: MetricsOrganizationFlags, ctx: CommandContext): Promise<void> {
  const problems = new Problems();
  const values = checkFlags(metricsFlags, flags, problems) ?? {};
  const format = readFormat(flags, ctx, problems);
  const input: OrgMetricsFilters = {brandSlug: values.brandSlug, from: values.from, to: values.to};
  await runPassthroughRead(ctx, {endpoint: organizationMetrics, input, format, view: ORG_METRICS_VIEW, emptyMessage: 'The answer holds no counts.'});
}
