import {listDetections} from '../api/wire/endpoints/detections.js';
import {organizationMetrics} from '../api/wire/endpoints/platform.js';
import {DETECTIONS_PAGE_MAX} from '../api/wire/detections.js';
import type {CommandContext} from '../cli/context.js';
import {scalarAt} from '../cli/passthrough.js';
import {ORG_METRICS_VIEW} from '../cmd/metrics/organization/organization.js';
import {ApiError, ContractError, CredentialsError, UnavailableError} from '../errors.js';
import {sanitizeText} from '../output/sanitize.js';

/**
 * The upstream's own read-only figures over the report's window, where the key can read them
 * (docs/healthchecks.md#upstream-figures). The report's source is Prometheus: a refusal or an
 * unreachable upstream is a note here, never a failure of the report.
 */
export interface UpstreamFigures {
  /** GET /organization/metrics: the key's own org's counts, or null when none is attributable to a reported org. */
  organization: {org: string; figures: {group: string; name: string; value: string | number | boolean | null}[]} | null;
  /** POST /detection/list, one page of at most DETECTIONS_PAGE_MAX: `atLeast` when a further page exists. */
  detections: {org: string; inWindow: number; atLeast: boolean}[];
  notes: string[];
}

/** A count as the answer gave it; anything not a plain scalar is shown absent. */
const figureValue = (value: unknown) => (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : null);

/** `stop`: no further call can fare better (no key, an upstream not answering): the report does not wait on each. */
type Outcome<T> = {ok: T} | {note: string; stop: boolean};

/** A refusal or an outage as the one line the report prints; anything else (an interrupt, a bug) is thrown. */
function noteOf(error: unknown, what: string): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return `upstream figures: not readable with this key (${what}: HTTP ${error.status}, ${sanitizeText(error.message).slice(0, 200)})`;
  if (error instanceof CredentialsError) return `upstream figures: not readable with this key (${sanitizeText(error.message)})`;
  if (error instanceof ApiError) return `upstream figures: ${what} refused (HTTP ${error.status}, ${sanitizeText(error.message).slice(0, 200)})`;
  if (error instanceof UnavailableError) return `upstream figures: the upstream did not answer (${what}: ${sanitizeText(error.message).slice(0, 200)})`;
  if (error instanceof ContractError) return `upstream figures: ${what} answered in a shape vigil cannot read`;
  throw error;
}

async function attempt<T>(what: string, read: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return {ok: await read()};
  } catch (error) {
    return {note: noteOf(error, what), stop: error instanceof UnavailableError || error instanceof CredentialsError};
  }
}

/**
 * Reads, for `orgs` over [from, to] (epoch seconds): one page of each org's detections (the
 * answer has no total, so a full page is "at least"), and the organization metrics once: the
 * `organization/*` reads take the org from the key, so every org would get the same answer.
 * Those figures are given to an org only when it is the one reported org whose detections the
 * key reads (an org key reaches its own org only; the all-orgs key is refused on
 * `organization/*`); otherwise one note says why they are left out.
 */
export async function readUpstreamFigures(ctx: CommandContext, orgs: readonly string[], from: number, to: number): Promise<UpstreamFigures> {
  const window = {from: new Date(from * 1000).toISOString(), to: new Date(to * 1000).toISOString()};
  const notes = new Set<string>();
  const detections: UpstreamFigures['detections'] = [];
  const readable: string[] = [];
  for (const org of orgs) {
    const page = await attempt(`detection/list for ${org}`, () => ctx.client().call(listDetections, {slug: org, ...window, limit: DETECTIONS_PAGE_MAX}, {signal: ctx.signal}));
    if ('note' in page) {
      notes.add(page.note);
      if (page.stop) return {organization: null, detections, notes: [...notes]};
      continue;
    }
    readable.push(org);
    detections.push({org, inWindow: page.ok.detections.length, atLeast: page.ok.nextPage !== null && page.ok.nextPage !== undefined});
  }
  let organization: UpstreamFigures['organization'] = null;
  const metrics = await attempt('organization/metrics', () => ctx.client().call(organizationMetrics, {from: window.from, to: window.to}, {signal: ctx.signal}));
  if ('note' in metrics) notes.add(metrics.note);
  else if (readable.length === 1) {
    const rows = ORG_METRICS_VIEW.rows(metrics.ok);
    organization = {org: readable[0]!, figures: rows.map(row => ({group: String(scalarAt(row, 'group')), name: sanitizeText(String(scalarAt(row, 'name') ?? '')), value: figureValue(scalarAt(row, 'value'))}))};
  } else {
    notes.add(`upstream figures: not readable with this key (organization/metrics answers for the key's own organization, which is not ${readable.length === 0 ? `the reported ${orgs.length === 1 ? 'org' : 'orgs'}` : 'one reported org alone'})`);
  }
  return {organization, detections, notes: [...notes]};
}
