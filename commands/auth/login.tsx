import {z} from 'zod';
import {option} from 'pastel';
import {debugOptions} from '../../src/cli/options.js';
import {authLogin} from '../../src/cmd/auth/login.js';
import {RunCommand} from '../../src/ui/run-command.js';
import {useSecretPrompt} from '../../src/ui/password-prompt.js';

export const description = 'Save an API key: from stdin with --with-key, else typed at a masked prompt (never as an argument)';
export const options = debugOptions.extend({
  withKey: z.boolean().optional().describe('Read the key from stdin, e.g. `vigil auth login --with-key < key.txt`'),
  baseUrl: z.string().optional().describe(option({description: 'Also save this API base URL (ending in /api/v2)', valueDescription: 'url'})),
  org: z.string().optional().describe(option({description: 'Also save this organization slug as the default', valueDescription: 'slug'})),
});
type Options = z.infer<typeof options>;

export default function AuthLogin({options: flags}: {options: Options}) {
  const {promptKey, element} = useSecretPrompt('API key');
  return (
    <>
      {/* The saved files are rewritten here, so a damaged one must not stop the login that repairs it. */}
      <RunCommand flags={{...flags, skipSavedFiles: true}} run={ctx => authLogin(flags, ctx, {promptKey})} />
      {element}
    </>
  );
}
