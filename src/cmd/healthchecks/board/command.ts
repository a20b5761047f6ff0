import {runHealthchecksBoard} from './board.js';
import {defineCommand} from '../../../cli/define.js';
import {wantsInteractive} from '../../../cli/interactive.js';
import {connectionOptions, interactiveOption, OUTPUT_FORMATS, outputOptions} from '../../../cli/options.js';
import {FAIL_ON_VALUES, failOnOption} from '../../../healthcheck/fail-on.js';
import {scheduleRedisOptions} from '../../schedules/shared/queue.js';

export const definition = defineCommand({
  path: ['healthchecks', 'board'],
  description: "Every org and every check the workers grade, live from their Redis: what is red, since when, and the runbook (piped: one snapshot, exit 6 with --fail-on)",
  examples: [
    {command: 'vigil healthchecks board', explains: 'The live grid on a terminal: Enter for a cell’s detail, r to grade it now, ? for every key'},
    {command: 'vigil healthchecks board --json | jq -c \'.cells[] | select(.severity != "ok")\'', explains: 'One snapshot as JSON, every (check, org) that is not ok'},
    {command: 'vigil healthchecks board --output tsv --fail-on warn', explains: 'For cron: a TSV snapshot, exit 6 when any check grades warn or worse'},
  ],
  options: () =>
    connectionOptions.extend(outputOptions.shape).extend(scheduleRedisOptions).extend({
      failOn: failOnOption(),
      interactive: interactiveOption('Print one snapshot and exit instead of the live board'),
    }),
  completions: {failOn: FAIL_ON_VALUES, output: OUTPUT_FORMATS},
  // The live board runs until quit; its snapshot is what `vigil mcp` offers. Where the results
  // live is the server's setting (VIGIL_REDIS_URL, ...), not an agent's.
  mcp: {readOnly: true, omit: ['redisUrl', 'redisCa', 'prefix', 'interactive']},
  run: ({options}, ctx) => runHealthchecksBoard(options, ctx),
  interactive: {
    when: ({options}, io) => wantsInteractive(options, io),
    load: () => import('../../../ui/screens/healthchecks-board.js').then(m => m.HealthchecksBoardScreen),
  },
});
