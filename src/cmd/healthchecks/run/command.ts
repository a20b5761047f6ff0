import * as z from 'zod';
import {runHealthcheckCommand} from './run.js';
import {DOCUMENTED_HEALTHCHECK_IDS} from '../../../api/wire/healthcheck-registry.js';
import {defineCommand} from '../../../cli/define.js';
import {FAIL_ON_VALUES, failOnOption} from '../../../healthcheck/fail-on.js';
import {argument, connectionOptions, listOption, orgOptions, OUTPUT_FORMATS, outputOptions, textOption} from '../../../cli/options.js';

export const definition = defineCommand({
  path: ['healthchecks', 'run'],
  description: 'Run one healthcheck, or every implemented one (--all), and show severity, evidence and next step (exit 6 when one reaches --fail-on)',
  examples: [
    {command: 'vigil healthchecks run takedowns.cancelled-count --lookback-hours 24 --fail-on warn', explains: 'Grade one day of cancelled takedowns, and exit 6 already at warn (for cron or CI)'},
    {command: 'vigil healthchecks run reviewing.backlog --param warnThreshold=5 --json', explains: 'Any check of the registry, any body field, the result as JSON'},
    {command: 'vigil healthchecks run --all --org acme', explains: 'Every implemented check of the registry, worst first'},
  ],
  args: () => z.tuple([z.string().optional().describe(argument({name: 'check', description: 'Healthcheck id, <group>.<name> (`vigil healthchecks list`); omit with --all'}))]),
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
      all: z.boolean().optional().describe('Run every check the registry says is implemented, a few at a time, in one table'),
      maxChecks: textOption('With --all: run at most this many checks, the first in the registry\'s order (default 100)', 'n'),
      lookbackHours: textOption('Hours to look back, an integer above 0 (cancelled-count, silent-configs; upstream default 168)', 'n'),
      warnThreshold: textOption('Count that grades warn, an integer >= 0 (cancelled-count; upstream default 3)', 'n'),
      failThreshold: textOption('Count that grades fail, an integer >= warn threshold (cancelled-count; upstream default 10)', 'n'),
      minResults: textOption('Results each detection config must produce, an integer >= 0 (detections.silent-configs)', 'n'),
      baselineDays: textOption('Days of the baseline rate, an integer above 0 (assets.dead-asset-spike)', 'n'),
      minSpikeCount: textOption('Dead assets a spike needs at least, an integer >= 0 (assets.dead-asset-spike)', 'n'),
      param: listOption('Body field name=value, repeatable; numbers and true/false are sent typed (with --all: sent to every check)', 'name=value'),
      failOn: failOnOption(),
    }),
  completions: {'<args>': DOCUMENTED_HEALTHCHECK_IDS, failOn: FAIL_ON_VALUES, output: OUTPUT_FORMATS},
  mcp: {readOnly: true},
  run: ({options, args: [check]}, ctx) => runHealthcheckCommand(check, options, ctx),
});
