import {useEffect, useState} from 'react';
import {Box, Text, useInput} from 'ink';
import {REVIEW_DECISIONS} from '../../api/enums.js';
import {
  FILTER_LABELS,
  FILTER_ROWS,
  applyDraft,
  describeChoice,
  filterEditorKey,
  initialFilterEditor,
} from './filter-state.js';
import type {QueryFilters} from './state.js';

/** `f`: edits status, review status, needs customer review and reporter kind. */
export function FilterEditor({filters, onApply, onCancel}: {filters: QueryFilters; onApply(filters: QueryFilters): void; onCancel(): void}) {
  const [state, setState] = useState(() => initialFilterEditor(filters));
  useInput((input, key) => {
    if (key.ctrl) return;
    setState(current => filterEditorKey(current, input, key));
  });
  useEffect(() => {
    if (state.outcome === 'applied') onApply(applyDraft(filters, state.draft));
    if (state.outcome === 'cancelled') onCancel();
  }, [state.outcome]);

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
