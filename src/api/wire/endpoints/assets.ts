import * as z from 'zod';
import {memo} from '../../../memo.js';
import {defineEndpoint} from '../endpoint.js';
import {assetCheckBody, assetCheckResponseSchema} from '../assets.js';

/** The body POST /asset/check takes (docs/contract.md#checking-assets). */
export const assetCheckBodySchema = memo(() => z.object({content: z.string().trim().min(1, 'content: required, the asset to check')}));

/** One asset's status (docs/contract.md#checking-assets): a read, safe to repeat; pass a pacer for a bulk run. */
export const checkAsset = defineEndpoint({
  name: 'checkAsset',
  method: 'POST',
  path: 'asset/check',
  summary: 'Check asset status: BLOCKED, ALLOWED or UNKNOWN, with the source that decided',
  tag: 'asset',
  request: assetCheckBodySchema,
  toWire: (content: string) => assetCheckBody(content) as {content: string},
  response: assetCheckResponseSchema,
  repeat: 'idempotent',
});
