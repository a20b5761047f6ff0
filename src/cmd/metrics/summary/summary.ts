import {metricsSummary} from '../../../api/wire/endpoints/platform.js';
import type {CommandContext} from '../../../cli/context.js';
import {FIELD_VIEW, runPlainRead} from '../../../cli/passthrough.js';
import type {OutputFlags} from '../../../output/index.js';

/**
 * `vigil metrics summary`: POST /metrics/summary: the docs name no request field, so none is sent ({}); the answer is shown as sent
 * (docs/contract.md#passthrough-reads).
 */
export function runMetricsSummary(flags: OutputFlags, ctx: CommandContext): Promise<void> {
  return runPlainRead(flags, ctx, {endpoint: metricsSummary, view: FIELD_VIEW, emptyMessage: 'The upstream sent an empty answer.'});
}
