import {Command} from 'commander';
import * as z from 'zod';
import {buildCommand, parseInput} from './commander.js';
import {contextFlags, type CommandDefinition, type CommandInput} from './define.js';
import {processIO} from './io.js';
import {runWork} from './run-work.js';

// zod compiles a parser (new Function) for an object schema on its first parse: a run parses
// its flags and its body once each, so the compile is pure cost on this path.
z.config({jitless: true});

/** A run that draws: the command's input, parsed and checked here, for the draw build to show. */
export interface Draw {
  draw: CommandInput<unknown, unknown>;
}

/**
 * One command: parsed (every parse error and --help are this path's), then run through
 * runWork, or handed over to be drawn when its `interactive.when` says so.
 * @returns the exit code, or the input to draw.
 */
export async function runDefinition(definition: CommandDefinition, argv: readonly string[]): Promise<number | Draw> {
  const input = parse(definition, argv);
  if (!input) return 1;
  const io = processIO();
  if (definition.interactive?.when(input, io)) return {draw: input};
  return runWork(contextFlags(definition, input.options as object), ctx => definition.run(input, ctx), io);
}

/** Commander's parse of the command line (its errors end the process, exit 1). */
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
