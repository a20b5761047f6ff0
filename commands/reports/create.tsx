import {z} from 'zod';
import {option} from 'pastel';
import {connectionOptions, orgOptions, outputOptions} from '../../src/cli/options.js';
import {RunCommand} from '../../src/ui/run-command.js';
import {runReportsCreate} from '../../src/cmd/reports/create.js';
import {processIO} from '../../src/cli/io.js';
import {wantsInteractive} from '../../src/ui/hooks/use-interactive-command.js';
import {createNeeds} from '../../src/ui/create/needs.js';
import {lazy, Suspense} from 'react';

// Loaded only when prompting: scripted runs skip the prompts' modules at start-up.
const GuidedCreate = lazy(() => import('../../src/ui/create/guided-create.js').then(m => ({default: m.GuidedCreate})));

export const description = 'Create a report with one or more assets';

const text = (description: string, valueDescription: string) => z.string().optional().describe(option({description, valueDescription}));
// Arrays are variadic in Pastel: `--asset a --asset b` and `--asset a b` both give two.
const list = (description: string, valueDescription: string) => z.array(z.string()).optional().describe(option({description, valueDescription}));

export const options = connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
  title: text('Report title (at least 3 characters)', 'text'),
  description: text('Report description (markdown allowed)', 'text'),
  contactInfo: text('Reporter contact info', 'text'),
  // No brackets in the value name: Commander reads `[x[:y]...]` as a single value, not a list.
  asset: list('Asset to report as content or content:STATUS (BLOCKED, ALLOWED, UNKNOWN; default: the server\'s), repeatable', 'content'),
  attachmentUrl: list('Attachment URL, repeatable', 'url'),
  externalSubmissionLink: text('External submission link', 'url'),
  payloadFile: text('JSON file holding the full report body; flags override its fields and add to its lists', 'path'),
  dryRun: z.boolean().optional().describe('Print the JSON body that would be sent, and send nothing'),
  interactive: z.boolean().default(true).describe('Prompt for missing fields on a terminal (--no-interactive: never prompt)'),
});
type Options = z.infer<typeof options>;

export default function ReportsCreate({options: flags}: {options: Options}) {
  // Missing fields are prompted for at a terminal; elsewhere the static path names the flags (exit 3).
  const needs = createNeeds(flags);
  if (needs && wantsInteractive(flags, processIO())) {
    return (
      <Suspense fallback={null}>
        <GuidedCreate flags={flags} needs={needs} />
      </Suspense>
    );
  }
  return <RunCommand flags={flags} run={ctx => runReportsCreate(flags, ctx)} />;
}
