import {activeWindows, windowFor, type MaintenanceWindow} from './window.js';

/**
 * The pairs whose alerts are held at `now`, keyed `check@org`, with what holds them as the
 * board and `schedules list` say it: "maintenance cli-1a2b3c4d until 03:00Z (upgrade)".
 */
export function heldPairs(windows: readonly MaintenanceWindow[], pairs: readonly {check: string; org: string}[], now: number): Map<string, string> {
  const held = new Map<string, string>();
  const active = activeWindows(windows, now);
  if (active.length === 0) return held;
  for (const {check, org} of pairs) {
    const found = windowFor(active, check, org);
    if (!found) continue;
    const reason = found.window.reason === undefined ? '' : ` (${found.window.reason})`;
    held.set(`${check}@${org}`, `maintenance ${found.window.id} until ${new Date(found.endsAt).toISOString()}${reason}`);
  }
  return held;
}
