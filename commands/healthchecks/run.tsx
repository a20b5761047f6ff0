import {z} from 'zod';
import {argument, option} from 'pastel';
import {connectionOptions, orgOptions, outputOptions} from '../../src/cli/options.js';
import {RunCommand} from '../../src/ui/run-command.js';
import {runHealthcheckCommand} from '../../src/cmd/healthchecks/run.js';

export const description = 'Run one healthcheck and show its severity, evidence and next step (exit 6 when it reaches --fail-on)';

const text = (description: string, valueDescription: string) => z.string().optional().describe(option({description, valueDescription}));

export const args = z.tuple([z.string().optional().describe(argument({name: 'check', description: 'Healthcheck id: takedowns.cancelled-count'}))]);

export const options = connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
  lookbackHours: text('Hours to look back, an integer above 0 (upstream default 168)', 'n'),
  warnThreshold: text('Count that grades warn, an integer >= 0 (upstream default 3)', 'n'),
  failThreshold: text('Count that grades fail, an integer >= warn threshold (upstream default 10)', 'n'),
  failOn: text('Exit 6 when the severity reaches this: warn or fail (default: fail)', 'severity'),
});
type Options = z.infer<typeof options>;

export default function HealthchecksRun({options: flags, args: [check]}: {options: Options; args: z.infer<typeof args>}) {
  return <RunCommand flags={flags} run={ctx => runHealthcheckCommand(check, flags, ctx)} />;
}
