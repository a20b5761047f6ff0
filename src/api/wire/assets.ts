import * as z from 'zod';
import {memo} from '../../memo.js';

/*
 * POST /asset/check (docs/contract.md#checking-assets). Request `{content}`; the answer read
 * tolerantly: `status` is what a check answers, required; `source`, `reason`, `sources`,
 * `message` and `code` may be missing, null, or hold values the docs do not list (their
 * renders disagree on `reason`), so they are read as strings.
 */

export function assetCheckBody(content: string): Record<string, unknown> {
  return {content};
}

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform(value => value ?? undefined);

export const assetCheckResponseSchema = memo(() => z.object({
  status: z.string().min(1),
  source: nullish(z.string()),
  reason: nullish(z.string()),
  sources: nullish(z.array(z.object({source: nullish(z.string()), status: nullish(z.string())}))),
  message: nullish(z.string()),
  code: nullish(z.string()),
}));
export type AssetCheckResult = z.output<ReturnType<typeof assetCheckResponseSchema>>;
