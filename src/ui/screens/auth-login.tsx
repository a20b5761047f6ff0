import type {CommandInput} from '../../cli/define.js';
import {authLogin, type LoginOptions} from '../../cmd/auth/login/login.js';
import {useSecretPrompt} from '../password-prompt.js';
import {RunCommand} from '../run-command.js';

/** `vigil auth login` at a terminal without --with-key: the masked key prompt. */
export function AuthLoginScreen({input}: {input: CommandInput<LoginOptions & {debug?: boolean}, unknown>}) {
  const {promptKey, element} = useSecretPrompt('API key');
  return (
    <>
      {/* The saved files are rewritten here, so a damaged one must not stop the login that repairs it. */}
      <RunCommand flags={{...input.options, skipSavedFiles: true}} run={ctx => authLogin(input.options, ctx, {promptKey})} />
      {element}
    </>
  );
}
