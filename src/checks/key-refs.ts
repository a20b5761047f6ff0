import {readFile} from 'node:fs/promises';
import * as z from 'zod';
import type {ApiClient} from '../api/client.js';
import {InputError} from '../errors.js';
import {registerSecret} from '../secrets.js';
import {ORG_SLUG, ORG_SLUG_RULE} from '../config/validate.js';

/**
 * `keys:` of the checks file: the key to use for an org or a group of orgs, by reference
 * only (an environment variable or a file), because the upstream's organization keys reach
 * one org each and a team watching several orgs has one key per org. The file names where
 * the key is, never the key: the file is a ConfigMap, logged and diffed; the key stays in a
 * Secret. An org no entry names uses the worker's own key (VIGIL_API_KEY). What the log,
 * `schedules list` and the board show of a key is its reference (`env:NAME`, `file:/path`).
 */

export type KeyRef = {env: string} | {file: string};

const LITERAL = 'is the key itself: name it by reference, {env: NAME} or {file: /path}, and keep the key in that variable or file';

// A string is the key itself: refused without echoing it (the messages carry no value).
const keyRef = z.unknown().transform((value, ctx): KeyRef => {
  if (typeof value === 'string' || typeof value === 'number') {
    ctx.addIssue({code: 'custom', message: LITERAL});
    return z.NEVER;
  }
  const parsed = z
    .union([
      z.strictObject({env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'must be an environment variable name')}),
      z.strictObject({file: z.string().regex(/^\/\S*$/, 'must be an absolute path')}),
    ])
    .safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({code: 'custom', message: 'must be a reference: {env: NAME} or {file: /path}'});
    return z.NEVER;
  }
  return parsed.data;
});

export const keysSchema = z.array(
  z.strictObject({
    orgs: z.array(z.string({error: 'must be an org slug'}).regex(ORG_SLUG, ORG_SLUG_RULE)).min(1, 'must list at least one org'),
    key: keyRef,
  }),
);

/** How a reference is shown: `env:VIGIL_KEY_ACME`, `file:/run/secrets/acme`. */
export function refName(ref: KeyRef): string {
  return 'env' in ref ? `env:${ref.env}` : `file:${ref.file}`;
}

/** org -> the name of its reference, as `schedules list` and the board show it. */
export function keyRefNames(refs: Record<string, KeyRef> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(refs ?? {}).map(([org, ref]) => [org, refName(ref)]));
}

/** org -> its reference; an org named by two entries is a problem at its second place. */
export function resolveKeyRefs(entries: z.infer<typeof keysSchema>, problems: {path: string; message: string}[]): Record<string, KeyRef> {
  const refs: Record<string, KeyRef> = {};
  const where = new Map<string, string>();
  entries.forEach((entry, index) =>
    entry.orgs.forEach((org, at) => {
      const path = `keys[${index}].orgs[${at}]`;
      const before = where.get(org);
      if (before) problems.push({path, message: `${org} already has a key at ${before}: keep one`});
      else {
        where.set(org, path);
        refs[org] = entry.key;
      }
    }),
  );
  return refs;
}

/** The key a reference points at, registered as a secret; a missing one is exit 3 naming the reference. */
export async function readKeyRef(ref: KeyRef, env: NodeJS.ProcessEnv): Promise<string> {
  const name = refName(ref);
  let key: string | undefined;
  if ('env' in ref) key = env[ref.env]?.trim();
  else {
    try {
      key = (await readFile(ref.file, 'utf8')).trim();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new InputError([{field: `keys: ${name}`, message: `cannot read the key file: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(code ?? error)}`}], 'mount the Secret that holds it (docs/deploy.md)');
    }
  }
  if (!key) throw new InputError([{field: `keys: ${name}`, message: 'env' in ref ? 'is not set, or empty' : 'is empty'}], 'give the worker the key under that name (docs/deploy.md)');
  registerSecret(key);
  return key;
}

/**
 * The worker's client with each org's registry read (`discover:`) on that org's own key: an
 * organization key is the only one that reaches its org's registry.
 */
export function registryOnOrgKeys<Client extends Pick<ApiClient, 'runHealthcheck' | 'listHealthchecks'>>(client: Client, keyFor: OrgKeys<Pick<ApiClient, 'listHealthchecks'>>['keyFor']): Pick<ApiClient, 'runHealthcheck' | 'listHealthchecks'> {
  return {
    runHealthcheck: (...args) => client.runHealthcheck(...args),
    listHealthchecks: (org, options) => (org === undefined ? client : (keyFor(org)?.client ?? client)).listHealthchecks(org, options),
  };
}

/** One org's key: the reference's (with its name), or undefined for the worker's own key. */
export interface OrgKey<Client> {
  client: Client;
  ref: string;
}

/**
 * A client per reference, every key read at start (a missing one stops the start, not the
 * first run an hour later). `keyFor(org)` is what the processor calls with a run's org.
 */
export interface OrgKeys<Client = ApiClient> {
  keyFor(org: string): OrgKey<Client> | undefined;
  /** reference -> key, for the key check at start. */
  keys: Map<string, string>;
}

export async function orgKeys<Client = ApiClient>(refs: Record<string, KeyRef> | undefined, env: NodeJS.ProcessEnv, clientOf: (apiKey: string) => Client): Promise<OrgKeys<Client>> {
  const byRef = new Map<string, {key: string; client: Client}>();
  const keys = new Map<string, string>();
  for (const ref of Object.values(refs ?? {})) {
    const name = refName(ref);
    if (byRef.has(name)) continue;
    const key = await readKeyRef(ref, env);
    byRef.set(name, {key, client: clientOf(key)});
    keys.set(name, key);
  }
  return {
    keyFor(org) {
      const ref = refs?.[org];
      if (!ref) return undefined;
      const name = refName(ref);
      return {client: byRef.get(name)!.client, ref: name};
    },
    keys,
  };
}
