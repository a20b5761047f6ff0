import {healthcheckPath, type HealthcheckRegistryWire} from '../../api/wire/index.js';
import type {SandboxCheck} from './define.js';
import {backlog, oldProposals} from './reviewing.js';
import {deadAssetSpike, missingContactUrl, silentConfigs} from './signals.js';
import {automationOff, cancelledCount, inProgressVolume, staleInProgress, todoVolume} from './takedowns.js';

/** The ten documented checks, in the registry's order (docs/contract.md#the-healthcheck-registry). */
export const SANDBOX_CHECKS: readonly SandboxCheck[] = [
  silentConfigs,
  backlog,
  oldProposals,
  todoVolume,
  inProgressVolume,
  staleInProgress,
  cancelledCount,
  automationOff,
  deadAssetSpike,
  missingContactUrl,
];

/** A check the registry lists as planned: never routed, so calling it is a 404 like any unknown path. */
export const PLANNED_CHECKS = [
  {id: 'blocklisting.propagation-lag', notImplementedReason: 'Planned: needs the blocklist feed timestamps, not yet exported'},
] as const;

/** POST /healthchecks/list: every check, implemented or planned. */
export function registryBody(): HealthcheckRegistryWire {
  return {
    checks: [
      ...SANDBOX_CHECKS.map(check => ({id: check.id, implemented: true})),
      ...PLANNED_CHECKS.map(check => ({id: check.id, implemented: false, notImplementedReason: check.notImplementedReason})),
    ],
  };
}

/** `/healthchecks/<group>/<name>` of a check (relative to /api/v2, with a leading slash). */
export const routeOf = (check: Pick<SandboxCheck, 'id'>) => `/${healthcheckPath(check.id)}`;
