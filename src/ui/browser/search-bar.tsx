import {Box, Text} from 'ink';
import type {Line} from '../hooks/line-edit.js';
import {LineView} from '../hooks/line-view.js';

/**
 * `/`: the search being typed; enter applies (empty clears it), esc keeps the old one. The
 * upstream matches titles and descriptions; assets match among loaded reports (asset-search.ts).
 */
export function SearchBar({line}: {line: Line}) {
  return (
    <Box flexDirection="column">
      <Box>
        <Text bold>Search: </Text>
        <LineView line={line} placeholder="words in titles, descriptions or assets" />
      </Box>
      <Text dimColor wrap="truncate">enter apply (empty clears) · esc cancel · assets: of loaded reports only</Text>
    </Box>
  );
}
