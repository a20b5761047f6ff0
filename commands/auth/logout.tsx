import {z} from 'zod';
import {debugOptions} from '../../src/cli/options.js';
import {authLogout} from '../../src/cmd/auth/logout.js';
import {RunCommand} from '../../src/ui/run-command.js';

export const description = 'Remove the saved API key';
export const options = debugOptions.extend({});
type Options = z.infer<typeof options>;

export default function AuthLogout({options: flags}: {options: Options}) {
  return <RunCommand flags={{...flags, skipSavedFiles: true}} run={ctx => authLogout(ctx)} />;
}
