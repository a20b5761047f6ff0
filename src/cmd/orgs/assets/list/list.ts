import {ORG_ASSETS_PAGE_MAX, organizationAssets, type OrgAssetsFilters} from '../../../../api/wire/endpoints/platform.js';
import * as z from 'zod';
import type {CommandContext} from '../../../../cli/context.js';
import {checkFlags, nonBlank, wholeNumber} from '../../../../cli/flag-values.js';
import {assetTypeWarnings} from '../../../../cli/list-flags.js';
import {fieldColumn, listView, readFormat, runPassthroughRead} from '../../../../cli/passthrough.js';
import {Problems} from '../../../../cli/problems.js';
import {revealInvisible, sanitizeText, type OutputFlags} from '../../../../output/index.js';
import {shellCommand} from '../../../../output/shell.js';

export interface OrgAssetsListFlags extends OutputFlags {
  assetType?: string;
  type?: string;
  groupId?: string;
  query?: string;
  perPage?: string;
  limit?: string;
  nextPage?: string;
  all?: boolean;
}

const perPage = () => wholeNumber({min: 1, max: ORG_ASSETS_PAGE_MAX}).optional();
// An unknown type is sent with a warning (the upstream adds types), but never text no type could be.
const assetType = () =>
  nonBlank()
    .transform(value => value.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'must be an asset type such as URL or TWITTER (letters, digits and _; vigil asset types)'))
    .optional();
const orgAssetsFlags = z.object({
  assetType: assetType(),
  type: assetType(),
  groupId: wholeNumber({min: -1}).optional(),
  query: nonBlank().optional(),
  perPage: perPage(),
  limit: perPage(),
  nextPage: nonBlank().optional(),
});

/** The documented asset: `{id, content, type, status, name?, description, group: {id, name} | null, createdAt, updatedAt}`. */
const ASSET_VIEW = listView('assets', [
  fieldColumn('ID', 'id', {whole: true}),
  {...fieldColumn('CONTENT', 'content', {minWidth: 20, maxWidth: 60}), value: row => (typeof row.content === 'string' ? revealInvisible(row.content) : undefined)},
  fieldColumn('TYPE', 'type', {whole: true, omitIfUniform: true}),
  fieldColumn('STATUS', 'status', {whole: true, omitIfUniform: true}),
  fieldColumn('NAME', 'name', {maxWidth: 30, dropOrder: 2}),
  fieldColumn('GROUP', 'group.name', {maxWidth: 20, dropOrder: 1, omitIfUniform: true}),
  fieldColumn('UPDATED', 'updatedAt', {whole: true}),
]);

/**
 * `vigil orgs assets list`: one page of GET /organization/assets, or with --all every page;
 * the documented query only (the org is the key's own: docs/contract.md#the-organizations-allowlist).
 */
export async function runOrgAssetsList(flags: OrgAssetsListFlags, ctx: CommandContext): Promise<void> {
  const problems = new Problems();
  if (flags.assetType !== undefined && flags.type !== undefined) problems.add('--type', 'is --asset-type; give one of them');
  if (flags.perPage !== undefined && flags.limit !== undefined) problems.add('--limit', 'is --per-page; give one of them');
  if (flags.all === true && flags.nextPage !== undefined) problems.add('--next-page', 'cannot be combined with --all (which starts at the first page)');
  const values = checkFlags(orgAssetsFlags, flags, problems) ?? {};
  const format = readFormat(flags, ctx, problems);
  const type = values.assetType ?? values.type;
  for (const warning of assetTypeWarnings('--asset-type', type === undefined ? [] : [type])) ctx.io.stderr.write(`warning: ${sanitizeText(warning)}\n`);
  const filters: OrgAssetsFilters = {type, groupId: values.groupId, query: values.query, perPage: values.perPage ?? values.limit, nextPage: values.nextPage};
  const nextCommand = (cursor: string) => {
    const words = ['vigil', 'orgs', 'assets', 'list'];
    for (const [flag, value] of [['--asset-type', type], ['--group-id', filters.groupId?.toString()], ['--query', filters.query], ['--per-page', filters.perPage?.toString()], ['--next-page', cursor]] as const) {
      if (value !== undefined) words.push(flag, value);
    }
    return shellCommand(words);
  };
  await runPassthroughRead(ctx, {
    endpoint: organizationAssets,
    input: filters,
    format,
    view: ASSET_VIEW,
    emptyMessage: 'No assets match these filters.',
    paging: {all: flags.all === true, withCursor: cursor => ({...filters, nextPage: cursor}), nextCommand, noun: 'assets'},
  });
}
