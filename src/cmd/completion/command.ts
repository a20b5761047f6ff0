import {realpathSync} from 'node:fs';
import * as z from 'zod';
import {InputError} from '../../errors.js';
import {completionScript, SHELLS, type Shell} from '../../cli/completion.js';
import {defineCommand} from '../../cli/define.js';
import {readManifest} from '../../cli/manifest.js';
import {argument} from '../../cli/options.js';

export const definition = defineCommand({
  path: ['completion'],
  description: 'Print a shell completion script for commands, flags and their values (bash, zsh or fish)',
  examples: [
    {command: 'source <(vigil completion bash)', explains: 'Complete vigil in this bash session (add it to ~/.bashrc to keep it)'},
    {command: 'vigil completion zsh > "${fpath[1]}/_vigil"', explains: 'Install it for zsh'},
    {command: 'vigil completion fish > ~/.config/fish/completions/vigil.fish', explains: 'Install it for fish'},
  ],
  args: () => z.tuple([z.string().optional().describe(argument({name: 'shell', description: 'bash, zsh or fish'}))]),
  options: () => z.object({}),
  completions: {'<args>': SHELLS},
  skipSavedFiles: true,
  // A shell script for a person's shell.
  mcp: false,
  run: async ({args: [shell]}, ctx) => {
    if (!SHELLS.includes(shell as Shell)) {
      throw new InputError([{field: 'shell', message: shell === undefined ? 'no shell given' : 'must be bash, zsh or fish'}], 'run `vigil completion bash` (or zsh, fish)');
    }
    // This Node and this CLI by absolute path, as `vigil mcp --print-config` names them.
    ctx.io.stdout.write(completionScript(shell as Shell, readManifest(), [process.execPath, realpathSync(process.argv[1] ?? '')]));
  },
});
