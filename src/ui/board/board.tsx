import {useEffect, useReducer, useRef, type ReactNode} from 'react';
import {Box, Text, useInput} from 'ink';
import type {HealthcheckResult} from '../../api/wire/index.js';
import {ago, detailLines} from '../../board/detail.js';
import {cellKey, SEVERITY_GLYPH, skippedNote} from '../../board/model.js';
import type {BoardReading} from '../../board/source.js';
import {formatError} from '../../output/error-banner.js';
import {sanitizeText} from '../../output/sanitize.js';
import {useSession, type SessionEnd} from '../hooks/use-session.js';
import {useTerminalSize} from '../hooks/use-terminal-size.js';
import {colorProps, GridView} from './grid-view.js';
import {BOARD_KEYS, boardReducer, footerText, initialBoardState} from './state.js';
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
  /** Between the end of one read and the next. Default 2000 ms (the issue's "at most 2 s"). */
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
 * result store every `intervalMs`. Only the rows and columns on screen are drawn, so 1,000
 * orgs scroll as fast as ten; a refresh keeps the cursor on its cell (state.ts).
 */
export function HealthBoard({read, regrade, reviewQueue, findingsList, end, now = Date.now, intervalMs = 2000, color = false, runbooks}: HealthBoardProps) {
  const [state, dispatch] = useReducer(boardReducer, undefined, initialBoardState);
  const {columns, rows} = useTerminalSize();
  const {finish} = useSession(end);
  const gridRows = Math.max(3, rows - CHROME_ROWS);
  const scroll = useRef({top: 0, left: 0});

  useEffect(() => {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const tick = async () => {
      try {
        const at = now();
        const reading = await read(at);
        if (!stopped) dispatch({type: 'read', reading, now: at});
      } catch (error) {
        if (!stopped) dispatch({type: 'readFailed', message: sanitizeText(formatError(error).text.split('\n')[0] ?? '')});
      }
      if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [read, intervalMs]);

  useEffect(() => {
    const request = state.regradeRequest;
    if (!request) return;
    regrade(request.check, request.org).then(
      result => dispatch({type: 'regraded', key: request.key, regrade: {state: 'done', result, at: now()}}),
      (error: unknown) => dispatch({type: 'regraded', key: request.key, regrade: {state: 'failed', message: sanitizeText(formatError(error).text.trimEnd().replace(/^error: /, '').replace(/\s*\n\s*(- )?/g, '; '))}}),
    );
  }, [state.regradeRequest]);

  useEffect(() => {
    if (state.quit) finish(0);
  }, [state.quit]);

  const pageRows = useRef(gridRows);
  pageRows.current = gridRows;
  useInput(
    (input, key) => {
      if (key.ctrl && input === 'c') return;
      // Keys typed faster than a frame (or pasted) arrive as one string: each is its own key.
      if (input.length > 1 && !key.ctrl && !key.meta) {
        for (const char of input) dispatch({type: 'key', input: char === '\r' ? '' : char, key: {...key, return: char === '\r'}, pageRows: pageRows.current});
        return;
      }
      dispatch({type: 'key', input, key, pageRows: pageRows.current});
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
  const board = state.board;
  const cell = state.cursor.org !== undefined && state.cursor.check !== undefined ? board?.cells.get(cellKey(state.cursor.check, state.cursor.org)) : undefined;
  let body: ReactNode;
  if (board === undefined) {
    body = <Text>{state.readError ?? 'Reading the result store…'}</Text>;
  } else if (state.mode === 'help') {
    body = (
      <Box flexDirection="column">
        <Text bold>Keys</Text>
        {BOARD_KEYS.map(key => (
          <Text key={key.keys} wrap="truncate">{`  ${key.keys.padEnd(14)} ${key.does}`}</Text>
        ))}
        <Text> </Text>
        <Text wrap="truncate">{`  ${(['fail', 'warn', 'error', 'stale', 'ok', 'none'] as const).map(s => `${SEVERITY_GLYPH[s]} ${s}`).join('  ')}  (stale: no run for two intervals)`}</Text>
      </Box>
    );
  } else if (state.mode === 'detail' && cell) {
    const lines = detailLines(cell, at, state.regrades.get(cellKey(cell.check, cell.org)), runbooks);
    body = (
      <Box flexDirection="column">
        {lines.slice(0, gridRows + 2).map((line, index) => (
          <Text key={index} wrap="truncate" {...colorProps(line.style)}>
            {line.text || ' '}
          </Text>
        ))}
      </Box>
    );
  } else if (board.cells.size === 0) {
    body = <Text>{'No healthcheck results in this Redis yet: start a worker (`vigil worker --checks checks.yaml`), or grade one org with `vigil healthchecks run --all --org <slug>`.'}</Text>;
  } else {
    body = <GridView board={board} view={state.view} cursor={state.cursor} width={columns} height={gridRows} scroll={scroll.current} color={color} />;
  }

  const c = board?.counts;
  const newest = board?.newestGradeAt === undefined ? 'no grade yet' : `newest grade ${ago(new Date(board.newestGradeAt).toISOString(), at)}`;
  const workers = state.liveWorkers > 0 ? `${state.liveWorkers} worker${state.liveWorkers === 1 ? '' : 's'} alive` : 'NO WORKER ALIVE';
  const filters = [state.filter.text ? `orgs ~ "${state.filter.text}"` : '', state.filter.notOkOnly ? 'not ok only' : ''].filter(Boolean).join(', ');
  return (
    <Box flexDirection="column" width={columns}>
      <Text wrap="truncate">
        <Text bold>{`vigil healthchecks board · ${board?.orgs.length ?? 0} orgs × ${board?.checks.length ?? 0} checks`}</Text>
        {c ? <Text>{' · '}</Text> : null}
        {c ? <Text color="red">{`${SEVERITY_GLYPH.fail} ${c.fail} fail`}</Text> : null}
        {c ? <Text color="yellow">{`  ${SEVERITY_GLYPH.warn} ${c.warn} warn`}</Text> : null}
        {c ? <Text color="magenta">{`  ${SEVERITY_GLYPH.error} ${c.error} error`}</Text> : null}
        {c ? <Text color="gray">{`  ${SEVERITY_GLYPH.stale} ${c.stale} stale`}</Text> : null}
      </Text>
      <Text wrap="truncate">
        <Text>{`${newest} · `}</Text>
        <Text color={state.liveWorkers > 0 ? 'green' : 'red'}>{workers}</Text>
        {filters ? <Text dimColor>{` · ${filters}`}</Text> : null}
        {state.skipped > 0 ? <Text color="yellow">{` · ${skippedNote(state.skipped)}`}</Text> : null}
        {state.readError && board ? <Text color="red">{` · ${state.readError}`}</Text> : null}
      </Text>
      {body}
      {state.filterLine !== null ? (
        <Text>{`/${state.filterLine}█`}</Text>
      ) : (
        // No notice: the cursor's cell by its full names, the legend of headers cut to fit.
        <Text color={state.notice ? 'yellow' : 'gray'} wrap="truncate">
          {state.notice ?? (state.cursor.check && state.cursor.org && board ? `${state.cursor.check} · ${state.cursor.org}` : ' ')}
        </Text>
      )}
      <Text dimColor wrap="truncate">
        {footerText(columns - 1)}
      </Text>
    </Box>
  );
}
