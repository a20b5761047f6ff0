import {Box, Text} from 'ink';
import type {DetailLine} from './detail.js';

/** A window of the detail lines starting at `scroll`, with a position hint when it scrolls. */
export function DetailView({lines, scroll, height}: {lines: DetailLine[]; scroll: number; height: number}) {
  const size = Math.max(1, height - 1);
  const start = Math.min(scroll, Math.max(0, lines.length - size));
  const shown = lines.slice(start, start + size);
  const scrolls = lines.length > size;
  return (
    <Box flexDirection="column">
      {shown.map((line, index) => (
        <Text key={start + index} bold={line.style === 'heading'} dimColor={line.style === 'dim'} wrap="truncate">
          {line.text === '' ? ' ' : line.text}
        </Text>
      ))}
      {scrolls ? <Text dimColor>{`lines ${start + 1}-${start + shown.length} of ${lines.length}`}</Text> : null}
    </Box>
  );
}

/** How far the detail view can scroll: the component clamps scrolling with it. */
export function maxDetailScroll(lineCount: number, height: number): number {
  return Math.max(0, lineCount - Math.max(1, height - 1));
}
