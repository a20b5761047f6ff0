import {Text} from 'ink';
import {sanitizeText} from '../../output/sanitize.js';
import type {Line} from './line-edit.js';

/** A line being edited, with its cursor in inverse video. */
export function LineView({line, placeholder}: {line: Line; placeholder?: string}) {
  const chars = [...sanitizeText(line.value)];
  if (chars.length === 0 && placeholder) {
    return (
      <Text>
        <Text inverse> </Text>
        <Text dimColor>{placeholder}</Text>
      </Text>
    );
  }
  return (
    <Text>
      {chars.slice(0, line.cursor).join('')}
      <Text inverse>{chars[line.cursor] ?? ' '}</Text>
      {chars.slice(line.cursor + 1).join('')}
    </Text>
  );
}
