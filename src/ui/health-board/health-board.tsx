import {useEffect, useReducer, useRef, type ReactNode} from 'react';
import {Box, useInput} from 'ink';
import type {HealthcheckResult} from '../../api/wire/index.js';
import {BoardPoller, regradeAction} from '../../board/board-poller.js';
import {boardReducer, initialBoardState, keyActions} from '../../board/board-state.js';
import type {BoardReading} from '../../board/source.js';
import {useSession, type SessionEnd} from '../hooks/use-session.js';
import {useTerminalSize} from '../hooks/use-terminal-size.js';
import {BoardBody, BoardFooter, BoardHeader} from './board-frame.js';
import {cellKey} from '../../board/model.js';
import {findingList, type ListTarget} from '../../healthcheck/finding-list.js';

export interface HealthBoardProps {
  /** One read of the result store (the worker's Redis). */
  read(now: number): Promise<BoardReading>;
  /** `r`: grades one (check, org) now, one upstream call; resolves with the result. */
  regrade(check: string, org: string): Promise<HealthcheckResult>;
  /** `v`: the review browser on `org`'s queue; its `done` brings the board back. */
  reviewQueue?(org: string, back: SessionEnd): ReactNode;
  /** `v` on a takedowns, assets or detections cell: the list of its findings; `link` is the cell's appUrl. */
  findingsList?(target: Exclude<ListTarget, {kind: 'review-queue'}>, link: string | null, back: SessionEnd): ReactNode;
  end: SessionEnd;
  /** Default Date.now. */
  now?: () => number;
  /** Between the end of one read and the next. Default 2000 ms (the "at most 2 s"). */
  intervalMs?: number;
  /** Colour the cells (src/output/color.ts's rule: NO_COLOR, TERM=dumb, FORCE_COLOR). Default false. */
  color?: boolean;
  /** docs/runbooks.md where the on-call reads it (VIGIL_RUNBOOK_URL); default the project's. */
  runbooks?: string;
}

/** Header (2), group row, column headers, notice, footer, and one line kept free (a frame as tall as the terminal makes Ink clear it on every redraw). */
const CHROME_ROWS = 7;

/**
 * `vigil healthchecks board` on a terminal: the grid of every org and check, re-read from the
 * result store every `intervalMs`. The state and its keys are src/board/board-state.ts, the
 * reads src/board/board-poller.ts; this component wires them to Ink and draws (board-frame.tsx).
 * Only the rows and columns on screen are drawn, so 1,000 orgs scroll as fast as ten.
 */
export function HealthBoard({read, regrade, reviewQueue, findingsList, end, now = Date.now, intervalMs = 2000, color = false, runbooks}: HealthBoardProps) {
  const [state, dispatch] = useReducer(boardReducer, undefined, initialBoardState);
  const {columns, rows} = useTerminalSize();
  const {finish} = useSession(end);
  const gridRows = Math.max(3, rows - CHROME_ROWS);
  const scroll = useRef({top: 0, left: 0});

  useEffect(() => {
    const poller = new BoardPoller(read, dispatch, intervalMs, now);
    poller.start();
    return () => poller.stop();
  }, [read, intervalMs]);

  useEffect(() => {
    if (state.regradeRequest) void regradeAction(state.regradeRequest, regrade, now).then(dispatch);
  }, [state.regradeRequest]);

  useEffect(() => {
    if (state.quit) finish(0);
  }, [state.quit]);

  // Read through a ref: Ink may call the handler of an earlier render.
  const pageRows = useRef(gridRows);
  pageRows.current = gridRows;
  useInput(
    (input, key) => {
      if (key.ctrl && input === 'c') return;
      for (const action of keyActions(input, key, pageRows.current)) dispatch(action);
    },
    {isActive: state.reviewing === null && (state.listing === null || findingsList === undefined) && !state.quit},
  );

  if (state.reviewing !== null && reviewQueue) {
    return <>{reviewQueue(state.reviewing, {done: () => dispatch({type: 'reviewClosed'}), interrupt: end.interrupt})}</>;
  }

  if (state.listing !== null && findingsList) {
    const listed = state.board?.cells.get(cellKey(state.listing.check, state.listing.org));
    const list = findingList(state.listing.check, state.listing.org, {observed: listed?.observed ?? {}, generatedAt: listed?.gradedAt}, new Date(now()));
    if ('target' in list && list.target.kind !== 'review-queue') {
      return <>{findingsList(list.target, listed?.appUrl ?? null, {done: () => dispatch({type: 'listClosed'}), interrupt: end.interrupt})}</>;
    }
  }
  const at = now();
  return (
    <Box flexDirection="column" width={columns}>
      <BoardHeader state={state} at={at} />
      <BoardBody state={state} columns={columns} gridRows={gridRows} at={at} color={color} runbooks={runbooks} scroll={scroll.current} />
      <BoardFooter state={state} columns={columns} />
    </Box>
  );
}
