import * as z from 'zod';
import {memo} from '../../memo.js';
import type {ApiErrorBody, AssetRejection} from '../../errors.js';

/*
 * The upstream answers four error body shapes (docs/contract.md#errors); every one is normalised here into
 * ApiErrorBody so nothing downstream cares which the upstream sent.
 */

const issuesSchema = memo(() => z.array(z.object({message: z.string()}).loose()).catch([]));

const specShape = memo(() => z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: issuesSchema().optional(),
}).loose());

const nestedShape = memo(() => z.object({
  error: z.object({code: z.string().optional(), message: z.string().optional()}).loose(),
}).loose());

const stringShape = memo(() => z.object({error: z.string()}).loose());

const assetErrorsSchema = memo(() => z.object({
  data: z.object({
    errors: z.array(
      z.object({
        asset: z.union([z.string(), z.object({content: z.string()}).loose()]).transform(a => (typeof a === 'string' ? a : a.content)),
        errorType: z.string(),
        message: z.string(),
        suggestion: z.string().nullish().transform(s => s ?? undefined),
      }).loose(),
    ),
  }).loose(),
}).loose());

const DEFAULT_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

export function defaultCodeForStatus(status: number): string {
  return DEFAULT_CODES[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'HTTP_ERROR');
}

/**
 * @param rawBody the response body as text (it may be HTML from a proxy, or empty)
 * @param statusText the status line's reason, used when the body says nothing
 */
export function normalizeErrorBody(status: number, statusText: string | undefined, rawBody: string): ApiErrorBody {
  const fallbackMessage = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  let json: unknown;
  try {
    json = rawBody.trim() === '' ? undefined : JSON.parse(rawBody);
  } catch {
    json = undefined;
  }
  const base: ApiErrorBody = {status, code: defaultCodeForStatus(status), message: fallbackMessage, issues: []};

  const spec = specShape().safeParse(json);
  const nested = nestedShape().safeParse(json);
  const plain = stringShape().safeParse(json);
  if (spec.success) {
    base.message = spec.data.message || fallbackMessage;
    base.code = spec.data.code ?? base.code;
    base.issues = (spec.data.issues ?? []).map(issue => ({message: issue.message}));
  } else if (nested.success) {
    base.message = nested.data.error.message ?? fallbackMessage;
    base.code = nested.data.error.code ?? base.code;
  } else if (plain.success) {
    base.message = plain.data.error;
  }

  const assetErrors = assetErrorsSchema().safeParse(json);
  if (assetErrors.success) {
    const list: AssetRejection[] = assetErrors.data.data.errors.map(e => ({
      asset: e.asset,
      errorType: e.errorType,
      message: e.message,
      ...(e.suggestion === undefined ? {} : {suggestion: e.suggestion}),
    }));
    base.details = {assetErrors: list};
  }
  return base;
}
