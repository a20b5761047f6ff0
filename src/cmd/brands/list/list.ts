import {organizationBrands} from '../../../api/wire/endpoints/platform.js';
import type {CommandContext} from '../../../cli/context.js';
import {fieldColumn, listView, runPlainRead} from '../../../cli/passthrough.js';
import type {OutputFlags} from '../../../output/index.js';

/**
 * `brands[]` as the upstream CLI reads it (`.brands[] | {id, name}`); `type` and `websiteUrl`
 * are named on the API page, nothing else of the shape is (docs/contract.md#passthrough-reads).
 */
const BRAND_VIEW = listView('brands', [
  fieldColumn('ID', 'id', {whole: true}),
  fieldColumn('NAME', 'name', {maxWidth: 40}),
  fieldColumn('TYPE', 'type', {whole: true, omitIfUniform: true}),
  fieldColumn('WEBSITE', 'websiteUrl', {maxWidth: 50, dropOrder: 1}),
]);

/** `vigil brands list`: GET /organization/brands, one request (it does not page). */
export function runBrandsList(flags: OutputFlags, ctx: CommandContext): Promise<void> {
  return runPlainRead(flags, ctx, {endpoint: organizationBrands, view: BRAND_VIEW, emptyMessage: 'The organization has no brands.'});
}
