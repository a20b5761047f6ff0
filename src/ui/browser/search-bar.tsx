import {Box, Text, useInput} from 'ink';
import {TextInput} from '@inkjs/ui';

/** `/`: edits the search text; enter applies (empty clears it), esc keeps the old one. */
export function SearchBar({initial, onSubmit, onCancel}: {initial: string; onSubmit(value: string): void; onCancel(): void}) {
  useInput((_input, key) => {
    if (key.escape) onCancel();
  });
  return (
    <Box flexDirection="column">
      <Box>
        <Text bold>Search: </Text>
        <TextInput defaultValue={initial} placeholder="text in titles, descriptions and assets" onSubmit={onSubmit} />
      </Box>
      <Text dimColor>enter apply (empty clears) · esc cancel</Text>
    </Box>
  );
}
