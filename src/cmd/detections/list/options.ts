import {ASSET_STATUSES} from '../../../api/enums.js';
import {DETECTION_CONFIDENCES, DETECTION_SOURCE_KEYS, DETECTIONS_PAGE_MAX, type DetectionFilters} from '../../../api/wire/index.js';
import type {CommandContext} from '../../../cli/context.js';
import * as z from 'zod';
import {checkFlags, dateOrder, isoDate, nonBlank, wholeNumber} from '../../../cli/flag-values.js';
import {assetTypeList, assetTypeWarnings, commandWith, dropUndefined, enumList, openListWarnings, pageFlagProblems} from '../../../cli/list-flags.js';
import {Problems, capture} from '../../../cli/problems.js';
import {resolveOutputFormat, type OutputFlags, type OutputFormat} from '../../../output/index.js';

/** The flags of `detections list` as the command line gives them (strings; checked here). */
export interface DetectionsListFlags extends OutputFlags {
  search?: string;
  from?: string;
  to?: string;
  source?: string;
  confidence?: string;
  assetStatus?: string;
  assetType?: string;
  limit?: string;
  cursor?: string;
  all?: boolean;
}

export interface ValidatedDetectionsList {
  filters: DetectionFilters;
  format: OutputFormat;
  all: boolean;
  warnings: string[];
}

const detectionsListFlags = z
  .object({
    search: nonBlank().optional(),
    from: isoDate().optional(),
    to: isoDate({endOfDay: true}).optional(),
    // Upper case on the wire, as the filter's documented enum (docs/contract.md#listing-detections).
    source: enumList(DETECTION_SOURCE_KEYS, {open: true}).optional(),
    confidence: enumList(DETECTION_CONFIDENCES, {normalize: item => item.toLowerCase()}).optional(),
    assetStatus: enumList(ASSET_STATUSES).optional(),
    assetType: assetTypeList().optional(),
    limit: wholeNumber({min: 1, max: DETECTIONS_PAGE_MAX}).optional(),
    cursor: wholeNumber({min: 0}).optional(),
  })
  .superRefine(...dateOrder('from', 'to'));

/** Every flag checked before anything is sent (exit 3 naming each bad one); the org is required (`slug`). */
export function validateDetectionsListFlags(flags: DetectionsListFlags, ctx: CommandContext): ValidatedDetectionsList {
  const problems = new Problems();
  const format = capture(problems, () => resolveOutputFormat(flags, ctx.io));
  const slug = ctx.settings.org?.value;
  if (slug === undefined) problems.add('--org', 'required: the organization whose detections to list (or set VIGIL_ORG, or `vigil config set org`)');
  pageFlagProblems({all: flags.all}, {flag: '--cursor', given: flags.cursor !== undefined}, problems);
  const values = checkFlags(detectionsListFlags, flags, problems) ?? {};
  problems.throwIfAny();
  const filters: DetectionFilters = {
    slug: slug!,
    query: values.search,
    from: values.from,
    to: values.to,
    filters: dropUndefined({source: values.source, confidence: values.confidence, assetStatus: values.assetStatus, assetType: values.assetType}),
    limit: values.limit,
    cursor: values.cursor?.toString(),
  };
  const warnings = [...openListWarnings('--source', values.source, DETECTION_SOURCE_KEYS), ...assetTypeWarnings('--asset-type', values.assetType)];
  return {filters: dropUndefined(filters), format: format!, all: flags.all === true, warnings};
}

/** The command that prints the page after this one, every filter repeated. */
export function detectionsNextPageCommand(filters: DetectionFilters, cursor: string): string {
  const f = filters.filters ?? {};
  return commandWith(['vigil', 'detections', 'list'], [
    ['--org', filters.slug],
    ['--search', filters.query],
    ['--from', filters.from],
    ['--to', filters.to],
    ['--source', f.source?.join(',')],
    ['--confidence', f.confidence?.join(',')],
    ['--asset-status', f.assetStatus?.join(',')],
    ['--asset-type', f.assetType?.join(',')],
    ['--limit', filters.limit?.toString()],
    ['--cursor', cursor],
  ]);
}
