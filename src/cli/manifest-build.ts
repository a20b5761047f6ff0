import {writeFileSync} from 'node:fs';
import {Command} from 'commander';
import {buildCommand, finishCommand, finishProgram} from './commander.js';
import type {CommandDefinition} from './define.js';
import {GROUPS} from './groups.js';
import type {Manifest, ManifestFlag} from './manifest.js';
import {deriveTools} from '../mcp/derive.js';

/**
 * Build time only (scripts/build.mjs runs it): the whole command tree, assembled in the order
 * and with the settings Pastel uses (node_modules/pastel/build/index.js, generate-commands.js),
 * so the help written here is the help of every command (test/cli/help.test.ts reads it).
 */
export function buildManifest(definitions: readonly CommandDefinition[], version: string, description: string): Manifest {
  const program = new Command();
  const groups = new Map<string, Command>();
  const leaves = new Map<string, Command>();
  const manifest: Manifest = {version, help: {}, commands: {}, groups: {'': []}};
  // Pastel reads commands/ in name order (libuv sorts directory entries).
  const sorted = [...definitions].sort((a, b) => (a.path.join('/') < b.path.join('/') ? -1 : 1));
  program.addHelpCommand('help [command]', 'Show help for command');
  for (const definition of sorted) {
    let parent = program;
    for (let depth = 1; depth < definition.path.length; depth++) {
      const key = definition.path.slice(0, depth).join(' ');
      let group = groups.get(key);
      if (!group) {
        group = new Command(definition.path[depth - 1]);
        group.helpOption('-h, --help', 'Show help');
        const groupDescription = GROUPS[key];
        if (groupDescription) group.description(groupDescription);
        finishCommand(group);
        group.addHelpCommand('help [command]', 'Show help for command');
        parent.addCommand(group);
        groups.set(key, group);
        manifest.groups[key] = [];
        manifest.groups[definition.path.slice(0, depth - 1).join(' ')]!.push(definition.path[depth - 1]!);
      }
      parent = group;
    }
    const command = buildCommand(definition);
    parent.addCommand(command);
    const key = definition.path.join(' ');
    manifest.groups[definition.path.slice(0, -1).join(' ')]!.push(definition.path.at(-1)!);
    manifest.commands[key] = {
      description: definition.description,
      flags: command.options.map((option): ManifestFlag => {
        const camel = option.attributeName();
        return {
          name: option.long!,
          takesValue: option.required || option.optional,
          description: option.description,
          values: [...(definition.completions?.[camel] ?? [])],
          complete: option.long === '--org' ? 'org' : /<(file|path)>/.test(option.flags) ? 'files' : 'none',
        };
      }),
      argValues: [...(definition.completions?.['<args>'] ?? [])],
      ...(definition.endpoints?.length ? {calls: definition.endpoints.map(endpoint => `${endpoint.method} /${endpoint.path}`)} : {}),
    };
    leaves.set(key, command);
  }
  program.name('vigil');
  program.version(version, '-v, --version', 'Show version number');
  program.description(description);
  program.helpOption('-h, --help', 'Show help');
  finishProgram(program);
  manifest.help[''] = program.helpInformation();
  // Usage lines name the program: only now is it `vigil`.
  for (const [key, command] of [...groups, ...leaves]) manifest.help[key] = command.helpInformation();
  return manifest;
}

export {PROGRAM_DESCRIPTION} from './groups.js';

export function writeManifest(file: string, ...input: Parameters<typeof buildManifest>): void {
  writeFileSync(file, `${JSON.stringify(buildManifest(...input))}\n`);
}

/** dist/mcp-tools.json: the MCP tool of every command that is one (src/mcp/tools-file.ts). */
export function writeTools(file: string, definitions: readonly CommandDefinition[]): void {
  writeFileSync(file, `${JSON.stringify(deriveTools(definitions))}\n`);
}
