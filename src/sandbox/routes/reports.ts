import type {FastifyInstance} from 'fastify';
import {createReportRequestSchema, PATHS, searchReportsRequestSchema} from '../../api/wire/index.js';
import type {SandboxContext} from '../context.js';
import {createReport} from '../create-report.js';
import {badRequest, forbidden, issuesOf, NESTED_ERRORS, parseOrBadRequest, SandboxHttpError} from '../http-errors.js';
import {authenticate, authorizeOrg, type Access} from '../keys.js';
import type {Org} from '../model.js';
import {flattenQuery, listReportsQuerySchema, toFilters} from '../schemas.js';
import {iso, toWireReport} from '../serialize.js';
import {decodeCursor} from '../store.js';

const SEARCH_DEFAULT_LIMIT = 50;

/** GET /organization/reports, POST /reports/search and POST /report/create (docs/contract.md: its report sections). */
export function reportRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const orgFor = (access: Access, slug: string) => authorizeOrg(access, slug, s => ctx.store.findOrg(s));

  app.get(`/${PATHS.listReports}`, {config: NESTED_ERRORS}, async request => {
    const access = authenticate(request.headers['x-api-key'], ctx.keys);
    const {query, repeated} = flattenQuery((request.query ?? {}) as Record<string, unknown>);
    const parsed = listReportsQuerySchema.safeParse(query);
    const issues = [...repeated.map(name => ({message: `${name} must be given once`, path: [name]})), ...(parsed.success ? [] : issuesOf(parsed.error))];
    if (!parsed.success || issues.length > 0) throw badRequest(issues);
    const filters = toFilters(parsed.data);
    const after = filters.cursor === undefined ? undefined : decodeCursor(filters.cursor);
    if (filters.cursor !== undefined && after === undefined) {
      throw badRequest([{message: 'cursor: not a cursor this server issued (pass nextCursor of the previous page)', path: ['cursor']}]);
    }
    orgFor(access, filters.slug);
    const page = ctx.store.listReports(filters, after);
    return {reports: page.reports.map(toWireReport), nextCursor: page.nextCursor, totalCount: page.totalCount};
  });

  app.post(`/${PATHS.searchReports}`, async request => {
    const access = authenticate(request.headers['x-api-key'], ctx.keys);
    const body = parseOrBadRequest(searchReportsRequestSchema(), request.body);
    orgFor(access, body.slug);
    const hits = ctx.store.searchReports(body.slug, body.assetContents, body.reportedByCustomer);
    return {
      reports: hits.slice(0, body.limit ?? SEARCH_DEFAULT_LIMIT).map(hit => ({
        id: hit.report.id,
        status: hit.report.status,
        title: hit.report.title,
        createdAt: iso(hit.report.createdAt),
        assets: hit.assets,
      })),
      totalCount: hits.length,
    };
  });

  app.post(`/${PATHS.createReport}`, async request => {
    const access = authenticate(request.headers['x-api-key'], ctx.keys);
    const body = parseOrBadRequest(createReportRequestSchema(), request.body);
    const org = resolveCreateOrg(access, body, ctx);
    const outcome = createReport(ctx.store, org, body, ctx.now());
    if (!outcome.ok) {
      throw new SandboxHttpError(422, {
        message: 'Report not created: some assets were rejected',
        code: 'UNPROCESSABLE_ENTITY',
        issues: outcome.errors.map(e => ({message: `${e.asset}: ${e.message}`})),
        data: {errors: outcome.errors},
      });
    }
    return {id: outcome.report.id, createdAt: iso(outcome.report.createdAt), organization: {id: org.id, slug: org.slug, name: org.name}};
  });
}

/** docs/contract.md#creating-a-report: organizationSlug, or discordGuildId / telegramGroupId in its place. */
function resolveCreateOrg(access: Access, body: {organizationSlug?: string; discordGuildId?: string; telegramGroupId?: string}, ctx: SandboxContext): Org {
  if (body.organizationSlug !== undefined) return authorizeOrg(access, body.organizationSlug, s => ctx.store.findOrg(s));
  const byAlias =
    body.discordGuildId !== undefined ? ctx.store.findOrgBy('discordGuildId', body.discordGuildId)
    : body.telegramGroupId !== undefined ? ctx.store.findOrgBy('telegramGroupId', body.telegramGroupId)
    : undefined;
  if (body.discordGuildId === undefined && body.telegramGroupId === undefined) {
    throw badRequest([{message: 'organizationSlug: required (or discordGuildId / telegramGroupId)', path: ['organizationSlug']}]);
  }
  if (!byAlias) throw forbidden(access.kind === 'all' ? [{message: 'no organization with that discordGuildId / telegramGroupId'}] : []);
  // The alias only names an org; the key must still have access to it.
  return authorizeOrg(access, byAlias.slug, s => ctx.store.findOrg(s));
}
