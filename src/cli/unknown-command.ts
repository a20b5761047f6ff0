import {Command} from 'commander';
import {finishProgram} from './commander.js';
import type {Manifest} from './manifest.js';

/**
 * A command line that names no command vigil has: Commander's own error, with its
 * suggestion (`(Did you mean reports?)`), from a program of the manifest's names alone (no
 * command is loaded). Commander ends the process (exit 1) on the error; 1 is returned for a
 * line it would accept all the same.
 */
export function reportUnknown(argv: readonly string[], manifest: Pick<Manifest, 'commands' | 'groups'>): number {
  const program = finishProgram(new Command('vigil'));
  const nodes = new Map<string, Command>([['', program]]);
  for (const path of [...Object.keys(manifest.groups), ...Object.keys(manifest.commands)].filter(Boolean).sort()) {
    const words = path.split(' ');
    const parent = nodes.get(words.slice(0, -1).join(' '));
    if (!parent || nodes.has(path)) continue;
    const command = new Command(words.at(-1)).helpOption('-h, --help', 'Show help');
    parent.addCommand(command);
    nodes.set(path, command);
  }
  program.helpOption('-h, --help', 'Show help');
  program.parse([...argv]);
  return 1;
}
