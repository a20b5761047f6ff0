import {listTakedowns} from '../../api/wire/endpoints/takedowns.js';
import {platformOrg} from '../platform-org.js';
import {listTakedownsPage, takedownsListResponseOutSchema} from '../takedowns.js';
import {serve} from './serve.js';

/** POST /takedowns/list (docs/contract.md#listing-takedowns): the org's takedowns, as src/sandbox/takedowns.ts keeps them. */
export const takedownsServed = serve(listTakedowns, {
  answer: takedownsListResponseOutSchema,
  answers: 'One page of takedowns; next_page is null on the last',
  example: {slug: 'hooli', takedownStatus: ['IN_PROGRESS'], per_page: 5},
  handle: ({input, access, ctx}) => listTakedownsPage(ctx.store, platformOrg(access, input.slug, ctx).slug, input),
});
