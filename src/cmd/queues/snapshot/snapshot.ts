import {queuesSnapshot} from '../../../api/wire/endpoints/platform.js';
import type {CommandContext} from '../../../cli/context.js';
import {FIELD_VIEW, runPlainRead} from '../../../cli/passthrough.js';
import type {OutputFlags} from '../../../output/index.js';

/**
 * `vigil queues snapshot`: POST /operations/queues/snapshot: the docs name no request field (not the org, all orgs or the window), so none is sent ({}); the answer is shown as sent
 * (docs/contract.md#passthrough-reads).
 */
export function runQueuesSnapshot(flags: OutputFlags, ctx: CommandContext): Promise<void> {
  return runPlainRead(flags, ctx, {endpoint: queuesSnapshot, view: FIELD_VIEW, emptyMessage: 'The upstream sent an empty answer.'});
}
