import * as z from 'zod';
import {ASSET_STATUSES} from '../../../api/enums.js';
import {runReportsCreate} from './create.js';
import {createNeeds} from '../shared/create-needs.js';
import {defineCommand} from '../../../cli/define.js';
import {wantsInteractive} from '../../../cli/interactive.js';
import {connectionOptions, interactiveOption, orgOptions, OUTPUT_FORMATS, outputOptions, textOption, listOption} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['reports', 'create'],
  description: 'Create a report with one or more assets',
  examples: [
    {command: 'vigil reports create', explains: 'On a terminal: prompts for the title, description and assets'},
    {command: "vigil reports create --title 'Fake login page' --description 'Phishing kit' --asset evil.example:BLOCKED", explains: 'Everything on the command line, no prompt'},
    {command: 'vigil reports create --payload-file report.json --asset another.example --dry-run', explains: 'Print the body that would be sent, and send nothing'},
  ],
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
      title: textOption('Report title (at least 3 characters)', 'text'),
      description: textOption('Report description (markdown allowed)', 'text'),
      contactInfo: textOption('Reporter contact info', 'text'),
      // No brackets in the value name: Commander reads `[x[:y]...]` as a single value, not a list.
      asset: listOption("Asset to report as content or content:STATUS (BLOCKED, ALLOWED, UNKNOWN; default: the server's), repeatable", 'content'),
      attachmentUrl: listOption('Attachment URL, repeatable', 'url'),
      externalSubmissionLink: textOption('External submission link', 'url'),
      payloadFile: textOption('JSON file holding the full report body; flags override its fields and add to its lists', 'path'),
      dryRun: z.boolean().optional().describe('Print the JSON body that would be sent, and send nothing'),
      interactive: interactiveOption('Never prompt: a missing field is an error naming its flag'),
    }),
  completions: {output: OUTPUT_FORMATS, asset: ASSET_STATUSES.map(status => `:${status}`)},
  // Each call files another report. The body's fields are tool inputs; a file on the server's disk is not.
  mcp: {readOnly: false, destructive: false, idempotent: false, omit: ['payloadFile']},
  run: ({options}, ctx) => runReportsCreate(options, ctx),
  interactive: {
    // Missing fields are prompted for at a terminal; elsewhere the static path names the flags (exit 3).
    when: ({options}, io) => createNeeds(options) !== null && wantsInteractive(options, io),
    load: () => import('../../../ui/screens/reports-create.js').then(m => m.ReportsCreateScreen),
  },
});
