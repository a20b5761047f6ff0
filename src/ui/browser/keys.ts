import type {EditKey} from '../hooks/line-edit.js';
import type {Action, Mode} from './state.js';

/*
 * Key -> action, per view. The search and filter editors own the keyboard while they are
 * open (their inputs take letters), so only the table and the detail view map keys here.
 * Ctrl+C is not mapped: it interrupts everywhere (see hooks/use-interrupt.ts).
 */

/** The fields of Ink's Key the screens read (Ink's Key fits it). */
export type KeyInfo = EditKey;

export interface Binding {
  keys: string;
  does: string;
}

export const TABLE_BINDINGS: Binding[] = [
  {keys: '↑↓/jk', does: 'move'},
  {keys: 'enter', does: 'open'},
  {keys: 'n/p', does: 'next/prev page'},
  {keys: '/', does: 'search'},
  {keys: 'f', does: 'filters'},
  {keys: 'r', does: 'refresh'},
  {keys: 'q', does: 'quit'},
];

export const DETAIL_BINDINGS: Binding[] = [
  {keys: '↑↓/jk', does: 'scroll'},
  {keys: '[/]', does: 'prev/next report'},
  {keys: 'esc', does: 'back'},
  {keys: 'q', does: 'quit'},
];

export const ERROR_BINDINGS: Binding[] = [
  {keys: 'r', does: 'retry'},
  {keys: 'p', does: 'prev page'},
  {keys: 'q', does: 'quit'},
];

export function keyToAction(mode: Mode, input: string, key: Partial<KeyInfo>, options: {hasError: boolean; pageRows: number}): Action | null {
  // The editors own every key while open (a search may contain "q").
  if (key.ctrl || mode === 'search' || mode === 'filters') return null;
  if (input === 'q') return {type: 'quit'};
  if (mode === 'detail') {
    if (key.escape || key.leftArrow || key.backspace) return {type: 'back'};
    if (key.upArrow || input === 'k') return {type: 'scroll', delta: -1};
    if (key.downArrow || input === 'j') return {type: 'scroll', delta: 1};
    if (key.pageUp) return {type: 'scroll', delta: -options.pageRows};
    if (key.pageDown || input === ' ') return {type: 'scroll', delta: options.pageRows};
    // Working through a queue: the next report on the page without going back to the table.
    if (input === ']') return {type: 'move', delta: 1};
    if (input === '[') return {type: 'move', delta: -1};
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

/** "↑↓/jk move · enter open · ..." for the footer. */
export function formatBindings(bindings: Binding[]): string {
  return bindings.map(binding => `${binding.keys} ${binding.does}`).join(' · ');
}
