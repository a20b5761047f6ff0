import {Box, Text} from 'ink';
import stringWidth from 'string-width';
import type {Binding} from './keys.js';

const INTERRUPT: Binding = {keys: 'ctrl+c', does: 'interrupt (exit 130)'};

/** `?`: every key of the view it was opened from (the footer's table, in full). */
export function HelpOverlay({bindings, title}: {bindings: Binding[]; title: string}) {
  const rows = [...bindings, INTERRUPT];
  const width = Math.max(...rows.map(binding => stringWidth(binding.keys)));
  // Keys that are off share one reason (the daily limit): say it once, under the list.
  const off = bindings.find(binding => binding.off)?.off;
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1}>
      <Text bold>{`Keys: ${title}`}</Text>
      {rows.map(binding => (
        <Text key={binding.keys} dimColor={binding.off !== undefined}>
          {`${binding.keys}${' '.repeat(width - stringWidth(binding.keys))}  ${binding.does}${binding.off ? ' (off)' : ''}`}
        </Text>
      ))}
      {off ? <Text color="yellow">{`Off: ${off}`}</Text> : null}
      <Text dimColor>any key closes this</Text>
    </Box>
  );
}
