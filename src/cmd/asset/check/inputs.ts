import {createInterface} from 'node:readline';

/**
 * The contents to check, in order, as a stream: the arguments as given, and at `-` the
 * lines of stdin, read as they arrive (readline's iterator pauses stdin while its queue is
 * full, so a million lines never sit in memory). Blank lines are skipped; CR LF is one line end.
 */
export async function* assetInputs(sources: readonly string[], stdin: NodeJS.ReadableStream): AsyncGenerator<string> {
  for (const source of sources) {
    if (source !== '-') {
      yield source;
      continue;
    }
    const lines = createInterface({input: stdin, crlfDelay: Infinity});
    for await (const line of lines) {
      const content = line.trim();
      if (content !== '') yield content;
    }
  }
}
