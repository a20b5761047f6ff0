import {listDetections, listDetectionSources} from '../../api/wire/endpoints/detections.js';
import {authorizeOrg} from '../keys.js';
import {detectionListResponseOutSchema, detectionSources, detectionSourcesResponseOutSchema, listDetectionsPage} from '../data/detections.js';
import {serve} from './serve.js';

/** POST /detection/list (docs/contract.md#listing-detections): `slug` required, checked against the key. */
export const detectionsServed = serve(listDetections, {
  answer: detectionListResponseOutSchema,
  answers: 'One page of detections; nextCursor is null on the last',
  example: {slug: 'acme', limit: 5},
  handle: ({input, access, ctx}) => listDetectionsPage(ctx.store, authorizeOrg(access, input.slug, slug => ctx.store.findOrg(slug)).id, input),
});

/** GET /detection/sources (docs/contract.md#listing-detection-sources): the catalog, the sandbox's own shape. */
export const detectionSourcesServed = serve(listDetectionSources, {
  answer: detectionSourcesResponseOutSchema,
  answers: 'The sources',
  handle: () => detectionSources(),
});
