import {useEffect, useReducer, useRef, type ReactNode} from 'react';
import {Box, Text, useInput} from 'ink';
import {Spinner} from '@inkjs/ui';
import type {ListReportsFilters, ListReportsResult} from '../../api/wire/index.js';
import {formatError} from '../../output/error-banner.js';
import {sanitizeText} from '../../output/sanitize.js';
import {useSession, type SessionEnd} from '../hooks/use-session.js';
import {useTerminalSize} from '../hooks/use-terminal-size.js';
import {detailLines} from './detail.js';
import {DetailView, maxDetailScroll} from './detail-view.js';
import {FilterEditor} from './filter-editor.js';
import {describeFilters} from './filter-state.js';
import {DETAIL_BINDINGS, ERROR_BINDINGS, TABLE_BINDINGS, formatBindings} from './keys.js';
import {SearchBar} from './search-bar.js';
import {currentPage, initialState, rangeLabel, reducer, selectedReport} from './state.js';
import {TableView} from './table-view.js';

/** Fetches one page of reports for the filters, starting at `cursor`. */
export type LoadPage = (filters: ListReportsFilters, cursor: string | undefined, signal: AbortSignal) => Promise<ListReportsResult>;

export interface BrowserProps {
  filters: ListReportsFilters;
  loadPage: LoadPage;
  end: SessionEnd;
}

/**
 * Lines around the table or detail: two of header, a notice line, the footer, and one kept
 * free: a frame as tall as the terminal makes Ink clear the screen on every redraw.
 */
const CHROME_ROWS = 5;

/**
 * The review browser of `vigil reports list` on a terminal. State lives in ./state.ts; this
 * component renders it, routes keys, and runs the page fetch the state asks for.
 */
export function Browser({filters, loadPage, end}: BrowserProps) {
  const [state, dispatch] = useReducer(reducer, filters, initialState);
  const {columns, rows} = useTerminalSize();
  const {finish} = useSession(end);
  const bodyHeight = Math.max(3, rows - CHROME_ROWS);
  const report = selectedReport(state);
  const lines = state.mode === 'detail' && report ? detailLines(report, columns - 1) : [];

  useEffect(() => {
    const load = state.load;
    if (!load) return;
    const controller = new AbortController();
    loadPage({...state.filters, ...(load.cursor === undefined ? {} : {cursor: load.cursor})}, load.cursor, controller.signal).then(
      result => dispatch({type: 'loaded', generation: load.generation, pageIndex: load.pageIndex, result}),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = sanitizeText(formatError(error).text.trimEnd(), {multiline: true});
        dispatch({type: 'failed', generation: load.generation, pageIndex: load.pageIndex, message});
      },
    );
    return () => controller.abort();
  }, [state.load]);

  useEffect(() => {
    if (state.quit) finish(0);
  }, [state.quit]);

  // One handler for every key: the reducer routes it to the open editor or the key map.
  // Read through a ref: Ink may call a handler of an earlier render (its listener is
  // swapped in an effect), and a key right after Enter must scroll the new detail view.
  const layout = useRef({pageRows: 0, detailMax: 0, quit: false});
  layout.current = {pageRows: bodyHeight - 1, detailMax: maxDetailScroll(lines.length, bodyHeight), quit: state.quit};
  useInput((input, key) => {
    if (layout.current.quit || (key.ctrl && input === 'c')) return;
    dispatch({type: 'key', input, key, pageRows: layout.current.pageRows, detailMax: layout.current.detailMax});
  });

  const page = currentPage(state);
  const org = sanitizeText(state.filters.slug);
  const bindings = state.error ? ERROR_BINDINGS : state.mode === 'detail' ? DETAIL_BINDINGS : TABLE_BINDINGS;

  let body: ReactNode;
  if (state.error) {
    body = (
      <Box flexDirection="column">
        <Text color="red">{`Could not load page ${state.pageIndex + 1}:`}</Text>
        <Text>{state.error}</Text>
        <Text bold>Press r to retry.</Text>
      </Box>
    );
  } else if (!page) {
    body = <Spinner label={`Loading page ${state.pageIndex + 1}…`} />;
  } else if (state.mode === 'detail' && report) {
    body = <DetailView lines={lines} scroll={state.detailScroll} height={bodyHeight} />;
  } else if (state.mode === 'filters') {
    body = state.filterEditor ? <FilterEditor state={state.filterEditor} /> : null;
  } else {
    body = <TableView reports={page.reports} selected={state.selected} width={columns} height={bodyHeight} showIds={state.filters.needsCustomerReview === true} />;
  }

  return (
    <Box flexDirection="column" width={columns}>
      <Text wrap="truncate">
        <Text bold>{`vigil reports · org ${org}`}</Text>
        <Text dimColor>{` · ${sanitizeText(describeFilters(state.filters))}`}</Text>
      </Text>
      <Text>{`Showing ${rangeLabel(state)}`}</Text>
      {body}
      {state.mode === 'search' && state.searchLine ? (
        <SearchBar line={state.searchLine} />
      ) : (
        <>
          <Text color="yellow">{state.notice ?? ' '}</Text>
          <Text dimColor wrap="truncate">{state.mode === 'filters' ? ' ' : formatBindings(bindings)}</Text>
        </>
      )}
    </Box>
  );
}
