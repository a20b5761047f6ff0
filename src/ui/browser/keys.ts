import stringWidth from 'string-width';
import type {EditKey} from '../hooks/line-edit.js';
import type {Action, Mode} from './browser-state.js';

/*
 * Key -> action, per view, and the bindings tables the footer and the `?` overlay are both
 * drawn from, so they never disagree. The search and filter editors and the review dialog
 * own the keyboard while they are open (their inputs take letters), so only the table and
 * the detail view map keys here. Ctrl+C is not mapped: it interrupts everywhere.
 */

/** The fields of Ink's Key the screens read (Ink's Key fits it). */
export type KeyInfo = EditKey;

export interface Binding {
  keys: string;
  does: string;
  /** Only in the `?` overlay: the footer has no room for it. */
  more?: boolean;
  /** Why the key does nothing now (shown in the overlay; the footer says "off"). */
  off?: string;
}

export const TABLE_BINDINGS: Binding[] = [
  {keys: '↑↓/jk', does: 'move'},
  {keys: 'g/G', does: 'first/last row', more: true},
  {keys: 'enter', does: 'open'},
  {keys: 'n/p', does: 'next/prev page'},
  {keys: '/', does: 'search'},
  {keys: 'f', does: 'filters'},
  {keys: 'r', does: 'refresh'},
];

export const DETAIL_BINDINGS: Binding[] = [
  {keys: '↑↓/jk', does: 'scroll'},
  {keys: 'space/PgDn/PgUp', does: 'scroll a screen', more: true},
  {keys: '[/]', does: 'prev/next report'},
  {keys: 'esc', does: 'back'},
];

/** On a proposal awaiting the organization (every row of the queue), in the table and the detail view. */
export const REVIEW_BINDINGS: Binding[] = [
  {keys: 'a', does: 'approve'},
  {keys: 'x', does: 'reject'},
  {keys: 'w', does: 'watchlist'},
];

/** In the detail view of a report with a proposal to review: which one the review keys act on. */
export const PICK_BINDINGS: Binding[] = [{keys: 'tab/1-9', does: 'pick proposal'}];

export const ERROR_BINDINGS: Binding[] = [
  {keys: 'r', does: 'retry'},
  {keys: 'p', does: 'prev page'},
];

const END_BINDINGS: Binding[] = [
  {keys: '?', does: 'help'},
  {keys: 'q', does: 'quit'},
];

export interface ViewKeys {
  mode: Mode;
  hasError: boolean;
  /** The needs-customer-review queue: the review keys are always shown. */
  queue: boolean;
  /** The highlighted report has a proposal awaiting the organization: the review keys act on it. */
  reviewable?: boolean;
  /** Why the review keys are off for the rest of the session (the daily limit). */
  reviewsOff?: string | null;
}

/** Every key of the current view, in the order the footer and the overlay show them. */
export function bindingsFor(view: ViewKeys): Binding[] {
  if (view.hasError) return [...ERROR_BINDINGS, ...END_BINDINGS];
  // Outside the queue the keys are in the footer only on a row they act on; `?` always
  // lists them, saying where they work.
  const shown = view.queue || view.reviewable === true;
  const review = REVIEW_BINDINGS.map(b => (view.reviewsOff ? {...b, off: view.reviewsOff} : shown ? b : {...b, more: true, off: NOT_HERE}));
  if (view.mode === 'detail') {
    // The footer keeps the first ones that fit: leaving the view before picking a proposal.
    const [scroll, screen, step, back] = DETAIL_BINDINGS;
    return [scroll!, back!, ...review, ...(shown ? PICK_BINDINGS : []), step!, screen!, ...END_BINDINGS];
  }
  const [move, first, open, ...rest] = TABLE_BINDINGS;
  return [move!, first!, open!, ...review, ...rest, ...END_BINDINGS];
}

/** Why the review keys do nothing on the highlighted row (outside the queue). */
export const NOT_HERE = "they act on a proposal awaiting your organization's review (review: PENDING_CUSTOMER_REVIEW); this report has none. All of them: --needs-customer-review";

const SEPARATOR = ' · ';

/**
 * "↑↓/jk move · enter open · ..." for the footer, fitted to `width`: keys the overlay alone
 * lists are left out, then the last ones before "? all keys · q quit" until it fits. Review
 * keys that are off say so once.
 */
export function formatFooter(bindings: Binding[], width = Infinity): string {
  let shown = bindings.filter(binding => !binding.more);
  const off = shown.filter(binding => binding.off);
  if (off.length > 0) {
    const at = shown.indexOf(off[0]!);
    shown = shown.filter(binding => !binding.off);
    shown.splice(at, 0, {keys: off.map(b => b.keys).join('/'), does: 'off (see ?)'});
  }
  const text = (list: Binding[]) => list.map(binding => `${binding.keys} ${binding.does}`).join(SEPARATOR);
  while (stringWidth(text(shown)) > width && shown.length > END_BINDINGS.length + 1) {
    shown.splice(shown.length - END_BINDINGS.length - 1, 1);
  }
  return text(shown);
}

export function keyToAction(mode: Mode, input: string, key: Partial<KeyInfo>, options: {hasError: boolean; pageRows: number}): Action | null {
  // The editors own every key while open (a search may contain "q").
  if (key.ctrl || mode === 'search' || mode === 'filters') return null;
  if (input === 'q') return {type: 'quit'};
  if (input === '?') return {type: 'help'};
  // On any report: the review state says why when it has no proposal to review.
  const review = !options.hasError && (mode === 'detail' || mode === 'table');
  if (review && input === 'a') return {type: 'review', decision: 'APPROVE'};
  if (review && input === 'x') return {type: 'review', decision: 'REJECT'};
  if (review && input === 'w') return {type: 'review', decision: 'WATCHLIST'};
  if (mode === 'detail') {
    if (key.escape || key.leftArrow || key.backspace) return {type: 'back'};
    if (key.upArrow || input === 'k') return {type: 'scroll', delta: -1};
    if (key.downArrow || input === 'j') return {type: 'scroll', delta: 1};
    if (key.pageUp) return {type: 'scroll', delta: -options.pageRows};
    if (key.pageDown || input === ' ') return {type: 'scroll', delta: options.pageRows};
    // Working through a queue: the next report on the page without going back to the table.
    if (input === ']') return {type: 'move', delta: 1};
    if (input === '[') return {type: 'move', delta: -1};
    if (review && key.tab) return {type: 'pickProposal', delta: 1};
    if (review && /^[1-9]$/.test(input)) return {type: 'pickProposal', index: Number(input) - 1};
    return null;
  }
  if (mode !== 'table') return null;
  if (input === 'r') return options.hasError ? {type: 'retry'} : {type: 'refresh'};
  if (input === 'p') return {type: 'prevPage'};
  if (options.hasError) return null;
  if (key.upArrow || input === 'k') return {type: 'move', delta: -1};
  if (key.downArrow || input === 'j') return {type: 'move', delta: 1};
  if (key.home || input === 'g') return {type: 'moveTo', index: 'first'};
  if (key.end || input === 'G') return {type: 'moveTo', index: 'last'};
  if (key.return || key.rightArrow) return {type: 'open'};
  if (input === 'n') return {type: 'nextPage'};
  if (input === '/') return {type: 'editSearch'};
  if (input === 'f') return {type: 'editFilters'};
  return null;
}
