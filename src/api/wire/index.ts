/**
 * The wire format of the upstream External API v2: paths, query parameter names, payload
 * schemas and error normalisation. Nothing outside src/api/wire names an upstream field.
 */
export * from './paths.js';
export * from './parse.js';
export * from './reports.js';
export * from './list-reader.js';
export * from './healthcheck-reader.js';
export * from './list-query.js';
export * from './list-filters.js';
export * from './healthcheck.js';
export * from './errors.js';
export * from './asset-content.js';
export * from './review.js';
export * from './healthcheck-registry.js';
export * from './takedowns.js';
export * from './assets.js';
export * from './read.js';
export * from './threats.js';
export * from './asset-list.js';
export * from './asset-search.js';
export * from './detections.js';
export * from './detection-sources.js';
export * from './endpoint.js';
export * from './endpoints/index.js';
export * from './detection-configs.js';
