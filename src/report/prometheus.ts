import * as z from 'zod';
import {UnavailableError, VigilError} from '../errors.js';
import {ExitCode} from '../exit-codes.js';
import type {Sample} from './timeline.js';

/** One series of a range-vector answer: its labels and raw samples (seconds, value). */
export interface RawSeries {
  labels: Record<string, string>;
  samples: Sample[];
}

const answer = z.object({
  status: z.literal('success'),
  data: z.object({
    resultType: z.literal('matrix'),
    result: z.array(z.object({metric: z.record(z.string(), z.string()), values: z.array(z.tuple([z.number(), z.string()]))})),
  }),
});

/**
 * The raw samples of `selector` over the `rangeSeconds` before `at` (an instant query of a
 * range vector: every sample Prometheus kept, not a `query_range` resampled at a step, so a
 * week at a 15 s scrape is not cut by the 11,000-point limit, and a hole stays a hole).
 */
export async function rawSamples(prometheusUrl: string, selector: string, at: number, rangeSeconds: number, signal?: AbortSignal): Promise<RawSeries[]> {
  const {default: got} = await import('got');
  const url = `${prometheusUrl.replace(/\/$/, '')}/api/v1/query`;
  let body: unknown;
  try {
    body = await got
      .get(url, {searchParams: {query: `${selector}[${Math.ceil(rangeSeconds)}s]`, time: String(at)}, timeout: {request: 30_000}, retry: {limit: 1}, throwHttpErrors: false, ...(signal ? {signal} : {})})
      .json();
  } catch (error) {
    throw new UnavailableError(`Prometheus at ${prometheusUrl} did not answer: ${(error as Error).message}`, error, 'pass --prometheus-url (or VIGIL_PROMETHEUS_URL) with the Prometheus that scrapes the workers');
  }
  const parsed = answer.safeParse(body);
  if (!parsed.success) {
    const said = typeof (body as {error?: unknown})?.error === 'string' ? `: ${(body as {error: string}).error.slice(0, 300)}` : '';
    throw new VigilError(`Prometheus at ${prometheusUrl} did not answer the query as Prometheus does${said}`, {exitCode: ExitCode.Unavailable});
  }
  return parsed.data.data.result.map(series => ({labels: series.metric, samples: series.values.map(([t, v]) => [t, Number(v)] as const)}));
}
