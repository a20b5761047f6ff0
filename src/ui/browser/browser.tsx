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
import {HelpOverlay} from './help-overlay.js';
import {bindingsFor, formatFooter} from './keys.js';
import {ReviewDialogView} from './review-dialog.js';
import {actingProposal, canReview, classifyReviewError, inQueue, pendingCount, type ReviewProposal} from './review-state.js';
import {SearchBar} from './search-bar.js';
import {currentPage, initialState, rangeLabel, reducer, selectedReport} from './state.js';
import {TableView} from './table-view.js';

/** Fetches one page of reports for the filters, starting at `cursor`. */
export type LoadPage = (filters: ListReportsFilters, cursor: string | undefined, signal: AbortSignal) => Promise<ListReportsResult>;

export interface BrowserProps {
  filters: ListReportsFilters;
  loadPage: LoadPage;
  /** Sends one review (the a / x / w keys, on a proposal awaiting the organization). */
  review: ReviewProposal;
  end: SessionEnd;
  /** The clock the table's ages ("3h ago") are counted from. Default: Date.now. */
  now?: () => number;
}

/** Failures no retry can mend: the key is rejected (exit 2) or has no access (exit 5). */
const FATAL_EXIT_CODES = new Set([2, 5]);

/**
 * Lines around the table or detail: two of header, a notice line, the footer, and one kept
 * free: a frame as tall as the terminal makes Ink clear the screen on every redraw.
 */
const CHROME_ROWS = 5;

/**
 * The review browser of `vigil reports list` on a terminal. State lives in ./state.ts; this
 * component renders it, routes keys, and runs the page fetch the state asks for.
 */
export function Browser({filters, loadPage, review, end, now = Date.now}: BrowserProps) {
  const [state, dispatch] = useReducer(reducer, filters, initialState);
  const {columns, rows} = useTerminalSize();
  const {finish} = useSession(end);
  const bodyHeight = Math.max(3, rows - CHROME_ROWS);
  const report = selectedReport(state);
  const queue = inQueue(state);
  const reviewable = canReview(state);
  const picked = queue || reviewable ? actingProposal(state) : undefined;
  const lines = state.mode === 'detail' && report ? detailLines(report, columns - 1, picked) : [];

  useEffect(() => {
    const load = state.load;
    if (!load) return;
    const controller = new AbortController();
    loadPage({...state.filters, ...(load.cursor === undefined ? {} : {cursor: load.cursor})}, load.cursor, controller.signal).then(
      result => dispatch({type: 'loaded', generation: load.generation, pageIndex: load.pageIndex, result}),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const report = formatError(error);
        const message = sanitizeText(report.text.trimEnd(), {multiline: true});
        if (FATAL_EXIT_CODES.has(report.exitCode)) dispatch({type: 'fatal', code: report.exitCode, message});
        else dispatch({type: 'failed', generation: load.generation, pageIndex: load.pageIndex, message});
      },
    );
    return () => controller.abort();
  }, [state.load]);

  // A review is sent once and never cancelled or repeated from here: it is not idempotent.
  useEffect(() => {
    const sending = state.sending;
    const target = state.review?.target;
    if (!sending || !target) return;
    review(sending.proposalId, sending.body).then(
      outcome => dispatch({type: 'reviewed', outcome}),
      (error: unknown) => {
        const failure = classifyReviewError(error, target);
        if (failure.kind === 'credentials') {
          dispatch({type: 'fatal', code: 2, message: sanitizeText(formatError(error).text.trimEnd(), {multiline: true})});
        } else dispatch({type: 'reviewFailed', failure});
      },
    );
  }, [state.sending]);

  useEffect(() => {
    if (state.quit) finish(0);
    else if (state.fatal) finish(state.fatal.code);
  }, [state.quit, state.fatal]);

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
  const bindings = bindingsFor({mode: state.mode, hasError: state.error !== null, queue, reviewable, reviewsOff: state.reviewsOff});

  let body: ReactNode;
  if (state.fatal) {
    body = (
      <Box flexDirection="column">
        <Text color="red">{state.fatal.message}</Text>
      </Box>
    );
  } else if (state.help) {
    body = <HelpOverlay bindings={bindings} title={state.error ? 'error' : `${queue ? 'review queue ' : ''}${state.mode === 'detail' ? 'detail view' : 'table'}`} />;
  } else if (state.review) {
    // The page may have been refetched under the dialog: find its report by id, not by row.
    const reviewed = page?.reports.find(r => r.id === state.review!.target.reportId);
    body = <ReviewDialogView dialog={state.review} title={reviewed?.title ?? ''} proposals={reviewed?.proposals?.length ?? 0} waiting={reviewed ? pendingCount(reviewed, queue) : 0} width={columns} />;
  } else if (state.error) {
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
    body = <TableView reports={page.reports} selected={state.selected} width={columns} height={bodyHeight} queue={queue} now={now()} />;
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
          <Text color="yellow" wrap="truncate">{state.notice ?? ' '}</Text>
          <Text dimColor wrap="truncate">{state.mode === 'filters' || state.review || state.fatal ? ' ' : formatFooter(bindings, columns - 1)}</Text>
        </>
      )}
    </Box>
  );
}
