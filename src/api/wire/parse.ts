import type {z} from 'zod';
import {ContractError} from '../../errors.js';

/**
 * Formats a zod issue path as a JSON path: `reports[3].proposals[0].asset.id`.
 * @param emptyLabel what an empty path (the document itself) is called
 */
export function formatPath(path: ReadonlyArray<PropertyKey>, emptyLabel = '(root)'): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? emptyLabel : out;
}

/** Lists every issue of a failed parse as `path: message`. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map(issue => `${formatPath(issue.path)}: ${issue.message}`);
}

/**
 * Validates an upstream response with the tolerant reader's schema. A broken response is a
 * ContractError naming each wrong field, never an `undefined` further down.
 */
export function parseResponse<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ContractError(what, describeIssues(result.error));
  return result.data;
}
