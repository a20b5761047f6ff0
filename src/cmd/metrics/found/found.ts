import {metricsFound} from '../../../api/wire/endpoints/platform.js';
import type {CommandContext} from '../../../cli/context.js';
import {FIELD_VIEW, runPlainRead} from '../../../cli/passthrough.js';
import type {OutputFlags} from '../../../output/index.js';

/**
 * `vigil metrics found`: POST /metrics/found: the docs name no request field, so none is sent ({}); the answer is shown as sent
 * (docs/contract.md#passthrough-reads).
 */
export function runMetricsFound(flags: OutputFlags, ctx: CommandContext): Promise<void> {
  return runPlainRead(flags, ctx, {endpoint: metricsFound, view: FIELD_VIEW, emptyMessage: 'The upstream sent an empty answer.'});
}
