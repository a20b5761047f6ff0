import * as z from 'zod';
import {memo} from '../../memo.js';
import {nullish, optionalIdText, optionalText} from './read.js';

/*
 * POST /asset/search (docs/contract.md#searching-an-asset): one asset by content or by id,
 * with its reports, its takedown and who consumed its block. vigil sends one of `content`
 * and `assetId`, never both (whether both may be sent is not documented). The answer is
 * read tolerantly: every part may be missing or null (nullability is not documented); a
 * missing `asset` is an asset the upstream does not hold.
 */

export type AssetSearchRequest = {content: string} | {assetId: number};

export const assetSearchBodySchema = memo(() => z
  .object({
    content: z.string().trim().min(1).optional().describe('The asset content (one of content and assetId)'),
    assetId: z.number().int().positive().optional().describe('The asset id (one of content and assetId)'),
  })
  .refine(body => (body.content === undefined) !== (body.assetId === undefined), 'give one of content and assetId'));

/** A list that may be missing or null: empty then. */
const listOf = <T extends z.ZodType>(item: T) => nullish(z.array(item)).transform(items => items ?? []);

const searchedAsset = () => z.object({
  id: optionalIdText(),
  content: optionalText(),
  type: optionalText(),
  status: optionalText(),
  watchStatus: optionalText(),
  createdAt: optionalText(),
  updatedAt: optionalText(),
});
const takedownTask = () => z.object({
  id: optionalIdText(),
  type: optionalText(),
  status: optionalText(),
  retractionStatus: optionalText(),
  externalId: optionalText(),
  submittedAt: optionalText(),
  retractedAt: optionalText(),
  lastResponseAt: optionalText(),
  createdAt: optionalText(),
  updatedAt: optionalText(),
  takedownProvider: nullish(z.object({name: optionalText()})),
});

export const assetSearchResponseSchema = memo(() => z.object({
  asset: nullish(searchedAsset()),
  reports: listOf(z.object({id: optionalIdText(), title: optionalText(), status: optionalText(), createdAt: optionalText()})),
  takedown: nullish(z.object({id: optionalIdText(), status: optionalText(), createdAt: optionalText(), updatedAt: optionalText(), tasks: listOf(takedownTask())})),
  blockedBy: listOf(z.object({consumer: optionalText(), name: optionalText(), consumedAt: optionalText()})),
  // Documented on an unmerged page only: read when present.
  scans: nullish(z.array(z.object({id: optionalIdText(), createdAt: optionalText()}))),
}));
export type AssetSearchResult = z.output<ReturnType<typeof assetSearchResponseSchema>>;
