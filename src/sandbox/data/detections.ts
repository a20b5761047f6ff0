import * as z from 'zod';
import {DETECTION_CONFIDENCES, DETECTION_SOURCE_KEYS, type detectionListBodySchema, type DetectionFilterProperty} from '../../api/wire/index.js';
import type {DetectionConfig} from '../model.js';
import {iso} from '../serialize.js';
import type {Store} from '../store.js';
import {dateBound, offsetPage, sandboxCursor} from './assets.js';

/*
 * POST /detection/list and GET /detection/sources as the sandbox serves them
 * (docs/sandbox.md#assets-threats-and-detections). A detection is one result of one of the
 * org's detection configs: each of a config's result times (what detections.silent-configs
 * counts) is a detection from the config's source. So a silent config has no detection in
 * the check's window, and `detections list --from <lookback>` shows what each config found.
 */

export const DETECTIONS_PAGE_DEFAULT = 50;
/** The sources the sandbox's configs draw from, in config order; each config's index picks one. */
const CONFIG_SOURCES = ['GOOGLE_SEARCH', 'URLSCAN', 'CERTSTREAM', 'TWITTER_SEARCH', 'DNS_TWIST'] as const;

const text = z.string();
export const detectionListResponseOutSchema = z.object({
  detections: z.array(z.object({
    id: z.number().int(),
    threatContent: text,
    source: text,
    createdAt: text,
    confidence: z.enum(DETECTION_CONFIDENCES),
    reportStatus: z.enum(['REPORTED', 'NOT_REPORTED']),
    asset: z.object({id: z.number().int(), content: text, type: text, status: text}),
  })),
  nextCursor: z.number().int().nullable(),
});
type WireDetection = z.infer<typeof detectionListResponseOutSchema>['detections'][number];

/** The sandbox's own answer of GET /detection/sources (the upstream documents no field names: docs/contract.md#listing-detection-sources). */
export const detectionSourcesResponseOutSchema = z.object({
  sources: z.array(z.object({key: text, name: text, type: z.enum(['pull', 'push']), scopes: z.array(text), brandScope: text, assetTypes: z.array(text), configSchema: z.record(z.string(), z.unknown())})),
});

/** The source of the org's `index`-th config. */
export function configSource(index: number): string {
  return CONFIG_SOURCES[index % CONFIG_SOURCES.length]!;
}

/** Every detection of the org, newest first: one per result of each config (enabled or not). */
export function detectionsOf(store: Store, slug: string, orgId: number): WireDetection[] {
  const configs: DetectionConfig[] = store.healthOf(slug).detectionConfigs;
  const out: WireDetection[] = [];
  configs.forEach((config, c) => {
    config.resultTimes.forEach((at, r) => {
      const id = orgId * 100_000 + c * 1000 + r + 1;
      const content = `${slug}-${config.name.replace(`${slug}-`, '')}-hit-${r + 1}.example`;
      out.push({
        id,
        threatContent: content,
        source: configSource(c),
        createdAt: iso(at),
        confidence: DETECTION_CONFIDENCES[(c + r) % DETECTION_CONFIDENCES.length]!,
        reportStatus: r % 3 === 0 ? 'REPORTED' : 'NOT_REPORTED',
        asset: {id: 200_000 + id, content, type: 'URL', status: 'UNKNOWN'},
      });
    });
  });
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

const PROPERTY_VALUE: Record<DetectionFilterProperty, (d: WireDetection) => string> = {
  source: d => d.source,
  assetStatus: d => d.asset.status,
  confidence: d => d.confidence,
  assetType: d => d.asset.type,
};

/** One page of the org's detections matching the body; filters combine with AND, a filter's values with OR; values match case-insensitively (source keys' casing differs across the docs). */
export function listDetectionsPage(store: Store, orgId: number, body: z.output<ReturnType<typeof detectionListBodySchema>>): z.infer<typeof detectionListResponseOutSchema> {
  const query = body.query?.toLowerCase();
  const from = body.startDate === undefined ? -Infinity : dateBound(body.startDate);
  const to = body.endDate === undefined ? Infinity : dateBound(body.endDate, true);
  const matching = detectionsOf(store, body.slug, orgId).filter(d => {
    const at = Date.parse(d.createdAt);
    if (at < from || at > to) return false;
    if (query !== undefined && query !== '' && !d.threatContent.toLowerCase().includes(query)) return false;
    return (body.filters ?? []).every(f => {
      const hit = f.value.some(v => v.toLowerCase() === PROPERTY_VALUE[f.property](d).toLowerCase());
      return f.operator === 'in' ? hit : !hit;
    });
  });
  const page = offsetPage(matching, sandboxCursor(body.cursor, 'cursor'), body.limit ?? DETECTIONS_PAGE_DEFAULT);
  return {detections: page.rows, nextCursor: page.next};
}

const SOURCE_ASSET_TYPES: Record<string, string[]> = {TWITTER: ['TWITTER'], TWITTER_POST_SEARCH: ['TWITTER'], TWITTER_SEARCH: ['TWITTER'], YOUTUBE_SEARCH: ['YOUTUBE'], MOZILLA_ADDON_SEARCH: ['MOZILLA_ADDONS'], REDDIT_SUBREDDIT_SEARCH: ['REDDIT'], MEDIUM_TAG_RSS: ['MEDIUM']};
const PUSH_SOURCES = new Set(['ASSET_CHECK', 'EXTERNAL', 'GUESTBOOK', 'CERTSTREAM']);

/** The catalog: every documented source key, pull-based unless pushed to the platform. */
export function detectionSources(): z.infer<typeof detectionSourcesResponseOutSchema> {
  return {
    sources: DETECTION_SOURCE_KEYS.map(key => ({
      key,
      name: key.toLowerCase().split('_').map(word => word[0]!.toUpperCase() + word.slice(1)).join(' '),
      type: PUSH_SOURCES.has(key) ? ('push' as const) : ('pull' as const),
      scopes: PUSH_SOURCES.has(key) ? ['organization'] : ['organization', 'brand'],
      brandScope: PUSH_SOURCES.has(key) ? 'none' : 'optional',
      assetTypes: SOURCE_ASSET_TYPES[key] ?? ['URL', 'PAGE'],
      configSchema: {type: 'object', properties: PUSH_SOURCES.has(key) ? {} : {keywords: {type: 'array', items: {type: 'string'}}}, additionalProperties: false},
    })),
  };
}
