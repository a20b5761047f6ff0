import {Box, Text} from 'ink';
import {Spinner} from '@inkjs/ui';
import {sanitizeText} from '../../output/sanitize.js';
import {LineView} from '../hooks/line-view.js';
import {wrapLine} from './detail.js';
import {chosenReason, fieldsFor, reasonLabel, reasonsFor, type DetailField, type ReviewDialog} from './review-dialog-state.js';

const VERB = {APPROVE: 'Approve', REJECT: 'Reject', WATCHLIST: 'Watchlist'} as const;

/** Each optional field's prompt and what it holds when left empty. */
const FIELDS: Record<DetailField, {prompt: string; placeholder: string; confirm: string}> = {
  label: {prompt: 'Label (optional): ', placeholder: 'a label for the asset', confirm: 'Label'},
  brand: {prompt: 'Brand id (optional): ', placeholder: 'a positive whole number', confirm: 'Brand id'},
  note: {prompt: 'Note (optional): ', placeholder: 'one line, sent with the review', confirm: 'Note'},
};

const HINTS = {
  reason: '↑↓/jk choose · 1-9 pick · enter next · esc cancel (nothing is sent)',
  details: 'enter next (empty: none) · esc cancel (nothing is sent)',
  confirm: 'y send · e edit · esc/n cancel (nothing is sent)',
  sending: 'sending: it cannot be taken back',
  failed: 'r refresh the page · esc/enter close',
};

/**
 * The review dialog: what is reviewed (report, proposal, asset content), then the step at
 * hand. Every upstream text is sanitised; the asset content is wrapped, never cut, since
 * it is what the reviewer decides on.
 */
export function ReviewDialogView({dialog, title, proposals, waiting, width}: {dialog: ReviewDialog; title: string; proposals: number; waiting: number; width: number}) {
  const {target, decision, step} = dialog;
  const inner = Math.max(20, width - 4);
  const content = target.content ? sanitizeText(target.content) : '(no content in the listing)';
  const reason = chosenReason(dialog);
  const fields = fieldsFor(decision);
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1} width={Math.max(24, width)}>
      <Text bold wrap="truncate">{`${VERB[decision]} proposal ${sanitizeText(target.proposalId)} of report ${sanitizeText(target.reportId)}`}</Text>
      <Text wrap="truncate" dimColor>{sanitizeText(title)}</Text>
      <Text wrap="truncate">{`proposal ${target.index + 1} of ${proposals} in the report (${waiting} waiting) · asset ${target.assetId} · ${sanitizeText(target.assetType ?? 'type unknown')}`}</Text>
      {wrapLine(`Asset: ${content}`, inner).map((line, index) => (
        <Text key={index} bold>{line}</Text>
      ))}
      {step === 'reason' ? (
        <Box flexDirection="column">
          <Text>{decision === 'REJECT' ? 'Reject reason:' : 'Watchlist reason:'}</Text>
          {reasonsFor(decision).map((option, index) => (
            <Text key={option} inverse={index === dialog.reason}>{`${index === dialog.reason ? '›' : ' '} ${index + 1}. ${reasonLabel(option)}`}</Text>
          ))}
        </Box>
      ) : null}
      {step === 'details' ? (
        <Box flexDirection="column">
          {fields.map(field => (
            <Box key={field}>
              <Text>{`${field === dialog.field ? '›' : ' '} ${FIELDS[field].prompt}`}</Text>
              {field === dialog.field ? <LineView line={dialog[field]} placeholder={FIELDS[field].placeholder} /> : <Text>{sanitizeText(dialog[field].value)}</Text>}
            </Box>
          ))}
          {dialog.problem ? <Text color="red">{dialog.problem}</Text> : null}
        </Box>
      ) : null}
      {step === 'confirm' || step === 'sending' ? (
        <Box flexDirection="column">
          <Text>{`Decision: ${decision}${reason ? ` (${reasonLabel(reason)})` : ''}`}</Text>
          {fields.map(field => {
            const value = dialog[field].value.trim();
            // The note is always shown; label and brand only when given.
            if (value === '' && field !== 'note') return null;
            return <Text key={field} wrap="truncate">{`${FIELDS[field].confirm}: ${value === '' ? '(none)' : sanitizeText(value)}`}</Text>;
          })}
          {step === 'confirm' ? <Text bold color="yellow">{`${VERB[decision]} this asset? Nothing has been sent yet.`}</Text> : <Spinner label="Sending the review…" />}
        </Box>
      ) : null}
      {step === 'failed' && dialog.failure ? (
        <Box flexDirection="column">
          <Text color="red">{`${dialog.failure.kind === 'unknown-outcome' ? 'Outcome unknown' : 'Not reviewed'}: ${dialog.failure.message}`}</Text>
          <Text>{dialog.failure.hint}</Text>
        </Box>
      ) : null}
      <Text dimColor wrap="truncate">{step === 'details' && fields.length > 1 ? `tab/↑↓ field · ${HINTS.details}` : HINTS[step]}</Text>
    </Box>
  );
}
