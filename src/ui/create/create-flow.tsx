import {useEffect, useMemo, useReducer, useRef, useState} from 'react';
import {Box, Text, useInput, useStdin} from 'ink';
import {Spinner} from '@inkjs/ui';
import type {CreateReportResponse} from '../../api/wire/index.js';
import type {CreatePlan} from '../../cmd/reports/create/body.js';
import {CREATE_OUTCOME} from '../../api/outcomes.js';
import {formatError} from '../../output/error-banner.js';
import {sanitizeText} from '../../output/sanitize.js';
import {useSession, type SessionEnd} from '../hooks/use-session.js';
import {ApiError} from '../../errors.js';
import type {EditOutcome} from './editor.js';
import {Answered, Prompt} from './prompt-view.js';
import {BlockedView, DuplicatesView, PayloadView} from './review-view.js';
import type {BlockedCheck} from '../../cmd/reports/shared/blocked.js';
import {knownDuplicates} from './revise.js';
import {
  createReducer,
  initialCreateState,
  isFinal,
  type Answers,
  type CreateNeeds,
  type CreateState,
  type DuplicateCheck,
} from './create-state.js';

export interface CreateFlowProps {
  needs: CreateNeeds;
  /** Builds the body from flags plus answers and runs the duplicate check. */
  check(answers: Answers, signal: AbortSignal): Promise<{plan: CreatePlan; duplicates: DuplicateCheck; blocked?: BlockedCheck}>;
  submit(plan: CreatePlan, signal: AbortSignal): Promise<CreateReportResponse>;
  /**
   * Opens the description in the user's editor and returns what was saved. Runs while Ink
   * has released the terminal. Default: none (Ctrl+X then says the editor is unavailable).
   */
  editText?(initial: string): EditOutcome;
  end: SessionEnd;
}

function errorText(error: unknown): {text: string; exitCode: number} {
  const report = formatError(error);
  return {text: sanitizeText(report.text.trimEnd(), {multiline: true}), exitCode: report.exitCode};
}

/**
 * The guided `reports create`: prompts for what the flags left out, shows the payload and
 * which assets already have reports, asks before sending, and shows the created report.
 */
export function CreateFlow({needs, check, submit, editText, end}: CreateFlowProps) {
  const [state, dispatch] = useReducer(createReducer, needs, initialCreateState);
  const [blocked, setBlocked] = useState<BlockedCheck | null>(null);
  // Ctrl+C ends the screen: say on stderr what it left, as the cancel key's line does.
  const step = useRef(state.step);
  step.current = state.step;
  const session = useMemo<SessionEnd>(() => ({done: code => end.done(code), interrupt: () => end.interrupt(interruptNote(step.current))}), [end]);
  const {finish} = useSession(session);
  const {stdin, isRawModeSupported} = useStdin();
  useInput((input, key) => {
    if (!(key.ctrl && input === 'c')) dispatch({type: 'key', input, key});
  });

  useEffect(() => {
    if (state.step !== 'checking') return;
    const controller = new AbortController();
    check(state.answers, controller.signal).then(
      ({plan, duplicates, blocked: found}) => {
        setBlocked(found ?? null);
        dispatch({type: 'checked', plan, duplicates});
      },
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({type: 'failed', ...errorText(error)});
      },
    );
    return () => controller.abort();
  }, [state.step === 'checking']);

  useEffect(() => {
    if (state.step !== 'submitting' || !state.plan) return;
    const controller = new AbortController();
    submit(state.plan, controller.signal).then(
      result => dispatch({type: 'submitted', result}),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A 422 sent nothing: back to the form, answers kept, rejected assets marked.
        if (error instanceof ApiError && error.status === 422) {
          dispatch({type: 'rejected', text: errorText(error).text, rejections: error.details?.assetErrors ?? []});
        } else dispatch({type: 'failed', ...errorText(error)});
      },
    );
    return () => controller.abort();
  }, [state.step === 'submitting']);

  useEffect(() => {
    if (!state.editing) return;
    if (!editText) {
      dispatch({type: 'edited', error: 'no editor here: set $VISUAL or $EDITOR, or type the description'});
      return;
    }
    // The editor owns the terminal until it exits: cooked mode for it, raw again for Ink.
    // editText blocks the event loop, so Ink reads no key meanwhile.
    if (isRawModeSupported) stdin.setRawMode(false);
    let outcome: EditOutcome;
    try {
      outcome = editText(state.line.value);
    } finally {
      if (isRawModeSupported) stdin.setRawMode(true);
    }
    dispatch({type: 'edited', ...outcome});
  }, [state.editing]);

  // Reported only after the final frame (result or error) has been rendered.
  useEffect(() => {
    if (isFinal(state.step)) finish(state.step === 'failed' ? (state.failure?.exitCode ?? 1) : 0);
  }, [state.step]);

  const result = state.result;
  const org = result?.organization;
  return (
    <Box flexDirection="column">
      <Answered state={state} />
      <Prompt state={state} />
      {state.step === 'checking' ? <Spinner label="Checking which assets already have reports or are blocked…" /> : null}
      {state.plan && (state.step === 'review' || state.step === 'dropDuplicates' || state.step === 'submitting' || state.step === 'cancelled') ? (
        <Box flexDirection="column" marginTop={1}>
          <PayloadView plan={state.plan} />
          {state.duplicates ? <DuplicatesView check={state.duplicates} /> : null}
          {blocked ? <BlockedView check={blocked} /> : null}
        </Box>
      ) : null}
      {state.step === 'dropDuplicates' ? (
        <Box marginTop={1}>
          <Text bold>{`Drop ${knownDuplicates(state.duplicates).length} already reported asset(s) before sending? `}</Text>
          <Text dimColor>(Y/n) </Text>
        </Box>
      ) : null}
      {state.step === 'review' ? (
        <Box marginTop={1} flexDirection="column">
          {state.submitDefault ? null : <Text color="yellow">Already reported assets are still in this report.</Text>}
          <Box>
            <Text bold>Submit this report? </Text>
            <Text dimColor>{state.submitDefault ? '(Y/n) ' : '(y/N) '}</Text>
          </Box>
        </Box>
      ) : null}
      {state.step === 'submitting' ? <Spinner label="Creating report…" /> : null}
      {state.step === 'cancelled' ? <Text color="yellow">Cancelled: nothing was sent.</Text> : null}
      {state.step === 'failed' && state.failure ? <Text color="red">{state.failure.text}</Text> : null}
      {result ? (
        <Box flexDirection="column" marginTop={1}>
          <Text color="green" bold>{`✔ Created report ${sanitizeText(result.id)}`}</Text>
          <Text>{`  created:      ${sanitizeText(result.createdAt ?? '-')}`}</Text>
          <Text>{`  organization: ${org ? sanitizeText(`${org.name ? `${org.name} ` : ''}(${org.slug})`) : '-'}`}</Text>
        </Box>
      ) : null}
    </Box>
  );
}

/** Ctrl+C before the report went out sent nothing; during the request, no one knows. */
function interruptNote(step: CreateState['step']): string {
  if (step === 'submitting') return `interrupted: ${CREATE_OUTCOME.what}; ${CREATE_OUTCOME.check}`;
  return 'interrupted: nothing was sent';
}
