import {useMemo} from 'react';
import {useStderr, useStdout} from 'ink';
import type {IO, OutputStream} from '../../cli/io.js';

/**
 * On a terminal, Ink owns the bottom of the screen (a prompt, a spinner) and erases its last
 * frame before each redraw. Text a command writes straight to the stream can land inside
 * that erased area and vanish (seen: "Logged in" lost after the key prompt closed). Ink's
 * own write() clears the frame, writes the text above it and redraws, so on a TTY the
 * command's streams go through it. Piped, Ink renders nothing and the streams stay raw.
 */
export function useTerminalIO(io: IO): IO {
  const {write: writeStdout} = useStdout();
  const {write: writeStderr} = useStderr();
  return useMemo(
    () => (io.stdoutIsTTY ? {...io, stdout: throughInk(io.stdout, writeStdout), stderr: throughInk(io.stderr, writeStderr), inkDraws: true} : io),
    [io, writeStdout, writeStderr],
  );
}

function throughInk(stream: OutputStream, write: (data: string) => void): OutputStream {
  return {
    write(chunk: string) {
      write(chunk);
      return true;
    },
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return stream.columns;
    },
  };
}
