import type {ReactNode} from 'react';
import type {Takedown} from '../../api/wire/index.js';
import type {CommandContext} from '../../cli/context.js';
import {DETECTION_CONFIG_COLUMNS} from '../../cmd/detections/shared/config-columns.js';
import {TAKEDOWN_COLUMNS} from '../../cmd/takedowns/shared/columns.js';
import {listCommand, type ListTarget} from '../../healthcheck/finding-list.js';
import type {SessionEnd} from '../hooks/use-session.js';
import {ListBrowser} from '../list-browser/list-browser.js';

/** Rows a page of the board's takedowns list holds (the upstream's most). */
const TAKEDOWNS_PER_PAGE = 100;

/**
 * The board's `v` on a takedowns or detections cell: the list `healthchecks run` names for
 * it, in a browser, read with the command's own client call and columns. `link` is the
 * cell's web app page (the result's appUrl). The review queue keeps its own browser.
 */
export function findingListScreen(ctx: CommandContext) {
  return (target: Exclude<ListTarget, {kind: 'review-queue'}>, link: string | null, back: SessionEnd): ReactNode => {
    const client = ctx.client();
    const signalOf = (signal: AbortSignal) => AbortSignal.any([signal, ctx.signal]);
    const command = listCommand(target);
    if (target.kind === 'takedowns') {
      const filters = {slug: target.org, statuses: target.statuses, liveness: target.liveness, from: target.from, to: target.to, perPage: TAKEDOWNS_PER_PAGE};
      return (
        <ListBrowser<Takedown>
          title={`vigil takedowns · org ${target.org}`}
          command={command}
          columns={TAKEDOWN_COLUMNS}
          extraDetail={t => [['created', t.createdAt], ['asset id', t.asset?.id], ['brand slug', t.brand?.slug]]}
          loadPage={async (cursor, signal) => {
            const page = await client.listTakedowns(cursor === undefined ? filters : {...filters, nextPage: cursor}, {signal: signalOf(signal)});
            return {rows: page.takedowns, next: page.nextPage};
          }}
          link={link}
          end={back}
        />
      );
    }
    return (
      <ListBrowser
        title={`vigil detections configs · org ${target.org}`}
        command={command}
        columns={DETECTION_CONFIG_COLUMNS}
        loadPage={async (_cursor, signal) => ({rows: (await client.listDetectionConfigs(target.org, {signal: signalOf(signal)})).configs, next: null})}
        link={link}
        end={back}
      />
    );
  };
}
