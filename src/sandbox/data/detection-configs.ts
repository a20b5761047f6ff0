import * as z from 'zod';
import type {Store} from '../store.js';

/*
 * POST /detection/configs/list as the sandbox serves it (docs/sandbox.md#detection-configs):
 * the org's detection configs, the very ones detections.silent-configs counts, grouped by
 * source as the upstream's page describes ("each source includes its individual
 * configurations ... schedule, status, and source-specific settings"). The field names are
 * the sandbox's (the docs state none); vigil reads them tolerantly.
 */

export const detectionConfigsListBodySchema = z.object({
  slug: z.string().min(1).optional().describe('The org; required with a key that reaches several orgs (vigil always sends it)'),
});

const configSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(['ENABLED', 'DISABLED']),
  cron: z.string().nullable(),
  config: z.record(z.string(), z.unknown()),
});
export const detectionConfigsListResponseOutSchema = z.object({
  sources: z.array(z.object({key: z.string(), name: z.string(), configs: z.array(configSchema)})),
});
type Answer = z.infer<typeof detectionConfigsListResponseOutSchema>;

/** Sources the sandbox's configs are spread over, in order (ThreatDetectionSourceKey values). */
const SOURCES = [
  {key: 'GOOGLE_SEARCH', name: 'Google Search', cron: '0 */6 * * *'},
  {key: 'CERTSTREAM', name: 'Certstream', cron: null},
  {key: 'TWITTER_SEARCH', name: 'Twitter Search', cron: '30 * * * *'},
] as const;

/** The org's configs by source; a source with none is left out. */
export function listDetectionConfigs(store: Store, slug: string): Answer {
  const orgId = store.findOrg(slug)?.id ?? 0;
  const bySource = new Map<string, Answer['sources'][number]>();
  store.healthOf(slug).detectionConfigs.forEach((config, index) => {
    const source = SOURCES[index % SOURCES.length]!;
    let entry = bySource.get(source.key);
    if (entry === undefined) bySource.set(source.key, (entry = {key: source.key, name: source.name, configs: []}));
    entry.configs.push({
      id: 700 + orgId * 10 + index,
      title: config.name,
      status: config.enabled ? 'ENABLED' : 'DISABLED',
      cron: source.cron,
      config: {keywords: [slug]},
    });
  });
  return {sources: [...bySource.values()]};
}
