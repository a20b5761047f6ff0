import {listThreats} from '../../api/wire/endpoints/threats.js';
import {listThreatsPage, threatsListResponseOutSchema} from '../data/threats.js';
import {serve} from './serve.js';

/** POST /threats/list (docs/contract.md#listing-threats): an org key's org, the all-orgs key every org. */
export const threatsServed = serve(listThreats, {
  answer: threatsListResponseOutSchema,
  answers: 'One page of threats; next_page is null on the last',
  example: {startDate: '2026-01-01', per_page: 5},
  handle: ({input, access, ctx}) => listThreatsPage(ctx.store, access, ctx.now(), input),
});
