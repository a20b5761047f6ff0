import {activeWindows, windowFor, type MaintenanceWindow} from './window.js';

/**
 * The pairs whose alerts are held at `now`, keyed `check@org`, with what holds them as the
 * board and `schedules list` say it: "maintenance cli-1a2b3c4d until 03:00Z (upgrade)", or
 * for a pair whose dependsOn: check last graded fail, "takedowns.automation-off (failing; dependsOn)".
 */
export function heldPairs(windows: readonly MaintenanceWindow[], pairs: readonly {check: string; org: string}[], now: number, byDependency: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const held = new Map<string, string>();
  const active = activeWindows(windows, now);
  for (const {check, org} of pairs) {
    const found = windowFor(active, check, org);
    const on = byDependency.get(`${check}@${org}`);
    if (!found) {
      if (on !== undefined) held.set(`${check}@${org}`, `${on} (failing; dependsOn)`);
      continue;
    }
    const reason = found.window.reason === undefined ? '' : ` (${found.window.reason})`;
    held.set(`${check}@${org}`, `maintenance ${found.window.id} until ${new Date(found.endsAt).toISOString()}${reason}`);
  }
  return held;
}
