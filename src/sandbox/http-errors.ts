import type {z} from 'zod';
import {formatPath} from '../api/wire/index.js';
import type {ErrorBody} from './schemas.js';

/*
 * Every error the sandbox sends has the first docs/contract.md#errors shape {message, code, issues}; routes
 * throw SandboxHttpError and the server's error handler writes it. Fastify's own error
 * bodies ({statusCode, error, message}) never reach a client.
 */

export type Issue = NonNullable<ErrorBody['issues']>[number];

export class SandboxHttpError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const MESSAGES = {
  badRequest: 'Invalid input data',
  unauthorized: 'Authorization not provided',
  forbidden: 'Insufficient access',
  internal: 'Internal server error',
} as const;

export function badRequest(issues: Issue[]): SandboxHttpError {
  return new SandboxHttpError(400, {message: MESSAGES.badRequest, code: 'BAD_REQUEST', issues});
}

export function unauthorized(message: string = MESSAGES.unauthorized): SandboxHttpError {
  return new SandboxHttpError(401, {message, code: 'UNAUTHORIZED', issues: []});
}

export function forbidden(issues: Issue[] = []): SandboxHttpError {
  return new SandboxHttpError(403, {message: MESSAGES.forbidden, code: 'FORBIDDEN', issues});
}

export function internalError(): SandboxHttpError {
  return new SandboxHttpError(500, {message: MESSAGES.internal, code: 'INTERNAL_SERVER_ERROR', issues: []});
}

/**
 * How a route words its errors. docs/contract.md#errors: most endpoints answer the first
 * `{message, code, issues}`; the listing answers `{"error": {"code", "message"}}`, its
 * message then naming every problem, since that shape has no `issues`.
 */
export type ErrorShape = 'spec' | 'nested';

/** Fastify route config that picks a route's error shape (`{config: NESTED_ERRORS}`). */
export const NESTED_ERRORS = {errorShape: 'nested' as ErrorShape};

export function shapeErrorBody(body: ErrorBody, shape: ErrorShape | undefined): unknown {
  if (shape !== 'nested') return body;
  const issues = (body.issues ?? []).map(issue => issue.message);
  return {error: {code: body.code, message: issues.length === 0 ? body.message : `${body.message}: ${issues.join('; ')}`}};
}

/** One error issue per zod issue, its message prefixed with the JSON path unless it names it already. */
export function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.map(issue => {
    const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
    const where = formatPath(path);
    const message = path.length === 0 || issue.message.startsWith(where) ? issue.message : `${where}: ${issue.message}`;
    return path.length === 0 ? {message} : {message, path};
  });
}

/** Parses with the schema, or throws the 400 listing every issue. */
export function parseOrBadRequest<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(issuesOf(result.error));
  return result.data;
}
