import * as z from 'zod';
import {memo} from '../../memo.js';
import {isRecord} from './list-reader.js';

/*
 * GET /detection/sources (docs/contract.md#listing-detection-sources): the catalog of
 * detection sources. The docs name what an entry tells (its scopes, pull or push, its brand
 * scope, the asset types it monitors, the JSON Schema of its `config`) but give no field
 * names, no envelope and no request parameters. So vigil sends no parameter, keeps the body
 * exactly as it came (`--json` prints it, registered secrets masked) and reads what it can
 * for a table: a reader that never fails, whatever the JSON (a property test feeds it random
 * values). The field names below are read, never sent: a guess here costs an empty cell.
 */

export interface DetectionSource {
  key?: string;
  name?: string;
  /** pull or push, as the upstream spells it. */
  kind?: string;
  scopes?: string[];
  brandScope?: string;
  assetTypes?: string[];
  /** Whether the entry carries a config schema (an object). */
  hasConfigSchema: boolean;
}

export interface DetectionSourcesResult {
  /** The body as the upstream sent it. */
  raw: unknown;
  sources: DetectionSource[];
}

const first = (record: Record<string, unknown>, names: readonly string[]) => names.map(name => record[name]).find(value => value !== undefined && value !== null);
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined);
const texts = (value: unknown) => (Array.isArray(value) ? value.map(text).filter((item): item is string => item !== undefined) : text(value) === undefined ? undefined : [text(value)!]);

/** The entries: a bare array, or the first array under `sources`, `data` or `items`. */
function entriesOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  const list = first(body, ['sources', 'data', 'items']);
  return Array.isArray(list) ? list : [];
}

function readSource(entry: unknown): DetectionSource | undefined {
  if (typeof entry === 'string') return {key: entry, hasConfigSchema: false};
  if (!isRecord(entry)) return undefined;
  const kind = first(entry, ['kind', 'type', 'mode', 'sourceType']);
  const pull = first(entry, ['isPullBased', 'pullBased', 'pull']);
  const source: DetectionSource = {hasConfigSchema: isRecord(first(entry, ['configSchema', 'config_schema', 'schema']))};
  const assign = <K extends keyof DetectionSource>(key: K, value: DetectionSource[K] | undefined) => {
    if (value !== undefined) source[key] = value;
  };
  assign('key', text(first(entry, ['key', 'source', 'sourceKey', 'slug', 'id'])));
  assign('name', text(first(entry, ['name', 'title', 'label', 'displayName'])));
  assign('kind', text(kind) ?? (typeof pull === 'boolean' ? (pull ? 'pull' : 'push') : undefined));
  assign('scopes', texts(first(entry, ['scopes', 'supportedScopes', 'scope'])));
  assign('brandScope', text(first(entry, ['brandScope', 'brand_scope'])));
  assign('assetTypes', texts(first(entry, ['assetTypes', 'asset_types', 'monitoredAssetTypes'])));
  return source;
}

/** Reads any JSON value; never throws (docs/contract.md#the-tolerant-reader). */
export function readDetectionSources(body: unknown): DetectionSourcesResult {
  return {raw: body, sources: entriesOf(body).map(readSource).filter((source): source is DetectionSource => source !== undefined)};
}

/** The client's schema: any body at all, read by readDetectionSources. */
export const detectionSourcesResponseSchema = memo(() => z.unknown().transform(readDetectionSources));
