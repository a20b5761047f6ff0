import {Text} from 'ink';
import {painter} from '../../output/color.js';
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
  /** SGR colours (off with NO_COLOR, TERM=dumb: the glyphs still tell severities apart). */
  color: boolean;
}

/** The visible part of the grid: a group row, the checks' short names, then one line per org. */
export function GridView({board, view, cursor, width, height, scroll, color}: GridViewProps) {
  const paint = painter(color);
  // NO_COLOR is about colour: the cursor stays in inverse video, or it could not be seen.
  const inverse = painter(true);
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
        // One string per row (SGR codes from the output layer), not a Text per cell: at 40 rows
        // of 10 cells, Ink's layout of 400 nodes was most of a refresh's CPU.
        let line = paint(row === cursor.row ? 'bold' : undefined, pad(org, layout.orgWidth));
        checks.forEach((check, at) => {
          const severity = board.cells.get(cellKey(check, org))?.severity;
          const label = pad(severity === undefined ? '' : layout.words ? `${SEVERITY_GLYPH[severity]} ${severity}` : SEVERITY_GLYPH[severity], layout.cellWidth - 1);
          const coloured = paint(severity === undefined ? undefined : SEVERITY_COLOR[severity], label);
          line += `${row === cursor.row && scroll.left + at === cursor.col ? inverse('inverse', coloured) : coloured} `;
        });
        return (
          <Text key={org} wrap="truncate">
            {line}
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

