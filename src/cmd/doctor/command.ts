import * as z from 'zod';
import {runDoctor} from './doctor.js';
import {defineCommand} from '../../cli/define.js';
import {connectionOptions, option, orgOptions} from '../../cli/options.js';

export const definition = defineCommand({
  path: ['doctor'],
  description: 'Check config, key, API, Redis and live workers: one line per check, exit 0 when nothing fails',
  examples: [
    {command: 'vigil doctor', explains: 'Check everything with the settings in use'},
    {command: 'vigil doctor --redis-url redis+sentinel://s1:26379,s2:26379/mymaster --prefix vigil', explains: 'Check the Redis the workers share through Sentinel'},
    {command: 'vigil doctor --json', explains: 'The checks as JSON ({check, status, detail, hint?, exitCode?}), for a script'},
  ],
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend({
      json: z.boolean().optional().describe('Print the checks as JSON ({check, status, detail, hint?, exitCode?})'),
      redisUrl: z.string().optional().describe(option({description: 'Redis the workers share, any form `vigil worker` takes (default: VIGIL_REDIS_URL, then redis://127.0.0.1:6379)', valueDescription: 'url'})),
      redisCa: z.string().optional().describe(option({description: 'PEM file of the CA for rediss:// (default: VIGIL_REDIS_CA)', valueDescription: 'file'})),
      prefix: z.string().optional().describe(option({description: 'Redis key prefix of the queue (default: VIGIL_PREFIX, then vigil)', valueDescription: 'prefix'})),
    }),
  // Where Redis is is the server's setting (VIGIL_REDIS_URL, ...), not an agent's.
  mcp: {readOnly: true, omit: ['redisUrl', 'redisCa', 'prefix']},
  run: ({options}, ctx) => runDoctor(options, ctx),
});
