import type {SandboxContext} from './context.js';
import {badRequest} from './http-errors.js';
import {authorizeOrg, type Access} from './keys.js';
import type {Org} from './model.js';

/**
 * The org a platform listing acts on: `slug` when given (checked against the key), else the
 * scoped key's own org, as the upstream derives it from an org key; the all-orgs key must
 * name one, as the upstream asks of a key that reaches several orgs.
 */
export function platformOrg(access: Access, slug: string | undefined, ctx: SandboxContext): Org {
  if (slug !== undefined) return authorizeOrg(access, slug, s => ctx.store.findOrg(s));
  if (access.kind === 'org') return authorizeOrg(access, access.slug, s => ctx.store.findOrg(s));
  throw badRequest([{message: 'slug: required with a key that reaches several organizations', path: ['slug']}]);
}
