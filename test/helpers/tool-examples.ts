import type {ToolInput, ToolSpec} from '../../src/mcp/derive.js';

/*
 * A tool's call made from its command's examples (the ones its description shows an agent):
 * the command line's flags and arguments as the tool's properties. So a new read-only tool
 * is called in test/e2e/mcp-tools.test.ts without a hand-written case.
 */

/** Splits a command line as a shell would for these examples: words, '...' and "..." quoted. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(m => m[1] ?? m[2] ?? m[3]!);
}

/** The call of the first example that maps onto the tool's inputs, or undefined when none does. */
export function exampleCall(tool: ToolSpec): Record<string, unknown> | undefined {
  const lines = [...tool.description.matchAll(/^- [^\n]*?: (vigil [^\n]+)$/gm)].map(m => m[1]!);
  for (const line of lines) {
    const call = callOf(tool, words(line).slice(1 + tool.path.length));
    if (call !== undefined) return call;
  }
  return undefined;
}

function callOf(tool: ToolSpec, argv: string[]): Record<string, unknown> | undefined {
  const call: Record<string, unknown> = {};
  const positional = tool.inputs.filter(input => !('option' in input.to));
  const put = (input: ToolInput, value: string | boolean) => {
    if (input.kind === 'list') call[input.name] = [...((call[input.name] as string[] | undefined) ?? []), value];
    else if (input.kind === 'commaList') call[input.name] = String(value).split(',');
    else if (input.kind === 'integer') call[input.name] = Number(value);
    else call[input.name] = value;
  };
  let position = 0;
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index]!;
    if (word === '--json') continue;
    if (word.startsWith('--')) {
      const negated = word.startsWith('--no-');
      const input = tool.inputs.find(i => i.cli === word || (negated && i.cli === `--${word.slice(5)}`));
      if (input === undefined) return undefined;
      if (input.kind === 'boolean' || input.kind === 'triState') put(input, !negated);
      else if (index + 1 < argv.length) put(input, argv[++index]!);
      else return undefined;
      continue;
    }
    const input = positional[Math.min(position, positional.length - 1)];
    if (input === undefined) return undefined;
    put(input, word);
    if (input.kind !== 'list') position++;
  }
  return call;
}
