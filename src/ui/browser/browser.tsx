import {useEffect, useReducer, useRef} from 'react';
import {Box, useInput} from 'ink';
import type {ListReportsFilters} from '../../api/wire/index.js';
import {useSession, type SessionEnd} from '../hooks/use-session.js';
import {useTerminalSize} from '../hooks/use-terminal-size.js';
import {loadAction, reviewAction, type LoadPage} from './browser-effects.js';
import {BrowserBody, BrowserFooter, BrowserHeader} from './browser-frame.js';
import {initialState, reducer, selectedReport} from './browser-state.js';
import {detailLines} from './detail.js';
import {maxDetailScroll} from './detail-view.js';
import {bindingsFor} from './keys.js';
import {actingProposal, canReview, inQueue, type ReviewProposal} from './review-state.js';

export interface BrowserProps {
  filters: ListReportsFilters;
  loadPage: LoadPage;
  /** Sends one review (the a / x / w keys, on a proposal awaiting the organization). */
  review: ReviewProposal;
  end: SessionEnd;
  /** The clock the table's ages ("3h ago") are counted from. Default: Date.now. */
  now?: () => number;
}

/**
 * Lines around the table or detail: two of header, a notice line, the footer, and one kept
 * free: a frame as tall as the terminal makes Ink clear the screen on every redraw.
 */
const CHROME_ROWS = 5;

/**
 * The review browser of `vigil reports list` on a terminal. The state and its keys are
 * ./browser-state.ts, the fetch and the review it asks for ./browser-effects.ts; this
 * component wires them to Ink and draws (./browser-frame.tsx).
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
    if (!state.load) return;
    const controller = new AbortController();
    void loadAction(state.load, state.filters, loadPage, controller.signal).then(action => action && dispatch(action));
    return () => controller.abort();
  }, [state.load]);

  useEffect(() => {
    const target = state.review?.target;
    if (state.sending && target) void reviewAction(state.sending, target, review).then(dispatch);
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

  const bindings = bindingsFor({mode: state.mode, hasError: state.error !== null, queue, reviewable, reviewsOff: state.reviewsOff});
  return (
    <Box flexDirection="column" width={columns}>
      <BrowserHeader state={state} />
      <BrowserBody state={state} columns={columns} bodyHeight={bodyHeight} lines={lines} bindings={bindings} queue={queue} now={now()} />
      <BrowserFooter state={state} bindings={bindings} columns={columns} />
    </Box>
  );
}
