import {readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import type {CommandDefinition} from '../../src/cli/define.js';
import {ROOT} from './cli.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap(name => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** Every command's definition, from the command.ts in each room under src/cmd/. */
export async function loadDefinitions(): Promise<CommandDefinition[]> {
  return Promise.all(
    files(path.join(ROOT, 'src/cmd'))
      .filter(file => path.basename(file) === 'command.ts')
      .map(async file => ((await import(file)) as {definition: CommandDefinition}).definition),
  );
}
