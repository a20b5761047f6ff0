import React, {useCallback, useEffect, useRef, useState} from 'react';
import {Box, Text} from 'ink';
import {PasswordInput} from '@inkjs/ui';
import {interrupt} from '../cli/interrupt.js';

export interface PasswordPromptProps {
  label: string;
  onSubmit: (value: string) => void;
  /** Called when the prompt goes away unanswered (Ink unmounts on Ctrl+C). */
  onAbandon?: () => void;
}

/**
 * A masked input: every character shows as `*`, the value never reaches the screen.
 * An empty answer is refused in place rather than ending the command with an error.
 */
export function PasswordPrompt({label, onSubmit, onAbandon}: PasswordPromptProps) {
  const [empty, setEmpty] = useState(false);
  const answered = useRef(false);
  useEffect(
    () => () => {
      if (!answered.current) onAbandon?.();
    },
    [],
  );
  return (
    <Box flexDirection="column">
      <Box>
        <Text bold>{label}: </Text>
        <PasswordInput
          placeholder="paste it here (each character shows as *)"
          onChange={() => setEmpty(false)}
          onSubmit={value => {
            if (value.trim() === '') {
              setEmpty(true);
              return;
            }
            answered.current = true;
            onSubmit(value);
          }}
        />
      </Box>
      {empty ? <Text color="yellow">The key cannot be empty; paste it and press Enter (Ctrl+C to cancel).</Text> : null}
    </Box>
  );
}

/**
 * Lets a command's work function ask for a secret: `promptKey()` shows a PasswordPrompt
 * (render `element`) and resolves with the answer. Pastel renders with exitOnCtrlC, so
 * Ctrl+C unmounts the prompt unanswered: that becomes interrupt() (exit 130), never a
 * silent exit 0.
 */
export function useSecretPrompt(label: string, onAbandon: () => void = interrupt) {
  const [pending, setPending] = useState<{resolve: (value: string) => void} | null>(null);
  const promptKey = useCallback(
    (signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason instanceof Error ? signal.reason : new Error('interrupted')), {once: true});
        setPending({resolve});
      }),
    [],
  );
  const element = pending ? (
    <PasswordPrompt
      label={label}
      onAbandon={onAbandon}
      onSubmit={value => {
        setPending(null);
        pending.resolve(value);
      }}
    />
  ) : null;
  return {promptKey, element};
}
