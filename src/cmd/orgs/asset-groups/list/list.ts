import {organizationAssetGroups} from '../../../../api/wire/endpoints/platform.js';
import type {CommandContext} from '../../../../cli/context.js';
import {fieldColumn, listView, runPlainRead} from '../../../../cli/passthrough.js';
import type {OutputFlags} from '../../../../output/index.js';

/** The documented `groups[]`: `{id, name, assetCount}` (docs/contract.md#passthrough-reads). */
const GROUP_VIEW = listView('groups', [
  fieldColumn('ID', 'id', {whole: true}),
  fieldColumn('NAME', 'name', {maxWidth: 50}),
  fieldColumn('ASSETS', 'assetCount', {align: 'right', whole: true}),
]);

/** `vigil orgs asset-groups list`: GET /organization/asset-groups, one request (it does not page). */
export function runAssetGroupsList(flags: OutputFlags, ctx: CommandContext): Promise<void> {
  return runPlainRead(flags, ctx, {endpoint: organizationAssetGroups, view: GROUP_VIEW, emptyMessage: 'The organization has no asset groups.'});
}
