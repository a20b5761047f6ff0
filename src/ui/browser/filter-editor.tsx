import {Box, Text} from 'ink';
import {REVIEW_DECISIONS} from '../../api/enums.js';
import {
  FILTER_LABELS,
  FILTER_ROWS,
  describeChoice,
  type FilterEditorState,
} from './filter-state.js';

/** `f`: the draft of status, review status, needs customer review and reporter kind. */
export function FilterEditor({state}: {state: FilterEditorState}) {
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1}>
      <Text bold>Filters</Text>
      {FILTER_ROWS.map((row, index) => {
        const active = index === state.row;
        const label = `${active ? '›' : ' '} ${FILTER_LABELS[row].padEnd(22)}`;
        if (row === 'reviewStatus') {
          return (
            <Box key={row}>
              <Text bold={active}>{label}</Text>
              {REVIEW_DECISIONS.map((decision, option) => (
                <Text key={decision} inverse={active && option === state.option}>
                  {`[${state.draft.reviewStatus.includes(decision) ? 'x' : ' '}] ${decision}`}
                  {option < REVIEW_DECISIONS.length - 1 ? ' ' : ''}
                </Text>
              ))}
            </Box>
          );
        }
        return (
          <Box key={row}>
            <Text bold={active}>{label}</Text>
            <Text inverse={active}>{`‹ ${describeChoice(state.draft[row])} ›`}</Text>
          </Box>
        );
      })}
      <Text dimColor>↑↓ field · ←→ change · space toggle · x clear all · enter apply · esc cancel</Text>
    </Box>
  );
}
