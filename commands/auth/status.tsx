import {z} from 'zod';
import {connectionOptions, orgOptions} from '../../src/cli/options.js';
import {authStatus} from '../../src/cmd/auth/status.js';
import {RunCommand} from '../../src/ui/run-command.js';

export const description = 'Show the API key (masked), base URL and org in use and where each comes from; exit 2 without a key';
export const options = connectionOptions.extend(orgOptions.shape).extend({
  json: z.boolean().optional().describe('Print JSON'),
});
type Options = z.infer<typeof options>;

export default function AuthStatus({options: flags}: {options: Options}) {
  return <RunCommand flags={flags} run={ctx => authStatus(flags, ctx)} />;
}
