import * as z from 'zod';
import type {CommandDefinition, CommandInput} from '../cli/define.js';
import {InputError, type InputProblem} from '../errors.js';
import type {InputKind, ToolInput, ToolSpec} from './derive.js';

/*
 * A tool call's arguments as the command's flags and positional arguments. Only the types
 * are checked here, naming the property; the values are the command's to check (its errors
 * name the flag, which `inToolWords` turns back into the property).
 */

const text = z.union([z.string(), z.number().transform(String)], {error: 'must be a string'});

const ACCEPTS: Record<InputKind, z.ZodType> = {
  string: text,
  // A whole number, or text for the command to refuse with its own message ("must be 1-20").
  integer: z.union([z.int().transform(String), z.string()], {error: 'must be a whole number'}),
  boolean: z.boolean({error: 'must be true or false'}),
  triState: z.boolean({error: 'must be true or false'}).transform(on => (on ? 'true' : 'false')),
  commaList: z.union([z.array(text).transform(items => items.join(',')), text], {error: 'must be a list of strings'}),
  list: z.union([z.array(text), text.transform(item => [item])], {error: 'must be a list of strings'}),
};

function argumentsSchema(inputs: readonly ToolInput[]) {
  return z.strictObject(Object.fromEntries(inputs.map(input => [input.name, ACCEPTS[input.kind].optional()])));
}

function problemsOf(error: z.ZodError, inputs: readonly ToolInput[]): InputProblem[] {
  return error.issues.flatMap(issue => {
    if (issue.code === 'unrecognized_keys') {
      const takes = inputs.length === 0 ? 'this tool takes no arguments' : `this tool takes ${inputs.map(input => input.name).join(', ')}`;
      return issue.keys.map(key => ({field: key, message: `unknown argument; ${takes}`}));
    }
    return [{field: issue.path.join('.') || 'arguments', message: issue.message}];
  });
}

/**
 * The command's input for a call: its flags (with --json, and never a screen) and its
 * positional arguments, checked by the command's own schemas as a command line would be.
 */
export function commandInput(tool: Pick<ToolSpec, 'inputs'>, definition: CommandDefinition, rawArguments: unknown): CommandInput<object, unknown> {
  const given = rawArguments ?? {};
  // An agent may send null for "not given".
  const cleaned = typeof given === 'object' && !Array.isArray(given) ? Object.fromEntries(Object.entries(given).filter(([, value]) => value !== null)) : given;
  const parsed = argumentsSchema(tool.inputs).safeParse(cleaned);
  if (!parsed.success) {
    throw new InputError(typeof cleaned === 'object' && !Array.isArray(cleaned) ? problemsOf(parsed.error, tool.inputs) : [{field: 'arguments', message: 'must be an object'}]);
  }
  const values = parsed.data as Record<string, unknown>;
  const shape = definition.options().shape as Record<string, unknown>;
  const options: Record<string, unknown> = {};
  if ('json' in shape) options.json = true;
  if ('interactive' in shape) options.interactive = false;
  const args: unknown[] = [];
  let rest: unknown[] | undefined;
  for (const input of tool.inputs) {
    const value = values[input.name];
    if (value === undefined) continue;
    if ('option' in input.to) options[input.to.option] = value;
    else if ('arg' in input.to) args[input.to.arg] = value;
    else rest = value as unknown[];
  }
  const checkedOptions = definition.options().safeParse(options);
  const checkedArgs = definition.args ? definition.args().safeParse(rest ?? (args.length > 0 ? args : definition.args().def.type === 'tuple' ? [] : undefined)) : undefined;
  const problems = [checkedOptions, checkedArgs].flatMap(result => (result && !result.success ? problemsOf(result.error, tool.inputs) : []));
  if (problems.length > 0) throw new InputError(problems);
  return {options: checkedOptions.data as object, args: checkedArgs?.success ? (checkedArgs.data ?? []) : []};
}

/**
 * A command's refusal in the tool's words: `--limit: must be 1-20` names the property,
 * `limit: must be 1-20`. Fields that are no tool input (the server's --base-url) stay.
 */
export function inToolWords(error: unknown, inputs: readonly ToolInput[]): unknown {
  if (!(error instanceof InputError)) return error;
  const names = new Map(inputs.flatMap(input => [[input.cli, input.name], [input.cli.replace(/^--/, '--no-'), input.name]]));
  const problems = error.problems.map(problem => (problem.field !== undefined && names.has(problem.field) ? {...problem, field: names.get(problem.field)} : problem));
  return new InputError(problems, error.hint);
}
