import {Command} from 'commander';
import * as z from 'zod';
import {buildCommand, parseInput} from './commander.js';
import {contextFlags, type CommandDefinition} from './define.js';
import {processIO} from './io.js';
import {runWork} from './run-work.js';

// zod compiles a parser (new Function) for an object schema on its first parse: a run parses
// its flags and its body once each, so the compile is pure cost on this path.
z.config({jitless: true});

/**
 * One command on the fast path: parsed as Pastel would parse it, then run through runWork.
 * @returns the exit code, or 'pastel' when the command wants to draw (its `interactive.when`).
 */
export async function runDefinition(definition: CommandDefinition, argv: readonly string[]): Promise<number | 'pastel'> {
  const input = parse(definition, argv);
  if (!input) return 1;
  const io = processIO();
  if (definition.interactive?.when(input, io)) return 'pastel';
  return runWork(contextFlags(definition, input.options as object), ctx => definition.run(input, ctx), io);
}

/** Commander's parse of the command line (errors end the process, exit 1, as on Pastel's path). */
function parse(definition: CommandDefinition, argv: readonly string[]) {
  const command = buildCommand(definition);
  let received: {args: unknown[]; options: object} | undefined;
  command.action((...input: unknown[]) => {
    input.pop();
    const options = input.pop() as object;
    received = {args: input, options};
  });
  // The parents only name the command in usage lines and errors: `vigil reports list`.
  let leaf: Command = command;
  for (const name of definition.path.slice(0, -1).reverse()) leaf = new Command(name).addCommand(leaf);
  new Command('vigil').addCommand(leaf).parse([...argv]);
  return received && parseInput(definition, received.args, received.options);
}
