import {useEffect, useState} from 'react';
import {useStdout} from 'ink';

export interface TerminalSize {
  columns: number;
  rows: number;
}

/**
 * The terminal's size, updated on every resize so width-fitted tables reflow. Ink re-lays
 * out its own boxes on resize, but text we fitted to a width ourselves needs the new size.
 */
export function useTerminalSize(): TerminalSize {
  const {stdout} = useStdout();
  const read = (): TerminalSize => ({columns: stdout.columns || 80, rows: stdout.rows || 24});
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
