import {z} from 'zod';
import {argument} from 'pastel';
import {debugOptions} from '../../src/cli/options.js';
import {configUnset} from '../../src/cmd/config/unset.js';
import {RunCommand} from '../../src/ui/run-command.js';

export const description = 'Remove a saved setting (base-url or org)';
export const options = debugOptions.extend({});
export const args = z.tuple([z.string().optional().describe(argument({name: 'key', description: 'base-url or org'}))]);
type Options = z.infer<typeof options>;

export default function ConfigUnset({options: flags, args: [key]}: {options: Options; args: z.infer<typeof args>}) {
  return <RunCommand flags={{...flags, skipSavedFiles: true}} run={ctx => configUnset({key}, ctx)} />;
}
