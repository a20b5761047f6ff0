import * as z from 'zod';
import {memo} from '../../memo.js';

/*
 * POST /detection/configs/list (docs/contract.md#listing-detection-configs). The docs name
 * the endpoint and say its answer groups configs by source ("each source includes its
 * individual configurations ... schedule, status, and source-specific settings") but state
 * no field. vigil sends `{slug}` and reads what it can: never a failure on a missing or odd
 * field, the body kept as sent for --json.
 */

export interface DetectionConfigRow {
  /** The source's key (`GOOGLE_SEARCH`), or its name, as given. */
  source?: string;
  id?: string;
  title?: string;
  status?: string;
  /** The config's schedule (`cron`, the name the create page gives it). */
  schedule?: string;
  description?: string;
}

/** The answer: the body exactly as the upstream sent it, and the rows vigil could read from it. */
export interface DetectionConfigsList {
  body: unknown;
  configs: DetectionConfigRow[];
}

export function detectionConfigsListBody(slug: string): Record<string, unknown> {
  return {slug};
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string or a finite number read as text; anything else is not there. */
function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const first = (item: Json, keys: readonly string[]) => keys.map(key => text(item[key])).find(value => value !== undefined);

function configRow(item: unknown, source: string | undefined): DetectionConfigRow | undefined {
  if (!isObject(item)) return undefined;
  const enabled = typeof item.enabled === 'boolean' ? (item.enabled ? 'ENABLED' : 'DISABLED') : undefined;
  const row: DetectionConfigRow = {
    source: source ?? first(item, ['source', 'sourceKey']),
    id: first(item, ['id', 'configId']),
    title: first(item, ['title', 'name']),
    status: first(item, ['status']) ?? enabled,
    schedule: first(item, ['cron', 'schedule']),
    description: first(item, ['description']),
  };
  return Object.values(row).some(value => value !== undefined) ? row : undefined;
}

/**
 * The rows of an answer: a `sources` array (or a bare array) of sources each with
 * `configs`, or a flat `configs` array; a source with no configs is no row. Anything else
 * reads as no rows: the page is still printed (--json shows the body).
 */
export function readDetectionConfigs(body: unknown): DetectionConfigsList {
  const sources = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.sources) ? body.sources : undefined;
  const configs: DetectionConfigRow[] = [];
  const add = (items: unknown, source: string | undefined) => {
    if (!Array.isArray(items)) return;
    for (const item of items) {
      const row = configRow(item, source);
      if (row) configs.push(row);
    }
  };
  if (sources !== undefined) {
    for (const source of sources) {
      if (isObject(source)) add(source.configs, first(source, ['key', 'source', 'sourceKey', 'name']));
    }
  } else if (isObject(body)) add(body.configs, undefined);
  return {body, configs};
}

/** Any JSON reads: the reader, not a schema, decides what a row is. */
export const detectionConfigsResponseSchema = memo(() => z.unknown().transform(readDetectionConfigs));
