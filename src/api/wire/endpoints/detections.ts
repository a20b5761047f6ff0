import * as z from 'zod';
import {memo} from '../../../memo.js';
import {defineEndpoint} from '../endpoint.js';
import {detectionListBodySchema, listDetectionsResponseSchema, toDetectionListBody, type DetectionFilters} from '../detections.js';
import {detectionSourcesResponseSchema} from '../detection-sources.js';

/** One page of an organization's detections, by cursor (docs/contract.md#listing-detections): a read, safe to repeat. */
export const listDetections = defineEndpoint({
  name: 'listDetections',
  method: 'POST',
  path: 'detection/list',
  summary: "List an organization's threat detections, newest first, filtered; paged by cursor/nextCursor",
  tag: 'detections',
  request: detectionListBodySchema,
  toWire: (filters: DetectionFilters) => toDetectionListBody(filters),
  response: listDetectionsResponseSchema,
  repeat: 'idempotent',
});

/** No parameter is documented: vigil sends none. */
export const detectionSourcesQuerySchema = memo(() => z.object({}));

/** The catalog of detection sources (docs/contract.md#listing-detection-sources): the body kept as sent, read by a reader that never fails. */
export const listDetectionSources = defineEndpoint({
  name: 'listDetectionSources',
  method: 'GET',
  path: 'detection/sources',
  summary: "The catalog of detection sources (the sandbox's own shape: the upstream documents no field names)",
  tag: 'detections',
  request: detectionSourcesQuerySchema,
  response: detectionSourcesResponseSchema,
  repeat: 'idempotent',
});
