import {InputError} from '../errors.js';
import {sanitizeText} from './sanitize.js';

export const OUTPUT_FORMATS = ['table', 'tsv', 'markdown', 'csv', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface OutputFlags {
  json?: boolean;
  output?: string;
}

/**
 * The format a data command prints in: `--json`, else `--output`, else a table on a
 * terminal and TSV when piped (what `cut`, `awk` and `sort` expect).
 * `--json` with `--output` is refused even when they agree, so scripts say one thing.
 */
export function resolveOutputFormat(flags: OutputFlags, io: {stdoutIsTTY: boolean}): OutputFormat {
  if (flags.json === true && flags.output !== undefined) {
    throw new InputError([{field: '--json', message: 'cannot be combined with --output (use one: --json is --output json)'}]);
  }
  if (flags.json === true) return 'json';
  if (flags.output !== undefined) {
    const wanted = flags.output.trim().toLowerCase();
    const found = OUTPUT_FORMATS.find(format => format === wanted);
    if (!found) {
      throw new InputError([{field: '--output', message: `must be one of ${OUTPUT_FORMATS.join(', ')} (got "${sanitizeText(flags.output)}")`}]);
    }
    return found;
  }
  return io.stdoutIsTTY ? 'table' : 'tsv';
}
