import type {ReactNode} from 'react';
import {Box, Text} from 'ink';
import {ago, detailLines} from '../../board/detail.js';
import {BOARD_KEYS, footerText, type BoardState} from '../../board/board-state.js';
import {cellKey, SEVERITY_GLYPH, skippedNote, type Board} from '../../board/model.js';
import {colorProps, GridView} from './grid-view.js';

/** What the board's body and lines around it are drawn from: the state, the terminal and the clock. */
export interface FrameProps {
  state: BoardState;
  columns: number;
  gridRows: number;
  at: number;
  color: boolean;
  runbooks: string | undefined;
  /** The grid's scroll offsets, kept by the component across frames (grid-view.tsx moves them). */
  scroll: {top: number; left: number};
}

/** The legend of `?`: every key, then the glyphs. */
function BoardHelp() {
  return (
    <Box flexDirection="column">
      <Text bold>Keys</Text>
      {BOARD_KEYS.map(key => (
        <Text key={key.keys} wrap="truncate">{`  ${key.keys.padEnd(14)} ${key.does}`}</Text>
      ))}
      <Text> </Text>
      <Text wrap="truncate">{`  ${(['fail', 'warn', 'error', 'stale', 'ok', 'none'] as const).map(s => `${SEVERITY_GLYPH[s]} ${s}`).join('  ')}  (stale: no run for two intervals)`}</Text>
    </Box>
  );
}

/** Between the header and the footer: the first read's wait, the help, a cell's detail, or the grid. */
export function BoardBody({state, columns, gridRows, at, color, runbooks, scroll}: FrameProps) {
  const board = state.board;
  if (board === undefined) return <Text>{state.readError ?? 'Reading the result store…'}</Text>;
  if (state.mode === 'help') return <BoardHelp />;
  const cell = cursorCell(state, board);
  if (state.mode === 'detail' && cell) {
    const lines = detailLines(cell, at, state.regrades.get(cellKey(cell.check, cell.org)), runbooks, state.keyRefs.get(cell.org));
    return (
      <Box flexDirection="column">
        {lines.slice(0, gridRows + 2).map((line, index) => (
          <Text key={index} wrap="truncate" {...colorProps(line.style)}>
            {line.text || ' '}
          </Text>
        ))}
      </Box>
    );
  }
  if (board.cells.size === 0) {
    return <Text>{'No healthcheck results in this Redis yet: start a worker (`vigil worker --checks checks.yaml`), or grade one org with `vigil healthchecks run --all --org <slug>`.'}</Text>;
  }
  return <GridView board={board} view={state.view} cursor={state.cursor} width={columns} height={gridRows} scroll={scroll} color={color} />;
}

function cursorCell(state: BoardState, board: Board) {
  const {org, check} = state.cursor;
  return org !== undefined && check !== undefined ? board.cells.get(cellKey(check, org)) : undefined;
}

/** Two lines: the size and counts, then the newest grade, the workers alive, the filters and the last read's trouble. */
export function BoardHeader({state, at}: {state: BoardState; at: number}) {
  const board = state.board;
  const c = board?.counts;
  const newest = board?.newestGradeAt === undefined ? 'no grade yet' : `newest grade ${ago(new Date(board.newestGradeAt).toISOString(), at)}`;
  const workers = state.liveWorkers > 0 ? `${state.liveWorkers} worker${state.liveWorkers === 1 ? '' : 's'} alive` : 'NO WORKER ALIVE';
  const filters = [state.filter.text ? `orgs ~ "${state.filter.text}"` : '', state.filter.notOkOnly ? 'not ok only' : ''].filter(Boolean).join(', ');
  return (
    <>
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
    </>
  );
}

/** The `/` line being typed, or the notice (else the cursor's cell by its full names), then the keys cut to fit. */
export function BoardFooter({state, columns}: {state: BoardState; columns: number}): ReactNode {
  const {check, org} = state.cursor;
  return (
    <>
      {state.filterLine !== null ? (
        <Text>{`/${state.filterLine}█`}</Text>
      ) : (
        <Text color={state.notice ? 'yellow' : 'gray'} wrap="truncate">
          {state.notice ?? (check && org && state.board ? `${check} · ${org}` : ' ')}
        </Text>
      )}
      <Text dimColor wrap="truncate">
        {footerText(columns - 1)}
      </Text>
    </>
  );
}
