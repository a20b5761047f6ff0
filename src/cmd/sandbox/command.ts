import * as z from 'zod';
import {runSandboxCommand} from './sandbox.js';
import {defineCommand} from '../../cli/define.js';
import {option} from '../../cli/options.js';

const value = (description: string, valueDescription: string) => option({description, valueDescription});

export const definition = defineCommand({
  path: ['sandbox'],
  description: 'Serve a local sandbox of the External API v2 (seeded data, two API keys) for trying vigil and for tests',
  examples: [
    {command: 'vigil sandbox', explains: 'Serve on 127.0.0.1:4010; the banner prints the keys and the commands to try'},
    {command: 'vigil sandbox --port 0 --quiet --seed ci', explains: 'A free port, no request log, the same data at every start'},
    {command: 'vigil sandbox --seed-file fixture.json', explains: 'Serve your own orgs and reports'},
  ],
  options: () =>
    z.object({
      port: z.string().optional().describe(value('Port to listen on; 0 picks a free one (default 4010)', 'n')),
      host: z.string().optional().describe(value('Address to listen on (default 127.0.0.1, loopback only)', 'host')),
      seed: z.string().optional().describe(value('Seed of the generated data; the same seed gives the same data (default demo)', 'text')),
      seedFile: z.string().optional().describe(value('Serve the orgs, reports and takedown log of a JSON fixture instead (see docs/sandbox.md)', 'path')),
      apiKey: z.string().optional().describe(value('All-orgs key (default: VIGIL_SANDBOX_API_KEY, else random per start)', 'key')),
      scopedKey: z.string().optional().describe(value('Key limited to --scoped-org (default: VIGIL_SANDBOX_SCOPED_KEY, else random)', 'key')),
      scopedOrg: z.string().optional().describe(value('Org the scoped key may access (default: the first org, acme)', 'slug')),
      reviewLimit: z.string().optional().describe(value('Reviews each org may make per rolling 24 hours (default 10, as upstream)', 'n')),
      quiet: z.boolean().optional().describe('Do not log each request to stderr'),
    }),
  // The sandbox reads no vigil settings; a damaged config file must not stop it.
  skipSavedFiles: true,
  // Long-running: the server lives until Ctrl+C or SIGTERM and maps its own errors.
  // Runs until stopped.
  mcp: false,
  run: ({options}, ctx) => runSandboxCommand(options, ctx.io, ctx.signal),
});
