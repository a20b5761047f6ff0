import {REJECT_REASONS, WATCHLIST_REASONS, type RejectReason, type ReviewRequest, type WatchlistReason} from '../../api/wire/index.js';
import {editLine, lineOf, type EditKey, type Line} from '../hooks/line-edit.js';
import type {Decision, ReviewTarget} from './queue.js';

/*
 * The review dialog as a pure reducer: a reason for reject and watchlist, an optional
 * one-line note, then a confirmation of the asset and the decision. Nothing is sent until
 * the confirmation says so; esc cancels at every step before that.
 */

/** The request body, as the API client's reviewProposal takes it. */
export type ReviewBody = ReviewRequest;

export type ReviewStep = 'reason' | 'note' | 'confirm' | 'sending' | 'failed';

/** Why a review did not go through, and what the reviewer can do about it. */
export interface ReviewFailure {
  kind: 'conflict' | 'limit' | 'unknown-outcome' | 'credentials' | 'forbidden' | 'refused';
  /** Sanitised. */
  message: string;
  /** Sanitised: the next step. */
  hint: string;
}

export interface ReviewDialog {
  decision: Decision;
  target: ReviewTarget;
  step: ReviewStep;
  /** The highlighted reason (reject and watchlist). */
  reason: number;
  note: Line;
  failure: ReviewFailure | null;
}

/** What the browser does after a key in the dialog. */
export type DialogOutcome = 'open' | 'cancel' | 'send' | 'refresh';

export function reasonsFor(decision: Decision): readonly string[] {
  return decision === 'REJECT' ? REJECT_REASONS : decision === 'WATCHLIST' ? WATCHLIST_REASONS : [];
}

/** "no malicious activity" for no_malicious_activity, "not enough evidence" for NOT_ENOUGH_EVIDENCE. */
export function reasonLabel(reason: string): string {
  return reason.toLowerCase().replace(/_/g, ' ');
}

export function openDialog(decision: Decision, target: ReviewTarget): ReviewDialog {
  return {decision, target, step: reasonsFor(decision).length > 0 ? 'reason' : 'note', reason: 0, note: lineOf(''), failure: null};
}

export function dialogKey(dialog: ReviewDialog, input: string, key: EditKey): {dialog: ReviewDialog; outcome: DialogOutcome} {
  const stay = (next: ReviewDialog = dialog) => ({dialog: next, outcome: 'open' as const});
  switch (dialog.step) {
    case 'sending':
      // The request is out: esc cannot take it back, and a second one must not follow.
      return stay();
    case 'failed':
      if (input === 'r') return {dialog, outcome: 'refresh'};
      return key.escape || key.return || input === 'q' ? {dialog, outcome: 'cancel'} : stay();
    case 'reason': {
      if (key.escape) return {dialog, outcome: 'cancel'};
      const count = reasonsFor(dialog.decision).length;
      if (key.return) return stay({...dialog, step: 'note'});
      if (key.upArrow || input === 'k') return stay({...dialog, reason: (dialog.reason + count - 1) % count});
      if (key.downArrow || input === 'j' || key.tab) return stay({...dialog, reason: (dialog.reason + 1) % count});
      const digit = Number(input);
      if (/^[1-9]$/.test(input) && digit <= count) return stay({...dialog, reason: digit - 1, step: 'note'});
      return stay();
    }
    case 'note':
      if (key.escape) return {dialog, outcome: 'cancel'};
      if (key.return) return stay({...dialog, step: 'confirm'});
      return stay({...dialog, note: editLine(dialog.note, input, key)});
    case 'confirm':
      if (key.escape || input === 'n') return {dialog, outcome: 'cancel'};
      if (key.return || input === 'y') return {dialog: {...dialog, step: 'sending'}, outcome: 'send'};
      // Back to the note (and from there the reason) to change it before sending.
      if (key.backspace || input === 'e') return stay({...dialog, step: 'note'});
      return stay();
  }
}

export function chosenReason(dialog: ReviewDialog): string | undefined {
  return reasonsFor(dialog.decision)[dialog.reason];
}

/** The body the confirmation describes. */
export function reviewBody(dialog: ReviewDialog, slug: string | undefined): ReviewBody {
  const reason = chosenReason(dialog);
  const note = dialog.note.value.trim();
  return {
    assetId: dialog.target.assetId,
    decision: dialog.decision,
    ...(slug ? {slug} : {}),
    ...(dialog.decision === 'REJECT' && reason ? {rejectReason: reason as RejectReason} : {}),
    ...(dialog.decision === 'WATCHLIST' && reason ? {watchlistReason: reason as WatchlistReason} : {}),
    ...(note === '' ? {} : {note}),
  };
}
