import {normalizeAssetContent} from '../../api/wire/index.js';
import type {CreatePlan} from '../../cmd/reports/create/body.js';
import type {AssetRejection} from '../../errors.js';
import type {AssetAnswerInput, DuplicateCheck} from './types.js';

/*
 * What the guided create does with what the upstream already knows: assets already
 * reported (dropped before sending, if the user agrees) and assets a 422 rejected (marked
 * on the form the user returns to). Pure, so the reducer and the views share them.
 */

/** Contents the duplicate check knows are already reported (not the maybes). */
export function knownDuplicates(check: DuplicateCheck | null): string[] {
  if (!check || 'error' in check) return [];
  return check.answers.filter(answer => answer.reported === true).map(answer => answer.content);
}

const keyOf = (content: string) => normalizeAssetContent(content);

/** Whether `content` is one of `contents`, matched as the upstream matches assets. */
export function among(contents: readonly string[], content: string): boolean {
  const key = keyOf(content);
  return contents.some(other => keyOf(other) === key);
}

/** The plan and the check without the given assets; warnings stay (they may still apply). */
export function dropFromPlan(plan: CreatePlan, check: DuplicateCheck, dropped: readonly string[]): {plan: CreatePlan; check: DuplicateCheck} {
  const body = {...plan.body, assets: plan.body.assets.filter(asset => !among(dropped, asset.content))};
  const kept = 'error' in check ? check : {...check, answers: check.answers.filter(answer => !among(dropped, answer.content))};
  return {plan: {...plan, body}, check: kept};
}

/** How many of the plan's assets would be left after dropping `dropped`. */
export function remainingAfter(plan: CreatePlan, dropped: readonly string[]): number {
  return plan.body.assets.filter(asset => !among(dropped, asset.content)).length;
}

/** The upstream's rejection of this asset, if the last 422 named it. */
export function rejectionOf(rejections: readonly AssetRejection[], content: string): AssetRejection | undefined {
  return rejections.find(rejection => among([rejection.asset], content));
}

/** An asset as typed in the form: `content:STATUS` round-trips through the --asset parser. */
export function assetText(asset: AssetAnswerInput): string {
  return asset.status ? `${asset.content}:${asset.status}` : asset.content;
}
