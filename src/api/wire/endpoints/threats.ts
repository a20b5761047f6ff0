import {defineEndpoint} from '../endpoint.js';
import {listThreatsResponseSchema, threatsListBodySchema, toThreatsListBody, type ThreatFilters} from '../threats.js';

/** One page of the key's organization's threats (docs/contract.md#listing-threats): a read, safe to repeat. */
export const listThreats = defineEndpoint({
  name: 'listThreats',
  method: 'POST',
  path: 'threats/list',
  summary: "List the threats (blocked assets) of the key's organization, filtered; the last day by default",
  tag: 'threats',
  request: threatsListBodySchema,
  toWire: (filters: ThreatFilters) => toThreatsListBody(filters),
  response: listThreatsResponseSchema,
  repeat: 'idempotent',
});
