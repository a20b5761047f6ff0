import {useEffect, useState} from 'react';
import {useApp} from 'ink';
import type {ContextFlags} from '../cli/context.js';
import {processIO, type IO} from '../cli/io.js';
import {runWork, type CommandWork} from '../cli/run-work.js';
import {useTerminalIO} from './hooks/use-terminal-io.js';

export {runWork, type CommandWork};

export type CommandState = {phase: 'running'} | {phase: 'done'; exitCode: number};

/**
 * Runs a command's async work once, maps its outcome to the process exit code (Pastel and
 * Ink never set one), prints errors to stderr, then lets Ink exit after the final render.
 */
export function useCommand(flags: ContextFlags, work: CommandWork, rawIO?: IO): CommandState {
  const {exit} = useApp();
  const [baseIO] = useState(() => rawIO ?? processIO());
  const io = useTerminalIO(baseIO);
  const [state, setState] = useState<CommandState>({phase: 'running'});

  useEffect(() => {
    let cancelled = false;
    void runWork(flags, work, io).then(exitCode => {
      if (!cancelled) setState({phase: 'done', exitCode});
    });
    return () => {
      cancelled = true;
    };
    // The work runs once per mount, like a process.
  }, []);

  useEffect(() => {
    if (state.phase !== 'done') return;
    process.exitCode = state.exitCode;
    exit();
    // A lingering handle (keep-alive socket, timer) must not hold the process open.
    setTimeout(() => process.exit(), 100).unref();
  }, [state]);

  return state;
}
