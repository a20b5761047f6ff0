import {z} from 'zod';
import {argument} from 'pastel';
import {debugOptions, outputOptions} from '../../src/cli/options.js';
import {configGet} from '../../src/cmd/config/get.js';
import {RunCommand} from '../../src/ui/run-command.js';

export const description = 'Print a saved setting (base-url or org), or all of them';
export const options = debugOptions.extend(outputOptions.shape);
export const args = z.tuple([z.string().optional().describe(argument({name: 'key', description: 'base-url or org (default: all)'}))]);
type Options = z.infer<typeof options>;

export default function ConfigGet({options: flags, args: [key]}: {options: Options; args: z.infer<typeof args>}) {
  return <RunCommand flags={{debug: flags.debug, skipSavedFiles: true}} run={ctx => configGet({...flags, key}, ctx)} />;
}
