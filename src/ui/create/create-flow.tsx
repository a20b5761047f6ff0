import {useEffect, useReducer, type ReactNode} from 'react';
import {Box, Text, useInput} from 'ink';
import {Spinner} from '@inkjs/ui';
import {LineView} from '../hooks/line-view.js';
import type {CreateReportResponse} from '../../api/wire/index.js';
import type {CreatePlan} from '../../cmd/reports/create-body.js';
import {formatError} from '../../output/error-banner.js';
import {sanitizeText} from '../../output/sanitize.js';
import {useSession, type SessionEnd} from '../hooks/use-session.js';
import {DuplicatesView, PayloadView} from './review-view.js';
import {
  STATUS_CHOICES,
  createReducer,
  initialCreateState,
  isFinal,
  type Answers,
  type CreateNeeds,
  type CreateState,
  type DuplicateCheck,
} from './state.js';

export interface CreateFlowProps {
  needs: CreateNeeds;
  /** Builds the body from flags plus answers and runs the duplicate check. */
  check(answers: Answers, signal: AbortSignal): Promise<{plan: CreatePlan; duplicates: DuplicateCheck}>;
  submit(plan: CreatePlan, signal: AbortSignal): Promise<CreateReportResponse>;
  end: SessionEnd;
}

const PROMPTS = {
  title: 'Title (at least 3 characters)',
  description: 'Description',
  contactInfo: 'Contact info (optional: enter to skip)',
} as const;

function errorText(error: unknown): {text: string; exitCode: number} {
  const report = formatError(error);
  return {text: sanitizeText(report.text.trimEnd(), {multiline: true}), exitCode: report.exitCode};
}

/** What was answered so far, one line each, above the open prompt. */
function Answered({state}: {state: CreateState}) {
  const {answers, needs} = state;
  const line = (label: string, value: string) => (
    <Text key={label + value}>
      <Text color="green">✔ </Text>
      <Text bold>{`${label}: `}</Text>
      {sanitizeText(value)}
    </Text>
  );
  return (
    <Box flexDirection="column">
      {needs.title && answers.title !== undefined ? line('Title', answers.title) : null}
      {needs.description && answers.description !== undefined ? line('Description', answers.description) : null}
      {answers.assets.map((asset, index) => line(`Asset ${index + 1}`, `${asset.content} (${asset.status ?? 'server default'})`))}
      {needs.contactInfo && answers.contactInfo !== undefined ? line('Contact info', answers.contactInfo) : null}
    </Box>
  );
}

function Prompt({state}: {state: CreateState}) {
  const step = state.step;
  let label: string;
  let input: ReactNode = <LineView line={state.line} />;
  if (step === 'assetStatus') {
    label = `Status of ${sanitizeText(state.pendingContent ?? '')} (↑↓ choose, enter select)`;
    input = (
      <Box flexDirection="column">
        {STATUS_CHOICES.map((choice, index) => (
          <Text key={choice.value} color={index === state.choice ? 'cyan' : undefined}>{`${index === state.choice ? '  › ' : '    '}${choice.label}`}</Text>
        ))}
      </Box>
    );
  } else if (step === 'assetContent') {
    const n = state.answers.assets.length + 1;
    label = n === 1 ? 'Asset 1 (URL, domain, handle, address or phone)' : `Asset ${n} (enter on an empty line when done)`;
  } else if (step === 'title' || step === 'description' || step === 'contactInfo') {
    label = PROMPTS[step];
  } else {
    return null;
  }
  return (
    <Box flexDirection="column">
      <Box>
        <Text bold color="cyan">{`? ${label}: `}</Text>
        {step === 'assetStatus' ? null : input}
      </Box>
      {step === 'assetStatus' ? input : null}
      {state.inputError ? <Text color="red">{`  ${state.inputError}`}</Text> : null}
    </Box>
  );
}

/**
 * The guided `reports create`: prompts for what the flags left out, shows the payload and
 * which assets already have reports, asks before sending, and shows the created report.
 */
export function CreateFlow({needs, check, submit, end}: CreateFlowProps) {
  const [state, dispatch] = useReducer(createReducer, needs, initialCreateState);
  const {finish} = useSession(end);
  useInput((input, key) => {
    if (!(key.ctrl && input === 'c')) dispatch({type: 'key', input, key});
  });

  useEffect(() => {
    if (state.step !== 'checking') return;
    const controller = new AbortController();
    check(state.answers, controller.signal).then(
      ({plan, duplicates}) => dispatch({type: 'checked', plan, duplicates}),
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
        if (!controller.signal.aborted) dispatch({type: 'failed', ...errorText(error)});
      },
    );
    return () => controller.abort();
  }, [state.step === 'submitting']);

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
      {state.step === 'checking' ? <Spinner label="Checking which assets already have reports…" /> : null}
      {state.plan && (state.step === 'review' || state.step === 'submitting' || state.step === 'cancelled') ? (
        <Box flexDirection="column" marginTop={1}>
          <PayloadView plan={state.plan} />
          {state.duplicates ? <DuplicatesView check={state.duplicates} /> : null}
        </Box>
      ) : null}
      {state.step === 'review' ? (
        <Box marginTop={1}>
          <Text bold>Submit this report? </Text>
          <Text dimColor>(Y/n) </Text>
        </Box>
      ) : null}
      {state.step === 'submitting' ? <Spinner label="Creating report…" /> : null}
      {state.step === 'cancelled' ? <Text color="yellow">Cancelled: nothing was sent.</Text> : null}
      {state.step === 'failed' && state.failure ? <Text color="red">{state.failure.text}</Text> : null}
      {result ? (
        <Box flexDirection="column" marginTop={1}>
          <Text color="green" bold>{`✔ Created report ${sanitizeText(result.id)}`}</Text>
          <Text>{`  created:      ${sanitizeText(result.createdAt)}`}</Text>
          <Text>{`  organization: ${org ? sanitizeText(`${org.name ? `${org.name} ` : ''}(${org.slug})`) : '-'}`}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
