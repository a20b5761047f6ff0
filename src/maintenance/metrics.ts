import type {Registry} from 'prom-client';
import type {StoredCheck} from '../metrics/store.js';
import {heldByDependencies, type Dependencies} from './depends.js';
import {activeWindows, type MaintenanceWindow} from './window.js';

export interface Holds {
  windows: readonly MaintenanceWindow[];
  dependencies: Dependencies;
}

/**
 * `vigil_maintenance_active`: one series per scope with an active window, 1, and none at
 * rest (no series per pair): `{org, scope="org"}` for a window of the whole org, `{org, check,
 * scope="check"}` for one check's. The rule VigilMaintenance fires from it at once and
 * Alertmanager inhibits the scope's alerts (deploy/alertmanager/alertmanager.yml), so a
 * pair's own alert keeps its `for:` running under the window and alerts as soon as the
 * window ends, if it is still failing.
 */
export function maintenanceGauge(client: typeof import('prom-client'), registers: Registry[], read: (() => Promise<Holds>) | undefined) {
  const gauge = new client.Gauge({
    name: 'vigil_maintenance_active',
    help: 'A maintenance window is active for the org (scope="org") or one of its checks (scope="check"): its alerts are held; no series at rest',
    labelNames: ['org', 'check', 'scope'] as const,
    registers,
  });
  // One series per pair held by a dependsOn: check that last graded fail; none otherwise.
  const heldBy = new client.Gauge({
    name: 'vigil_check_held_by',
    help: 'The pair\'s alerts are held: held_by, a check of the same org it dependsOn, last graded fail; no series otherwise',
    labelNames: ['check', 'org', 'held_by'] as const,
    registers,
  });
  return async (stored: readonly StoredCheck[], now = Date.now()) => {
    const {windows, dependencies} = read ? await read() : {windows: [], dependencies: new Map()};
    heldBy.reset();
    const held = heldByDependencies(stored, dependencies);
    for (const {spec} of stored) {
      const on = held.get(spec.id);
      if (on !== undefined) heldBy.set({check: spec.check, org: spec.org, held_by: on}, 1);
    }
    gauge.reset();
    for (const {window} of activeWindows(windows, now)) {
      if (window.check === undefined) gauge.set({org: window.org, scope: 'org'}, 1);
      else gauge.set({org: window.org, check: window.check, scope: 'check'}, 1);
    }
  };
}
