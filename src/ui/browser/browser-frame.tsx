import {Box, Text} from 'ink';
import {Spinner} from '@inkjs/ui';
import {sanitizeText} from '../../output/sanitize.js';
import {currentPage, rangeLabel, selectedReport, type BrowserState} from './browser-state.js';
import type {DetailLine} from './detail.js';
import {DetailView} from './detail-view.js';
import {FilterEditor} from './filter-editor.js';
import {describeFilters} from './filter-state.js';
import {HelpOverlay} from './help-overlay.js';
import {formatFooter, type Binding} from './keys.js';
import {ReviewDialogView} from './review-dialog.js';
import {pendingCount} from './review-state.js';
import {SearchBar} from './search-bar.js';
import {TableView} from './table-view.js';

/** What the browser's frame is drawn from, worked out once per render by the component. */
export interface BrowserFrameProps {
  state: BrowserState;
  columns: number;
  bodyHeight: number;
  /** The detail view's lines (empty outside it). */
  lines: DetailLine[];
  bindings: Binding[];
  /** The review queue (not the whole list) is shown. */
  queue: boolean;
  now: number;
}

/** Between the header and the footer: the fatal error, the help, the review dialog, a failed page, the spinner, the detail, the filter editor or the table. */
export function BrowserBody({state, columns, bodyHeight, lines, bindings, queue, now}: BrowserFrameProps) {
  const page = currentPage(state);
  const report = selectedReport(state);
  if (state.fatal) {
    return (
      <Box flexDirection="column">
        <Text color="red">{state.fatal.message}</Text>
      </Box>
    );
  }
  if (state.help) return <HelpOverlay bindings={bindings} title={state.error ? 'error' : `${queue ? 'review queue ' : ''}${state.mode === 'detail' ? 'detail view' : 'table'}`} />;
  if (state.review) {
    // The page may have been refetched under the dialog: find its report by id, not by row.
    const reviewed = page?.reports.find(r => r.id === state.review!.target.reportId);
    return <ReviewDialogView dialog={state.review} title={reviewed?.title ?? ''} proposals={reviewed?.proposals?.length ?? 0} waiting={reviewed ? pendingCount(reviewed, queue) : 0} width={columns} />;
  }
  if (state.error) {
    return (
      <Box flexDirection="column">
        <Text color="red">{`Could not load page ${state.pageIndex + 1}:`}</Text>
        <Text>{state.error}</Text>
        <Text bold>Press r to retry.</Text>
      </Box>
    );
  }
  if (!page) return <Spinner label={`Loading page ${state.pageIndex + 1}…`} />;
  if (state.mode === 'detail' && report) return <DetailView lines={lines} scroll={state.detailScroll} height={bodyHeight} />;
  if (state.mode === 'filters') return state.filterEditor ? <FilterEditor state={state.filterEditor} /> : null;
  return <TableView reports={page.reports} selected={state.selected} width={columns} height={bodyHeight} queue={queue} now={now} />;
}

/** The org and filters, then which rows are shown. */
export function BrowserHeader({state}: {state: BrowserState}) {
  return (
    <>
      <Text wrap="truncate">
        <Text bold>{`vigil reports · org ${sanitizeText(state.filters.slug)}`}</Text>
        <Text dimColor>{` · ${sanitizeText(describeFilters(state.filters))}`}</Text>
      </Text>
      <Text>{`Showing ${rangeLabel(state)}`}</Text>
    </>
  );
}

/** The search being typed, or the notice and the keys (none while a dialog, the filter editor or a fatal error is up). */
export function BrowserFooter({state, bindings, columns}: {state: BrowserState; bindings: Binding[]; columns: number}) {
  if (state.mode === 'search' && state.searchLine) return <SearchBar line={state.searchLine} />;
  return (
    <>
      <Text color="yellow" wrap="truncate">{state.notice ?? ' '}</Text>
      <Text dimColor wrap="truncate">{state.mode === 'filters' || state.review || state.fatal ? ' ' : formatFooter(bindings, columns - 1)}</Text>
    </>
  );
}
