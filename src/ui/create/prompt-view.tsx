import type {ReactNode} from 'react';
import {Box, Text} from 'ink';
import {LineView} from '../hooks/line-view.js';
import {sanitizeText} from '../../output/sanitize.js';
import {rejectionOf} from './revise.js';
import {STATUS_CHOICES, type CreateState} from './create-state.js';

const PROMPTS = {
  title: 'Title (at least 3 characters)',
  description: 'Description',
  contactInfo: 'Contact info (optional: enter to skip)',
} as const;

/** A description written in $EDITOR has several lines: the first one, and how many follow. */
function firstLine(text: string): string {
  const lines = text.split(/\r?\n/);
  return lines.length > 1 ? `${lines[0]} (+${lines.length - 1} lines)` : text;
}

/**
 * What was answered so far, one line each, above the open prompt. While the form is revised
 * after a 422, only what was already passed again is shown, and rejected assets are marked.
 */
export function Answered({state}: {state: CreateState}) {
  const {answers, needs, step} = state;
  const order = ['title', 'description', 'assetContent', 'assetStatus', 'contactInfo'];
  const open = order.indexOf(step);
  const passed = (of: string) => open === -1 || order.indexOf(of) < open;
  const line = (label: string, value: string, mark?: string) => (
    <Text key={label + value}>
      {mark ? <Text color="red">✗ </Text> : <Text color="green">✔ </Text>}
      <Text bold>{`${label}: `}</Text>
      {sanitizeText(value)}
      {mark ? <Text color="red">{`  rejected: ${sanitizeText(mark)}`}</Text> : null}
    </Text>
  );
  const revising = step === 'assetContent' ? state.revising : null;
  const assets = revising === null ? answers.assets : answers.assets.slice(0, revising);
  return (
    <Box flexDirection="column">
      {state.notice && open !== -1 ? (
        <Box flexDirection="column" marginBottom={1}>
          <Text color="red">{state.notice}</Text>
          <Text color="yellow">Nothing was created. Fix the answers below: Enter keeps one, an emptied asset line drops that asset.</Text>
        </Box>
      ) : null}
      {needs.title && answers.title !== undefined && passed('title') ? line('Title', answers.title) : null}
      {needs.description && answers.description !== undefined && passed('description') ? line('Description', firstLine(answers.description)) : null}
      {passed('assetContent') || step === 'assetContent' || step === 'assetStatus'
        ? assets.map((asset, index) => {
            const rejection = rejectionOf(state.rejections, asset.content);
            return line(`Asset ${index + 1}`, `${asset.content} (${asset.status ?? 'server default'})`, rejection ? `${rejection.errorType}: ${rejection.message}` : undefined);
          })
        : null}
      {needs.contactInfo && answers.contactInfo !== undefined && passed('contactInfo') ? line('Contact info', answers.contactInfo) : null}
    </Box>
  );
}

export function Prompt({state}: {state: CreateState}) {
  const step = state.step;
  let label: string;
  let input: ReactNode = <LineView line={state.line} />;
  let note: string | null = null;
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
    if (state.revising !== null) {
      const rejection = rejectionOf(state.rejections, state.answers.assets[state.revising]!.content);
      label = `Asset ${state.revising + 1} (empty the line to drop it)`;
      if (rejection) note = `rejected: ${rejection.errorType}: ${rejection.message}${rejection.suggestion ? ` (${rejection.suggestion})` : ''}`;
    } else {
      const n = state.answers.assets.length + 1;
      label = n === 1 ? 'Asset 1 (URL, domain, handle, address or phone; x.example:BLOCKED sets a status)' : `Asset ${n} (enter on an empty line when done)`;
    }
  } else if (step === 'title' || step === 'description' || step === 'contactInfo') {
    label = PROMPTS[step];
    if (step === 'description') note = state.editing ? 'editing in $EDITOR…' : 'Ctrl+X writes it in $EDITOR (markdown allowed)';
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
      {note ? <Text color={note.startsWith('rejected') ? 'red' : undefined} dimColor={!note.startsWith('rejected')}>{`  ${sanitizeText(note)}`}</Text> : null}
      {state.inputError ? <Text color="red">{`  ${sanitizeText(state.inputError)}`}</Text> : null}
    </Box>
  );
}

