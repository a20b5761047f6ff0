import {userOrg} from '../../../api/wire/endpoints/platform.js';
import * as z from 'zod';
import type {CommandContext} from '../../../cli/context.js';
import {checkValue} from '../../../cli/flag-values.js';
import {FIELD_VIEW, readFormat, runPassthroughRead} from '../../../cli/passthrough.js';
import {Problems} from '../../../cli/problems.js';
import {ORG_SLUG, ORG_SLUG_RULE} from '../../../config/validate.js';
import type {OutputFlags} from '../../../output/index.js';

export interface OrgsGetFlags extends OutputFlags {
  slug?: string;
}

/**
 * `vigil orgs get <slug>`: GET /user/orgs/{slug}, the slug escaped in the path; every field
 * of the answer as a FIELD/VALUE row (docs/contract.md#passthrough-reads).
 */
export async function runOrgsGet(flags: OrgsGetFlags, ctx: CommandContext): Promise<void> {
  const problems = new Problems();
  const slug = checkValue(z.string().trim().regex(ORG_SLUG, ORG_SLUG_RULE), flags.slug ?? '', 'slug', problems);
  const format = readFormat(flags, ctx, problems);
  await runPassthroughRead(ctx, {endpoint: userOrg, input: {slug: slug!}, format, view: FIELD_VIEW, emptyMessage: 'The upstream sent an empty answer.'});
}
