import type {FastifyInstance} from 'fastify';
import {PROPOSAL_REVIEW_PATH} from '../../api/wire/index.js';
import type {SandboxContext} from '../context.js';
import {authenticate} from '../keys.js';
import {reviewProposal} from '../review.js';

/** POST /organization/proposals/{proposalId}/review (docs/contract.md#reviewing-a-proposal). */
export function reviewRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post(`/${PROPOSAL_REVIEW_PATH.replace('{proposalId}', ':proposalId')}`, async request => {
    const access = authenticate(request.headers['x-api-key'], ctx.keys);
    const {proposalId} = request.params as {proposalId: string};
    return reviewProposal(ctx.store, {access, proposalId, body: request.body, now: ctx.now(), limit: ctx.reviewLimit});
  });
}
