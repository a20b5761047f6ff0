import {readFileSync} from 'node:fs';
import nock from 'nock';
import type {CommandContext} from '../../src/cli/context.js';
import {formatError} from '../../src/output/error-banner.js';
import {BASE_URL} from './fake-context.js';

/** The documented result example (test/fixtures/documented), re-graded and re-named per check. */
export const DOCUMENTED_RESULT = JSON.parse(readFileSync(new URL('../fixtures/documented/healthcheck.json', import.meta.url), 'utf8')) as Record<string, unknown>;

export function resultFor(id: string, severity: 'ok' | 'warn' | 'fail', observed: Record<string, unknown> = {count: 4, lookbackHours: 168}): Record<string, unknown> {
  return {
    ...DOCUMENTED_RESULT,
    id,
    severity,
    ok: severity === 'ok',
    observed,
    suggestedAction: severity === 'ok' ? null : `Look at ${id}`,
    findings: severity === 'ok' ? [] : DOCUMENTED_RESULT.findings,
  };
}

export const ORIGIN = new URL(BASE_URL).origin;
export const API = new URL(BASE_URL).pathname;

/** A check's endpoint path under the API, as the upstream serves it. */
export const checkPath = (id: string) => `${API}/healthchecks/${id.replace('.', '/')}`;

/** Answers POST /healthchecks/list with `body` once; records each body sent. */
export function interceptRegistry(body: unknown, status = 200): unknown[] {
  const sent: unknown[] = [];
  nock(ORIGIN)
    .post(`${API}/healthchecks/list`)
    .reply((_uri, requestBody) => {
      sent.push(requestBody);
      return [status, body];
    });
  return sent;
}

/** Answers one check once; records each body sent. */
export function interceptCheck(id: string, reply: unknown, status = 200): unknown[] {
  const sent: unknown[] = [];
  nock(ORIGIN)
    .post(checkPath(id))
    .reply((_uri, requestBody) => {
      sent.push(requestBody);
      return [status, reply];
    });
  return sent;
}

/** Runs a command's work as runWork does: a thrown error is its banner on stderr and its exit code. */
export async function exitOf(ctx: CommandContext, work: () => Promise<number | void>): Promise<number> {
  try {
    return (await work()) ?? 0;
  } catch (error) {
    const report = formatError(error);
    ctx.io.stderr.write(report.text);
    return report.exitCode;
  }
}
