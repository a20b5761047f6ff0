import * as z from 'zod';
import {ASSET_STATUSES, KNOWN_ASSET_TYPES} from '../../../api/enums.js';
import {DETECTION_CONFIDENCES, DETECTION_SOURCE_KEYS} from '../../../api/wire/index.js';
import {listDetections} from '../../../api/wire/endpoints/detections.js';
import {defineCommand} from '../../../cli/define.js';
import {connectionOptions, orgOptions, OUTPUT_FORMATS, outputOptions, textOption} from '../../../cli/options.js';
import {runDetectionsList} from './list.js';

export const definition = defineCommand({
  path: ['detections', 'list'],
  description: "List an organization's threat detections, newest first (POST /detection/list; cursor paging)",
  endpoints: [listDetections],
  examples: [
    {command: 'vigil detections list --org acme --from 2026-11-15', explains: 'What the detection configs found since a date'},
    {command: 'vigil detections list --org acme --source urlscan,google_search --confidence high,medium', explains: 'Confident hits of two sources (any case; sent upper case)'},
    {command: 'vigil detections list --org acme --search wallet --all --output csv > detections.csv', explains: 'Every page, following nextCursor, one CSV'},
  ],
  options: () =>
    connectionOptions.extend(orgOptions.shape).extend(outputOptions.shape).extend({
      search: textOption('Search threat content (case-insensitive)', 'text'),
      from: textOption('Created at or after (ISO 8601; a bare date is its start, UTC)', 'iso'),
      to: textOption('Created at or before (ISO 8601; a bare date is its end, UTC)', 'iso'),
      source: textOption('Comma list of source keys (GOOGLE_SEARCH, URLSCAN, ...; any case)', 'list'),
      confidence: textOption('Comma list of none, low, medium, high', 'list'),
      assetStatus: textOption('Comma list of BLOCKED, ALLOWED, UNKNOWN', 'list'),
      assetType: textOption('Comma list of asset types (vigil asset types)', 'list'),
      limit: textOption('Page size, 1-100 (the upstream defaults to 50)', 'n'),
      cursor: textOption('Page cursor: the nextCursor of the previous page (printed as the next-page command)', 'n'),
      all: z.boolean().optional().describe('Follow nextCursor to the last page, streaming rows (--json: one JSON object a line)'),
    }),
  completions: {output: OUTPUT_FORMATS, source: DETECTION_SOURCE_KEYS, confidence: DETECTION_CONFIDENCES, assetStatus: ASSET_STATUSES, assetType: KNOWN_ASSET_TYPES},
  // Tool results are bounded: one page, then nextCursor.
  mcp: {readOnly: true, omit: ['all']},
  run: ({options}, ctx) => runDetectionsList(options, ctx),
});
