import {Box, Text} from 'ink';
import type {Line} from '../hooks/line-edit.js';
import {LineView} from '../hooks/line-view.js';

/** `/`: the search being typed; enter applies (empty clears it), esc keeps the old one. */
export function SearchBar({line}: {line: Line}) {
  return (
    <Box flexDirection="column">
      <Box>
        <Text bold>Search: </Text>
        <LineView line={line} placeholder="words in titles and descriptions" />
      </Box>
      <Text dimColor>enter apply (empty clears) · esc cancel</Text>
    </Box>
  );
}
