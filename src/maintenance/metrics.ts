import type {Registry} from 'prom-client';
import {activeWindows, type MaintenanceWindow} from './window.js';

/**
 * `vigil_maintenance_active`: one series per scope with an active window, 1, and none at
 * rest (no series per pair): `{org, scope="org"}` for a window of the whole org, `{org, check,
 * scope="check"}` for one check's. The rule VigilMaintenance fires from it at once and
 * Alertmanager inhibits the scope's alerts (deploy/alertmanager/alertmanager.yml), so a
 * pair's own alert keeps its `for:` running under the window and alerts as soon as the
 * window ends, if it is still failing.
 */
export function maintenanceGauge(client: typeof import('prom-client'), registers: Registry[], read: (() => Promise<readonly MaintenanceWindow[]>) | undefined) {
  const gauge = new client.Gauge({
    name: 'vigil_maintenance_active',
    help: 'A maintenance window is active for the org (scope="org") or one of its checks (scope="check"): its alerts are held; no series at rest',
    labelNames: ['org', 'check', 'scope'] as const,
    registers,
  });
  return async (now = Date.now()) => {
    const windows = read ? await read() : [];
    gauge.reset();
    for (const {window} of activeWindows(windows, now)) {
      if (window.check === undefined) gauge.set({org: window.org, scope: 'org'}, 1);
      else gauge.set({org: window.org, check: window.check, scope: 'check'}, 1);
    }
  };
}
