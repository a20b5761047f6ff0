import {Command, Help, type Option} from 'commander';
import {generateArguments, generateOptions} from './pastel-internals.js';
import {reportParseError} from './parse-error.js';
import type {CommandDefinition, CommandInput, Example} from './define.js';
import {TRI_STATE_FLAGS} from './normalize-argv.js';

/** Help reads the same on every terminal and in the build-time copy (dist/cli-manifest.json). */
const HELP_WIDTH = 80;

/**
 * vigil's finishing of a Commander command, applied on both paths: by Pastel's
 * generateCommand (patched in scripts/build/patches.mjs) and by buildCommand below.
 * - `<value>` for a flag that needs a value: Pastel writes `[value]` for every optional
 *   flag, which reads as "the value may be left out";
 * - `--[no-]x` for the three-state flags; no "(default: false)" on every boolean;
 * - the definition's examples under the options;
 * - parse errors that name the flag at fault.
 */
export function finishCommand(command: Command, definition?: Pick<CommandDefinition, 'examples'>): Command {
  for (const option of command.options) relabel(option);
  const examples = definition?.examples ?? [];
  command.configureHelp({
    helpWidth: HELP_WIDTH,
    optionDescription: option => option.description,
    formatHelp: (cmd, helper) => Help.prototype.formatHelp.call(helper, cmd, helper) + formatExamples(examples),
  });
  command.configureOutput({outputError: (text, write) => write(explainError(command, text))});
  return command;
}

/** The root program: the same help layout, and examples of its own. */
export function finishProgram(program: Command): Command {
  return finishCommand(program, {examples: ROOT_EXAMPLES});
}

const ROOT_EXAMPLES: Example[] = [
  {command: 'vigil auth login', explains: 'Save your API key (typed at a masked prompt)'},
  {command: 'vigil reports list --status TODO', explains: 'Browse the reports still to do'},
  {command: 'vigil reports search evil.example --json', explains: 'Ask whether an asset was reported already'},
  {command: 'vigil help reports create', explains: 'Every flag of one command'},
];

/**
 * The Commander command of a definition, as Pastel would build it (generate-command.js):
 * the fast path parses with it, and the build writes its help into dist/.
 */
export function buildCommand(definition: CommandDefinition): Command {
  const command = new Command(definition.path.at(-1));
  command.helpOption('-h, --help', 'Show help');
  command.description(definition.description);
  for (const option of generateOptions(definition.options() as never)) command.addOption(option);
  if (definition.args) {
    for (const argument of generateArguments(definition.args() as never)) command.addArgument(argument);
  }
  return finishCommand(command, definition);
}

/**
 * What Pastel's action does with Commander's result (generate-command.js): the options and
 * arguments checked by their schemas, a failure reported naming the flag (exit 1).
 */
export function parseInput(definition: CommandDefinition, commanderArgs: unknown[], commanderOptions: object): CommandInput<unknown, unknown> | undefined {
  const options = definition.options().safeParse(commanderOptions);
  if (!options.success) {
    reportParseError(options.error);
    return undefined;
  }
  let args: unknown = [];
  if (definition.args) {
    const schema = definition.args();
    const variadic = schema.def.type === 'array' || (schema.def.type === 'optional' && (schema as unknown as {def: {innerType: {def: {type: string}}}}).def.innerType.def.type === 'array');
    const parsed = schema.safeParse(variadic ? commanderArgs.flat() : commanderArgs);
    if (!parsed.success) {
      reportParseError(parsed.error);
      return undefined;
    }
    args = parsed.data ?? [];
  }
  return {options: options.data ?? {}, args};
}

function relabel(option: Option): void {
  const name = option.long?.replace(/^--/, '') ?? '';
  if ((TRI_STATE_FLAGS as readonly string[]).includes(name)) {
    option.flags = `--[no-]${name}`;
    return;
  }
  // Display only: Commander still reads a missing value as `true`, which the schema check
  // then reports as "--x: needs a value".
  if (option.optional) option.flags = option.flags.replace(/ \[(.+)\]$/, ' <$1>');
}

function formatExamples(examples: readonly Example[]): string {
  if (examples.length === 0) return '';
  const lines = examples.flatMap(example => [`  # ${example.explains}`, `  $ ${example.command}`, '']);
  return `\nExamples:\n${lines.join('\n')}`;
}

/**
 * Commander's "too many arguments" says nothing of the flag that was most likely meant to
 * take the word (`--reported-by-customer maybe`, `--json foo`): say which flag, and what it
 * takes, without quoting the word.
 */
function explainError(command: Command, text: string): string {
  if (!text.startsWith('error: too many arguments')) return text;
  const expected = command.registeredArguments.length;
  const word = command.args[expected];
  let root: Command = command;
  while (root.parent) root = root.parent;
  const raw = (root as unknown as {rawArgs?: string[]}).rawArgs ?? [];
  const at = word === undefined ? -1 : raw.lastIndexOf(word);
  const before = at > 0 ? raw[at - 1]! : '';
  const tri = /^--([a-z-]+)=(?:true|false)$/.exec(before);
  const name = commandLine(command);
  if (tri && (TRI_STATE_FLAGS as readonly string[]).includes(tri[1]!)) {
    return `error: --${tri[1]}: takes no value, or true or false\nhint: --${tri[1]}, --${tri[1]} false or --no-${tri[1]}\n`;
  }
  const flag = /^--?[a-z]/i.test(before) ? command.options.find(option => option.long === before || option.short === before) : undefined;
  if (flag && !flag.required && !flag.optional) {
    return `error: ${flag.long}: takes no value\nhint: see ${name} --help\n`;
  }
  const takes = expected === 0 ? 'takes no arguments' : `takes at most ${expected} argument${expected === 1 ? '' : 's'}`;
  // The word itself is not repeated: it may be a key typed where it does not belong.
  return `error: too many arguments: ${name} ${takes}\nhint: see ${name} --help\n`;
}

function commandLine(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}
