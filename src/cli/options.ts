import * as z from 'zod';
/*
 * Pastel's `option()` and `argument()`, which tag a zod description with metadata for its
 * option generator. Importing them from 'pastel' would load Pastel's entry point, and with
 * it Ink and React, on the path that draws nothing; the tag format is Pastel's (see
 * node_modules/pastel/build/index.js), and test/cli/paths.test.ts compares both paths' help.
 */
export function option(config: {description: string; valueDescription?: string; defaultValueDescription?: string}): string {
  return `__pastel_option_config__${JSON.stringify(config)}`;
}

export function argument(config: {name: string; description?: string; defaultValueDescription?: string}): string {
  return `__pastel_argument_config__${JSON.stringify(config)}`;
}

export {OUTPUT_FORMATS} from '../output/format.js';

/*
 * Option fragments every command extends (Pastel has no global options). Schemas here are
 * types only: semantic checks happen in each command's validate step, so a bad value gets
 * an error naming the flag, on stderr, with exit 3 (Pastel's own zod errors go to stdout).
 */

export const debugOptions = z.object({
  debug: z.boolean().optional().describe('Trace each HTTP request to stderr (the key is redacted). Also VIGIL_DEBUG=1'),
});

/** `--timeout`: every command that calls the upstream has it (connectionOptions, auth login). */
export const timeoutOptions = z.object({
  timeout: z
    .string()
    .optional()
    .describe(option({description: 'Give up on each call after this long, retries included: 30s, 2m, 1m30s; a number alone is seconds (default: VIGIL_TIMEOUT, then 60s)', valueDescription: 'duration'})),
});

export const connectionOptions = debugOptions.extend({
  baseUrl: z
    .string()
    .optional()
    .describe(option({description: 'API base URL ending in /api/v2 (default: VIGIL_BASE_URL, then saved config)', valueDescription: 'url'})),
}).extend(timeoutOptions.shape);

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
    .describe(option({description: 'Output format: table, tsv, markdown, csv or json (default: table on a terminal, tsv when piped)', valueDescription: 'format'})),
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

/**
 * `--no-interactive` (the schema's default is true, so Pastel offers only the negation).
 * Describe what the flag does, since the help shows only `--no-interactive`.
 */
export function interactiveOption(description: string) {
  return z.boolean().default(true).describe(description);
}

/** A flag taking one value (checked by the command, which names the flag in its errors). */
export function textOption(description: string, valueDescription: string) {
  return z.string().optional().describe(option({description, valueDescription}));
}

/** A repeatable flag; Pastel makes it variadic: `--asset a --asset b` and `--asset a b` both give two. */
export function listOption(description: string, valueDescription: string) {
  return z.array(z.string()).optional().describe(option({description, valueDescription}));
}

/** A flag's or argument's help as `option()`, `argument()` or a plain `.describe()` wrote it. */
export interface DescriptionParts {
  description: string;
  /** The value's label in the help: `--limit <n>`. */
  valueDescription?: string;
  /** An argument's name: `<proposal-id>`. */
  name?: string;
}

const TAGS = ['__pastel_option_config__', '__pastel_argument_config__'];

export function readDescription(text: string | undefined): DescriptionParts {
  const tag = TAGS.find(prefix => text?.startsWith(prefix));
  if (text === undefined) return {description: ''};
  if (tag === undefined) return {description: text};
  const config = JSON.parse(text.slice(tag.length)) as Partial<DescriptionParts>;
  return {...config, description: config.description ?? ''};
}

/**
 * What a value label tells of the value to whoever sees no help text (the MCP tools
 * advertise it as the value's type): `n` a whole number, `list` and `ids` a comma list.
 * Any other label is text. Keep labels to these meanings.
 */
export const VALUE_LABEL_TYPES: Readonly<Record<string, 'integer' | 'commaList'>> = {n: 'integer', list: 'commaList', ids: 'commaList'};
