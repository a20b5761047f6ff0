import {REJECT_REASONS, WATCHLIST_REASONS, type RejectReason, type ReviewRequest, type WatchlistReason} from '../../api/wire/index.js';
import {checkValue, wholeNumber} from '../../cli/flag-values.js';
import {Problems} from '../../cli/problems.js';
import {editLine, lineOf, type EditKey, type Line} from '../hooks/line-edit.js';
import type {Decision, ReviewTarget} from './queue.js';

/*
 * The review dialog as a pure reducer: a reason for reject and watchlist, the optional
 * one-line fields (approve: label, brand id and note, as `vigil proposals review` takes
 * them; the others: a note), then a confirmation of the asset and the decision. Nothing is
 * sent until the confirmation says so; esc cancels at every step before that.
 */

/** The request body, as the API client's reviewProposal takes it. */
export type ReviewBody = ReviewRequest;

export type ReviewStep = 'reason' | 'details' | 'confirm' | 'sending' | 'failed';

/** The optional one-line fields of the details step. */
export type DetailField = 'label' | 'brand' | 'note';

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
  /** The field the details step is editing. */
  field: DetailField;
  label: Line;
  /** Brand id as typed; checked (a positive whole number) before the confirmation. */
  brand: Line;
  note: Line;
  /** Why the details cannot be confirmed yet (a brand id that is not a number). */
  problem: string | null;
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

/** The fields the details step offers for a decision, in order: the label is approve's only. */
export function fieldsFor(decision: Decision): readonly DetailField[] {
  return decision === 'APPROVE' ? ['label', 'brand', 'note'] : ['note'];
}

export function openDialog(decision: Decision, target: ReviewTarget): ReviewDialog {
  const blank = lineOf('');
  return {decision, target, step: reasonsFor(decision).length > 0 ? 'reason' : 'details', reason: 0, field: fieldsFor(decision)[0]!, label: blank, brand: blank, note: blank, problem: null, failure: null};
}

/** The brand id typed, or why it is not one (the same rule as `--brand-id`). */
function brandOf(dialog: ReviewDialog): {brandId: number | undefined} | {problem: string} {
  const text = dialog.brand.value.trim();
  if (text === '') return {brandId: undefined};
  const problems = new Problems();
  const brandId = checkValue(wholeNumber({min: 1}), text, 'brand id', problems);
  return brandId === undefined ? {problem: `brand id ${problems.list[0]!.message}`} : {brandId};
}

/** Tab / ↓ (delta 1) or ↑ (-1): the next or previous field, round. */
function moveField(dialog: ReviewDialog, delta: number): ReviewDialog {
  const fields = fieldsFor(dialog.decision);
  const at = fields.indexOf(dialog.field);
  return {...dialog, field: fields[(at + delta + fields.length) % fields.length]!};
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
      if (key.return) return stay({...dialog, step: 'details'});
      if (key.upArrow || input === 'k') return stay({...dialog, reason: (dialog.reason + count - 1) % count});
      if (key.downArrow || input === 'j' || key.tab) return stay({...dialog, reason: (dialog.reason + 1) % count});
      const digit = Number(input);
      if (/^[1-9]$/.test(input) && digit <= count) return stay({...dialog, reason: digit - 1, step: 'details'});
      return stay();
    }
    case 'details': {
      if (key.escape) return {dialog, outcome: 'cancel'};
      if (key.return) {
        const brand = brandOf(dialog);
        if ('problem' in brand) return stay({...dialog, field: 'brand', problem: brand.problem});
        return stay({...dialog, step: 'confirm', problem: null});
      }
      if (key.tab || key.downArrow) return stay(moveField(dialog, 1));
      if (key.upArrow) return stay(moveField(dialog, -1));
      return stay({...dialog, [dialog.field]: editLine(dialog[dialog.field], input, key), problem: null});
    }
    case 'confirm':
      if (key.escape || input === 'n') return {dialog, outcome: 'cancel'};
      // Only `y`: a review is not idempotent, and the Enter that left the last field, pressed
      // once more, approved a proposal no one had looked at.
      if (input === 'y') return {dialog: {...dialog, step: 'sending'}, outcome: 'send'};
      // Back to the fields to change them before sending.
      if (key.backspace || input === 'e') return stay({...dialog, step: 'details'});
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
  const label = dialog.decision === 'APPROVE' ? dialog.label.value.trim() : '';
  const brand = brandOf(dialog);
  const brandId = 'brandId' in brand ? brand.brandId : undefined;
  return {
    assetId: dialog.target.assetId,
    decision: dialog.decision,
    ...(slug ? {slug} : {}),
    ...(label === '' ? {} : {label}),
    ...(brandId === undefined ? {} : {brandId}),
    ...(dialog.decision === 'REJECT' && reason ? {rejectReason: reason as RejectReason} : {}),
    ...(dialog.decision === 'WATCHLIST' && reason ? {watchlistReason: reason as WatchlistReason} : {}),
    ...(note === '' ? {} : {note}),
  };
}
