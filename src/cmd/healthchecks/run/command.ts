import * as z from 'zod';
import {runHealthcheckCommand} from './run.js';
import {defineCommand} from '../../../cli/define.js';
import {argument, connectionOptions, orgOptions, OUTPUT_FORMATS, outputOptions, textOption} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['healthchecks', 'run'],
  description: 'Run one healthcheck and show its severity, evidence and next step (exit 6 when it reaches --fail-on)',
  examples: [
    {command: 'vigil healthchecks run takedowns.cancelled-count', explains: 'Grade the takedowns cancelled over the last week'},
    {command: 'vigil healthchecks run takedowns.cancelled-count --lookback-hours 24 --fail-on warn', explains: 'Look at one day, and exit 6 already at warn (for cron or CI)'},
    {command: 'vigil healthchecks run takedowns.cancelled-count --json', explains: 'The result as JSON'},
  ],
  args: () => z.tuple([z.string().optional().describe(argument({name: 'check', description: 'Healthcheck id: takedowns.cancelled-count'}))]),
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
      lookbackHours: textOption('Hours to look back, an integer above 0 (upstream default 168)', 'n'),
      warnThreshold: textOption('Count that grades warn, an integer >= 0 (upstream default 3)', 'n'),
      failThreshold: textOption('Count that grades fail, an integer >= warn threshold (upstream default 10)', 'n'),
      failOn: textOption('Exit 6 when the severity reaches this: warn or fail (default: fail)', 'severity'),
    }),
  completions: {'<args>': ['takedowns.cancelled-count'], failOn: ['warn', 'fail'], output: OUTPUT_FORMATS},
  run: ({options, args: [check]}, ctx) => runHealthcheckCommand(check, options, ctx),
});
