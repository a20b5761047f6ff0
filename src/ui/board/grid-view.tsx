import {Text} from 'ink';
import {SEVERITY_COLOR} from '../../board/detail.js';
import {cellKey, SEVERITY_GLYPH, type Board, type BoardView} from '../../board/model.js';
import {columnHeader, fit, groupSpans, layoutColumns, scrollTo, type Cursor} from '../../board/viewport.js';

export interface GridViewProps {
  board: Board;
  view: BoardView;
  cursor: Cursor;
  width: number;
  /** Rows of orgs that fit. */
  height: number;
  /** The first visible org and check, moved only as far as the cursor needs (kept by the caller between frames). */
  scroll: {top: number; left: number};
}

/** The visible part of the grid: a group row, the checks' short names, then one line per org. */
export function GridView({board, view, cursor, width, height, scroll}: GridViewProps) {
  const layout = layoutColumns(width, view.orgs, view.checks.length);
  scroll.left = scrollTo(scroll.left, cursor.col, layout.visible, view.checks.length);
  // The "x-y of n" line under a grid taller than the screen takes one of its rows.
  const shown = view.orgs.length > height ? Math.max(1, height - 1) : height;
  scroll.top = scrollTo(scroll.top, cursor.row, shown, view.orgs.length);
  const checks = view.checks.slice(scroll.left, scroll.left + layout.visible);
  const orgs = view.orgs.slice(scroll.top, scroll.top + shown);
  const pad = (text: string, size: number) => fit(text, size).padEnd(size);
  const more = (count: number, what: string) => (count > 0 ? ` +${count} ${what}` : '');
  if (view.orgs.length === 0) return <Text>No org matches the filters (Esc clears them).</Text>;
  return (
    <>
      <Text wrap="truncate" dimColor>
        {pad(scroll.left > 0 ? '◀' : '', layout.orgWidth)}
        {groupSpans(checks)
          .map(span => fit(span.group, span.span * layout.cellWidth - 1).padEnd(span.span * layout.cellWidth))
          .join('')}
        {more(view.checks.length - scroll.left - checks.length, '▶')}
      </Text>
      <Text wrap="truncate" bold>
        {pad('ORG', layout.orgWidth)}
        {checks.map(check => pad(columnHeader(check, layout.cellWidth), layout.cellWidth)).join('')}
      </Text>
      {orgs.map((org, index) => {
        const row = scroll.top + index;
        return (
          <Text key={org} wrap="truncate">
            <Text bold={row === cursor.row}>{pad(org, layout.orgWidth)}</Text>
            {checks.map((check, at) => {
              const cell = board.cells.get(cellKey(check, org));
              const severity = cell?.severity;
              const label = severity === undefined ? '' : layout.words ? `${SEVERITY_GLYPH[severity]} ${severity}` : SEVERITY_GLYPH[severity];
              const selected = row === cursor.row && scroll.left + at === cursor.col;
              return (
                <Text key={check} inverse={selected} {...colorProps(severity === undefined ? undefined : SEVERITY_COLOR[severity])}>
                  {pad(label, layout.cellWidth - 1)}
                  <Text inverse={false}> </Text>
                </Text>
              );
            })}
          </Text>
        );
      })}
      {view.orgs.length > height ? <Text dimColor>{`${scroll.top + 1}-${scroll.top + orgs.length} of ${view.orgs.length} orgs`}</Text> : null}
    </>
  );
}

/** Ink's props for a style of the output layer. */
export function colorProps(style: string | undefined): {color?: string; dimColor?: boolean} {
  if (style === undefined) return {};
  return style === 'dim' ? {dimColor: true} : {color: style};
}
