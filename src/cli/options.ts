import {z} from 'zod';
import {option} from 'pastel';

/*
 * Option fragments every command extends (Pastel has no global options). Schemas here are
 * types only: semantic checks happen in each command's validate step, so a bad value gets
 * an error naming the flag, on stderr, with exit 3 (Pastel's own zod errors go to stdout).
 */

export const debugOptions = z.object({
  debug: z.boolean().optional().describe('Trace each HTTP request to stderr (the key is redacted). Also VIGIL_DEBUG=1'),
});

export const connectionOptions = debugOptions.extend({
  baseUrl: z
    .string()
    .optional()
    .describe(option({description: 'API base URL ending in /api/v2 (default: VIGIL_BASE_URL, then saved config)', valueDescription: 'url'})),
});

export const orgOptions = z.object({
  org: z
    .string()
    .optional()
    .describe(option({description: 'Organization slug (default: VIGIL_ORG, then saved config)', valueDescription: 'slug'})),
});

export const outputOptions = z.object({
  json: z.boolean().optional().describe('Print JSON (same as --output json)'),
  output: z
    .string()
    .optional()
    .describe(option({description: 'Output format: table, tsv, markdown or json (default: table on a terminal, tsv when piped)', valueDescription: 'format'})),
});

/**
 * A `--x` / `--no-x` flag (see normalize-argv.ts): undefined when absent, else 'true' or
 * 'false'. Read it with `readTriState`.
 */
export function triState(description: string) {
  return z.enum(['true', 'false']).optional().describe(option({description, valueDescription: 'true|false'}));
}

export function readTriState(value: 'true' | 'false' | undefined): boolean | undefined {
  return value === undefined ? undefined : value === 'true';
}
