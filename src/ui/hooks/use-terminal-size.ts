import {useEffect, useState} from 'react';
import {useStdout} from 'ink';

export interface TerminalSize {
  columns: number;
  rows: number;
}

// Home, then erase the screen (not the scrollback).
const CLEAR_SCREEN = '\u001B[H\u001B[2J';

/**
 * The terminal's size, updated on every resize so width-fitted tables reflow. Ink re-lays
 * out its own boxes on resize, but text we fitted to a width ourselves needs the new size.
 *
 * When the terminal narrows, Ink's own resize listener (which runs before this one) first
 * redraws the frame React last rendered, fitted to the old width; the terminal wraps its
 * lines, so it occupies more rows than Ink will erase before drawing the refitted frame,
 * and its top would stay above the new one. Clearing the screen between the two leaves
 * only the refitted frame.
 */
export function useTerminalSize(): TerminalSize {
  const {stdout} = useStdout();
  const read = (): TerminalSize => ({columns: stdout.columns || 80, rows: stdout.rows || 24});
  const [size, setSize] = useState(read);
  useEffect(() => {
    let width = stdout.columns || 80;
    const onResize = () => {
      const next = read();
      if (next.columns < width && stdout.isTTY) stdout.write(CLEAR_SCREEN);
      width = next.columns;
      setSize(next);
    };
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
