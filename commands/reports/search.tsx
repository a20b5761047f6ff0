import {z} from 'zod';
import {argument, option} from 'pastel';
import {connectionOptions, orgOptions, outputOptions, triState} from '../../src/cli/options.js';
import {RunCommand} from '../../src/ui/run-command.js';
import {runReportsSearch} from '../../src/cmd/reports/search.js';

export const description = 'Tell whether reports already exist for the given assets (one request)';

export const args = z.array(z.string()).optional().describe(argument({name: 'content', description: 'Asset content (URL, domain, handle, address)'}));

export const options = connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
  asset: z.array(z.string()).optional().describe(option({description: 'Asset content, repeatable (alternative to positional arguments)', valueDescription: 'content'})),
  reportedByCustomer: triState('Only customer-submitted reports (--no-reported-by-customer: only non-customer)'),
  limit: z.string().optional().describe(option({description: 'Maximum reports returned, newest first, 1-100 (default 50)', valueDescription: 'n'})),
});
type Options = z.infer<typeof options>;
type Args = z.infer<typeof args>;

export default function ReportsSearch({options: flags, args: contents}: {options: Options; args: Args}) {
  return <RunCommand flags={flags} run={ctx => runReportsSearch({...flags, contents: contents ?? []}, ctx)} />;
}
