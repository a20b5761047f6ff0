import {createHash, randomBytes, timingSafeEqual} from 'node:crypto';
import type {Org} from './model.js';
import {forbidden, unauthorized} from './http-errors.js';

/**
 * Two keys, so 403 is reachable: one with access to every org (also the admin key), one
 * scoped to a single org. Random per start unless given (flags, env or tests), and printed
 * at start: they guard only the sandbox's fake data.
 */
export interface SandboxKeys {
  allOrgs: string;
  scoped: string;
  scopedOrg: string;
}

export type Access = {kind: 'all'} | {kind: 'org'; slug: string};

export function generateKey(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** 401 without a known key in X-API-KEY. */
export function authenticate(header: string | string[] | undefined, keys: SandboxKeys): Access {
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key.trim() === '') throw unauthorized();
  if (sameSecret(key, keys.allOrgs)) return {kind: 'all'};
  if (sameSecret(key, keys.scoped)) return {kind: 'org', slug: keys.scopedOrg};
  throw unauthorized('Invalid API key');
}

/**
 * The org a request acts on, or 403. An unknown org is a 403 too (docs/contract.md#errors lists no 404 for
 * these endpoints); only the all-orgs key learns why.
 */
export function authorizeOrg(access: Access, slug: string, findOrg: (slug: string) => Org | undefined): Org {
  if (access.kind === 'org' && access.slug !== slug) throw forbidden();
  const org = findOrg(slug);
  if (!org) throw forbidden(access.kind === 'all' ? [{message: `no organization with slug "${slug}"`}] : []);
  return org;
}

/** Admin routes take the all-orgs key only. */
export function requireAllOrgs(access: Access): void {
  if (access.kind !== 'all') throw forbidden([{message: 'admin routes need the all-orgs key'}]);
}
