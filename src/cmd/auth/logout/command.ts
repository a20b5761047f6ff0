import {authLogout} from './logout.js';
import {defineCommand} from '../../../cli/define.js';
import {debugOptions} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['auth', 'logout'],
  description: 'Remove the saved API key',
  examples: [{command: 'vigil auth logout', explains: 'Forget the saved key (VIGIL_API_KEY, if set, still applies)'}, {command: 'vigil auth logout && vigil auth status', explains: 'Check what is left'}],
  options: () => debugOptions.extend({}),
  skipSavedFiles: true,
  // Removes the operator's saved key.
  mcp: false,
  run: (_input, ctx) => authLogout(ctx),
});
