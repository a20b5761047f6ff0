import {useEffect} from 'react';
import {useApp} from 'ink';
import {option} from 'pastel';
import {z} from 'zod';
import {processIO} from '../src/cli/io.js';
import {runSandboxCommand} from '../src/sandbox/command.js';

export const description = 'Serve a local sandbox of the External API v2 (seeded data, two API keys) for trying vigil and for tests';

const value = (description: string, valueDescription: string) => option({description, valueDescription});

export const options = z.object({
  port: z.string().optional().describe(value('Port to listen on; 0 picks a free one (default 4010)', 'n')),
  host: z.string().optional().describe(value('Address to listen on (default 127.0.0.1, loopback only)', 'host')),
  seed: z.string().optional().describe(value('Seed of the generated data; the same seed gives the same data (default demo)', 'text')),
  seedFile: z.string().optional().describe(value('Serve the orgs, reports and takedown log of a JSON fixture instead (see docs/sandbox.md)', 'path')),
  apiKey: z.string().optional().describe(value('All-orgs key (default: VIGIL_SANDBOX_API_KEY, else random per start)', 'key')),
  scopedKey: z.string().optional().describe(value('Key limited to --scoped-org (default: VIGIL_SANDBOX_SCOPED_KEY, else random)', 'key')),
  scopedOrg: z.string().optional().describe(value('Org the scoped key may access (default: the first org, acme)', 'slug')),
  quiet: z.boolean().optional().describe('Do not log each request to stderr'),
});
type Options = z.infer<typeof options>;

/** Long-running: the server lives until Ctrl+C or SIGTERM; nothing is rendered through Ink. */
export default function Sandbox({options: flags}: {options: Options}) {
  const {exit} = useApp();
  useEffect(() => {
    void runSandboxCommand(flags, processIO()).then(code => {
      process.exitCode = code;
      exit();
      setTimeout(() => process.exit(), 100).unref();
    });
  }, []);
  return null;
}
