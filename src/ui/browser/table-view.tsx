import {Box, Text} from 'ink';
import type {Report} from '../../api/wire/index.js';
import {layoutTable, visibleWindow} from './table.js';

/**
 * The current page as a table fitted to `width`, with the highlighted row marked twice: in
 * inverse video and with a "›" marker, which survives NO_COLOR and monochrome terminals.
 */
export function TableView({reports, selected, width, height, queue, now}: {reports: Report[]; selected: number; width: number; height: number; queue: boolean; now: number}) {
  if (reports.length === 0) {
    if (queue) return <Text dimColor>No report waits for review. Press r to refresh or f to change filters.</Text>;
    return <Text dimColor>No reports match these filters. Press / to search or f to change filters.</Text>;
  }
  const table = layoutTable(reports, width - 2, {queue, now});
  // A column left out for showing one value on every row says it once, under the rows.
  const note = table.uniform.length > 0 ? `every row: ${table.uniform.join(', ')}` : null;
  const window = visibleWindow(reports.length, selected, height - 1 - (note ? 1 : 0));
  return (
    <Box flexDirection="column">
      <Text bold>{`  ${table.header}`}</Text>
      {table.rows.slice(window.start, window.end).map((row, offset) => {
        const index = window.start + offset;
        const isSelected = index === selected;
        return (
          <Text key={`${index}:${reports[index]!.id}`} inverse={isSelected} wrap="truncate">
            {`${isSelected ? '›' : ' '} ${row}`}
          </Text>
        );
      })}
      {note ? <Text dimColor wrap="truncate">{`  ${note}`}</Text> : null}
    </Box>
  );
}
