import type {CommandContext, ContextFlags} from '../../cli/context.js';
import {colorEnabled} from '../../output/color.js';
import {specRequestBody} from '../../checks/request.js';
import type {CheckSpec} from '../../checks/schema.js';
import {fetchReportsPage} from '../../cmd/reports/list/list.js';
import {DEFAULT_BOARD_DEPS, validateBoardFlags, type BoardDeps, type BoardFlags} from '../../cmd/healthchecks/board/board.js';
import {cellKey} from '../../board/model.js';
import type {BoardSource} from '../../board/source.js';
import {Browser} from '../browser/browser.js';
import {useInteractiveCommand} from '../hooks/use-interactive-command.js';
import type {SessionEnd} from '../hooks/use-session.js';
import {HealthBoard, type HealthBoardProps} from './health-board.js';
import {findingListScreen} from './finding-lists.js';

/**
 * What the live board needs from the command's context: the store to poll, a regrade through
 * the API client with the very body the worker sends (src/checks/request.ts), written back to
 * the store like the worker's own result, and the review browser on an org's queue.
 */
export function boardSession(ctx: CommandContext, source: BoardSource, now: () => number): Omit<HealthBoardProps, 'end'> {
  const specs = new Map<string, CheckSpec>();
  return {
    now,
    color: colorEnabled(ctx.io),
    async read(at) {
      const reading = await source.read(at);
      for (const item of reading.stored) specs.set(cellKey(item.spec.check, item.spec.org), item.spec);
      return reading;
    },
    async regrade(check, org) {
      const spec = specs.get(cellKey(check, org));
      if (spec === undefined) throw new Error(`${check} is no longer scheduled for org ${org}`);
      const client = ctx.client({waitingLine: false});
      const started = now();
      const result = await client.runHealthcheck(spec.check, specRequestBody(spec), {signal: ctx.signal});
      const at = now();
      await source.store?.recordSuccess(spec.id, result, at, at - started);
      return result;
    },
    findingsList: findingListScreen(ctx),
    reviewQueue(org, back: SessionEnd) {
      const client = ctx.client();
      return (
        <Browser
          filters={{slug: org, needsCustomerReview: true}}
          loadPage={(filters, _cursor, signal) => fetchReportsPage(filters, {...ctx, signal: AbortSignal.any([signal, ctx.signal])}, client)}
          review={(proposalId, body) => client.reviewProposal(proposalId, body, {signal: ctx.signal})}
          end={back}
          now={now}
        />
      );
    },
  };
}

/** Validates the flags as the snapshot does (exit 3 before anything is drawn), connects (exit 8 without Redis), then draws. */
export function BoardScreen({flags, deps = DEFAULT_BOARD_DEPS}: {flags: BoardFlags & ContextFlags; deps?: BoardDeps}) {
  const session = useInteractiveCommand(flags, async ctx => {
    const {setting, runbooks, problems} = validateBoardFlags(flags, ctx);
    problems.throwIfAny();
    const source = await deps.openSource(setting);
    return {source, props: {...boardSession(ctx, source, () => ctx.now().getTime()), runbooks}};
  });
  if (!session) return null;
  const {source, props} = session.value;
  const end: SessionEnd = {
    done: code => void source.close().finally(() => session.end.done(code)),
    interrupt: () => {
      void source.close();
      session.end.interrupt();
    },
  };
  return <HealthBoard {...props} end={end} />;
}
