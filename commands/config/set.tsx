import {z} from 'zod';
import {argument} from 'pastel';
import {debugOptions} from '../../src/cli/options.js';
import {configSet} from '../../src/cmd/config/set.js';
import {RunCommand} from '../../src/ui/run-command.js';

export const description = 'Save a setting: `vigil config set base-url <url>` or `vigil config set org <slug>`';
export const options = debugOptions.extend({});
export const args = z.tuple([
  z.string().optional().describe(argument({name: 'key', description: 'base-url or org'})),
  z.string().optional().describe(argument({name: 'value', description: 'the value to save'})),
]);
type Options = z.infer<typeof options>;

export default function ConfigSet({options: flags, args: [key, value]}: {options: Options; args: z.infer<typeof args>}) {
  return <RunCommand flags={{...flags, skipSavedFiles: true}} run={ctx => configSet({key, value}, ctx)} />;
}
