import {capChecks} from '../api/wire/index.js';
import {checkSpecId, type CheckSpec, type DiscoverConfig} from './schema.js';

/**
 * Which (check, org) pairs a worker schedules, from the checks file and what the registry
 * last said per org. Pure: the worker (jobs/discovery.ts) reads the registry and calls this.
 *
 * - An org outside `discover:` runs its `checks:` entries as listed.
 * - For an org under `discover:`, the registry decides: every implemented check it lists,
 *   minus `exclude`, runs; a `checks:` entry for the same pair gives its settings (interval,
 *   thresholds, params), and an entry for a check the registry does not list as implemented
 *   does not run (a planned check is never called).
 * - At most `maxChecks` pairs per org, the first in the registry's order; the rest are left out.
 * - Before the registry has ever answered for an org, its `checks:` entries run as listed.
 */

/** Per org, the implemented check ids of its last successful registry read. */
export type RegistryView = ReadonlyMap<string, readonly string[]>;

export function discoveredSpec(check: string, org: string, discover: DiscoverConfig): CheckSpec {
  return {id: checkSpecId(check, org), check, org, everyMs: discover.everyMs, discovered: true};
}

export function scheduledSpecs(explicit: readonly CheckSpec[], discover: DiscoverConfig | undefined, registry: RegistryView): CheckSpec[] {
  if (!discover) return [...explicit];
  const discovering = new Set(discover.orgs);
  const excluded = new Set(discover.exclude);
  const byId = new Map(explicit.map(spec => [spec.id, spec]));
  const out = explicit.filter(spec => !discovering.has(spec.org) || !registry.has(spec.org));
  for (const org of discover.orgs) {
    const implemented = registry.get(org);
    if (!implemented) continue;
    for (const check of discoveredChecks(implemented, discover, excluded).kept) {
      out.push(byId.get(checkSpecId(check, org)) ?? discoveredSpec(check, org, discover));
    }
  }
  return out;
}

/** The checks an org's registry read schedules: implemented minus exclude, the first `maxChecks`; and how many were left out. */
export function discoveredChecks(implemented: readonly string[], discover: DiscoverConfig, excluded = new Set(discover.exclude)): {kept: string[]; leftOut: number} {
  return capChecks(implemented.filter(check => !excluded.has(check)), discover.maxChecks);
}

/** The implemented ids of the pairs scheduled for `org` (a registry view rebuilt from what Redis holds). */
export function checksOfOrg(specs: readonly CheckSpec[], org: string): string[] {
  return specs.filter(spec => spec.org === org).map(spec => spec.check);
}

/** Same pairs with the same settings, in any order: nothing to reconcile. */
export function sameSpecs(a: readonly CheckSpec[], b: readonly CheckSpec[]): boolean {
  if (a.length !== b.length) return false;
  const key = (spec: CheckSpec) => JSON.stringify(spec);
  const seen = new Set(a.map(key));
  return b.every(spec => seen.has(key(spec)));
}
