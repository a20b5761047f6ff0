import {useEffect, useReducer, useRef} from 'react';
import {Box, Text, useInput} from 'ink';
import {Spinner} from '@inkjs/ui';
import {displayText, type Column} from '../../output/columns.js';
import {formatError} from '../../output/error-banner.js';
import {sanitizeText} from '../../output/sanitize.js';
import {renderTable} from '../../output/table.js';
import {useSession, type SessionEnd} from '../hooks/use-session.js';
import {useTerminalSize} from '../hooks/use-terminal-size.js';
import {DETAIL_FOOTER, initialListState, LIST_FOOTER, listReducer, type ListAction, type ListPage, type ListState} from './list-browser-state.js';

export interface ListBrowserProps<Row> {
  /** The header: what is listed and for which org. */
  title: string;
  /** The command that prints the same list (shown under the title). */
  command: string;
  loadPage(cursor: string | undefined, signal: AbortSignal): Promise<ListPage<Row>>;
  columns: ReadonlyArray<Column<Row>>;
  /** The detail's lines beyond the columns (each `label value`). */
  extraDetail?(row: Row): Array<[string, string | undefined]>;
  /** The web app page of these items (`o`), or null when none is known. */
  link: string | null;
  end: SessionEnd;
}

/** Header (3), notice, footer, and a line kept free (a frame as tall as the terminal makes Ink clear it). */
const CHROME_ROWS = 6;

/**
 * A finding's list on a terminal: the page as the command's own table (the same columns),
 * a row's every field in the detail. `q` ends it with code 0: the board comes back.
 */
export function ListBrowser<Row>({title, command, loadPage, columns, extraDetail, link, end}: ListBrowserProps<Row>) {
  const [state, dispatch] = useReducer(listReducer<Row>, undefined, initialListState<Row>) as [ListState<Row>, (action: ListAction<Row>) => void];
  const {columns: width, rows: height} = useTerminalSize();
  const {finish} = useSession(end);
  const bodyRows = Math.max(3, height - CHROME_ROWS);

  useEffect(() => {
    const load = state.load;
    if (!load) return;
    const controller = new AbortController();
    loadPage(load.cursor, controller.signal).then(
      page => dispatch({type: 'loaded', generation: load.generation, page}),
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({type: 'failed', generation: load.generation, message: sanitizeText(formatError(error).text.trimEnd(), {multiline: true})});
      },
    );
    return () => controller.abort();
  }, [state.load]);

  useEffect(() => {
    if (state.quit) finish(0);
  }, [state.quit]);

  const layout = useRef({pageRows: bodyRows - 1, quit: false});
  layout.current = {pageRows: bodyRows - 1, quit: state.quit};
  useInput((input, key) => {
    if (layout.current.quit || (key.ctrl && input === 'c')) return;
    dispatch({type: 'key', input, key, pageRows: layout.current.pageRows, link});
  });

  const rows = state.page?.rows ?? [];
  const row = rows[state.selected];
  let body;
  if (state.error !== null) {
    body = (
      <Box flexDirection="column">
        <Text color="red">{`Could not load page ${state.pageIndex + 1}:`}</Text>
        <Text>{state.error}</Text>
        <Text bold>Press r to retry, q to go back.</Text>
      </Box>
    );
  } else if (state.page === null) {
    body = <Spinner label={`Loading page ${state.pageIndex + 1}…`} />;
  } else if (rows.length === 0) {
    body = <Text dimColor>Nothing in this list. Press q to go back.</Text>;
  } else if (state.mode === 'detail' && row !== undefined) {
    const fields: Array<[string, string | undefined]> = [...columns.map((column): [string, string | undefined] => [column.header, displayText(column.value(row))]), ...(extraDetail?.(row) ?? [])];
    body = (
      <Box flexDirection="column">
        {fields.slice(0, bodyRows).map(([label, value]) => (
          <Text key={label} wrap="truncate">{`${label.toLowerCase().padEnd(12)} ${sanitizeText(value ?? '-')}`}</Text>
        ))}
      </Box>
    );
  } else {
    const lines = renderTable(rows, columns, {width: width - 2, color: false}).split('\n');
    const start = Math.max(0, Math.min(state.selected - Math.floor((bodyRows - 2) / 2), rows.length - (bodyRows - 1)));
    const shown = rows.slice(start, start + bodyRows - 1);
    body = (
      <Box flexDirection="column">
        <Text bold wrap="truncate">{`  ${lines[0] ?? ''}`}</Text>
        {shown.map((_, offset) => {
          const index = start + offset;
          const selected = index === state.selected;
          return (
            <Text key={index} inverse={selected} wrap="truncate">
              {`${selected ? '›' : ' '} ${lines[index + 1] ?? ''}`}
            </Text>
          );
        })}
      </Box>
    );
  }
  const range = rows.length === 0 ? 'none' : `${state.selected + 1} of ${rows.length} on page ${state.pageIndex + 1}${state.page?.next ? ' (more: n)' : ''}`;
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate">{sanitizeText(title)}</Text>
      <Text dimColor wrap="truncate">{sanitizeText(command)}</Text>
      <Text wrap="truncate">{state.page === null ? ' ' : range}</Text>
      {body}
      <Text color="yellow" wrap="truncate">{state.notice === null ? ' ' : sanitizeText(state.notice)}</Text>
      <Text dimColor wrap="truncate">{state.mode === 'detail' ? DETAIL_FOOTER : LIST_FOOTER}</Text>
    </Box>
  );
}
