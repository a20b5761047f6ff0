import {DEPRECATED_ASSET_TYPES, SOCIAL_ASSET_TYPES, KNOWN_ASSET_TYPES} from '../../../api/enums.js';
import type {CommandContext} from '../../../cli/context.js';
import {capture, Problems} from '../../../cli/problems.js';
import {printRows, resolveOutputFormat, type Column, type OutputFlags} from '../../../output/index.js';

interface AssetTypeRow {
  type: string;
  group: 'social' | 'other';
  note: string;
}

const COLUMNS: ReadonlyArray<Column<AssetTypeRow>> = [
  {header: 'TYPE', value: row => row.type, whole: true},
  {header: 'GROUP', value: row => row.group, whole: true},
  {header: 'NOTE', value: row => row.note},
];

/**
 * `vigil asset types`: the one asset-type enum vigil uses (docs/contract.md#asset-types), from
 * the build, offline: no key, no request. The upstream's lists disagree; this is vigil's.
 */
export async function runAssetTypes(flags: OutputFlags, ctx: CommandContext): Promise<void> {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  problems.throwIfAny();
  const social = new Set<string>(SOCIAL_ASSET_TYPES);
  const rows = KNOWN_ASSET_TYPES.map(type => ({type, group: social.has(type) ? ('social' as const) : ('other' as const), note: DEPRECATED_ASSET_TYPES[type] ?? ''}));
  printRows(ctx.io, format!, rows, COLUMNS, {json: {types: rows}});
}
