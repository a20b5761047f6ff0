import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {Command} from 'commander';
import {buildCommand, parseInput} from '../../src/cli/commander.js';
import type {CommandDefinition} from '../../src/cli/define.js';
import {normalizeArgv} from '../../src/cli/normalize-argv.js';
import {ROOT} from '../helpers/cli.js';

/*
 * Every definition (the command.ts in each command's room under src/cmd/) names its room (the build derives its module
 * in Pastel's layout, dist/commands/), and
 * every example in its help is a command line vigil accepts as written.
 */

function files(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

const definitionsDir = path.join(ROOT, 'src/cmd');
const definitions = await Promise.all(
  files(definitionsDir).filter(file => path.basename(file) === 'command.ts').map(async file => ({file: path.relative(definitionsDir, file), definition: ((await import(file)) as {definition: CommandDefinition}).definition})),
);

/** The words of an example up to a pipe or redirection, quotes removed (no shell needed). */
function words(command: string): string[] {
  const line = command.replace(/^source <\((.*)\)$/, '$1').split(/ [|>] | < | && /)[0]!;
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(match => match[1] ?? match[2] ?? match[3]!);
}

describe('command definitions', () => {
  it.each(definitions.map(d => [d.file, d.definition] as const))('%s: its path names its room, and the build derives its module', (file, definition) => {
    expect(definition.path.join('/')).toBe(path.dirname(file));
    expect(readFileSync(path.join(ROOT, 'dist/build-meta.json'), 'utf8')).toContain(`"commands/${definition.path.join('/')}.js"`);
  });

  const examples = definitions.flatMap(({definition}) => definition.examples.map(example => [example.command, definition] as const));
  it.each(examples)('`%s` parses', (command, definition) => {
    const argv = words(command);
    const at = argv.indexOf('vigil');
    expect(argv.slice(at + 1, at + 1 + definition.path.length)).toEqual([...definition.path]);
    const built = buildCommand(definition).exitOverride();
    let received: {args: unknown[]; options: object} | undefined;
    built.action((...input: unknown[]) => {
      input.pop();
      received = {options: input.pop() as object, args: input};
    });
    let leaf: Command = built;
    for (const name of definition.path.slice(0, -1).reverse()) leaf = new Command(name).addCommand(leaf);
    new Command('vigil').exitOverride().addCommand(leaf).parse(normalizeArgv(['node', 'vigil', ...argv.slice(at + 1)]));
    expect(received).toBeDefined();
    expect(parseInput(definition, received!.args, received!.options)).toBeDefined();
  });
});
