import {z} from 'zod';
import {connectionOptions} from '../../src/cli/options.js';
import {RunCommand} from '../../src/ui/run-command.js';

export const description = 'Show which API key, base URL and org are in use (placeholder)';
export const options = connectionOptions.extend({});
type Options = z.infer<typeof options>;

export default function AuthStatus({options: flags}: {options: Options}) {
  return <RunCommand flags={flags} run={async ctx => { ctx.io.stdout.write('placeholder\n'); }} />;
}
