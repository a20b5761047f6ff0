import type {DetectionSource} from '../../../api/wire/index.js';
import {listDetectionSources} from '../../../api/wire/endpoints/detections.js';
import type {CommandContext} from '../../../cli/context.js';
import {capture, Problems} from '../../../cli/problems.js';
import {printJson, printRows, resolveOutputFormat, revealInvisible, type Column, type OutputFlags} from '../../../output/index.js';

const list = (items: string[] | undefined) => items?.map(revealInvisible).join(',');

/** What vigil can read of an entry; a cell the upstream's entry does not fill is absent (`-`). */
export const SOURCE_COLUMNS: ReadonlyArray<Column<DetectionSource>> = [
  {header: 'KEY', value: s => (s.key === undefined ? undefined : revealInvisible(s.key)), whole: true},
  {header: 'NAME', value: s => (s.name === undefined ? undefined : revealInvisible(s.name)), maxWidth: 30, dropOrder: 2},
  {header: 'KIND', value: s => s.kind, whole: true},
  {header: 'SCOPES', value: s => list(s.scopes), maxWidth: 30, dropOrder: 3},
  {header: 'BRAND SCOPE', shortHeader: 'BRAND', value: s => s.brandScope, maxWidth: 20, dropOrder: 4},
  {header: 'ASSET TYPES', shortHeader: 'TYPES', value: s => list(s.assetTypes), maxWidth: 40, dropOrder: 1},
  {header: 'CONFIG SCHEMA', shortHeader: 'SCHEMA', value: s => (s.hasConfigSchema ? 'yes' : 'no'), whole: true, dropOrder: 5},
];

/**
 * `vigil detections sources`: GET /detection/sources, no parameter (the docs name none).
 * The docs give no response fields, so --json prints the body exactly as the upstream sent
 * it (registered secrets masked, as all output) and the other formats a table of what vigil
 * can read of it (docs/contract.md#listing-detection-sources); no answer fails the read.
 */
export async function runDetectionSources(flags: OutputFlags, ctx: CommandContext): Promise<void> {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  problems.throwIfAny();
  const answer = await ctx.client().call(listDetectionSources, {}, {signal: ctx.signal});
  if (format === 'json') {
    printJson(ctx.io, answer.raw);
    return;
  }
  printRows(ctx.io, format!, answer.sources, SOURCE_COLUMNS, {emptyMessage: 'The upstream lists no detection source vigil can read (see --json for its answer).'});
}
