import type {HealthcheckResult} from '../api/wire/index.js';
import {shellCommand} from '../output/shell.js';

/*
 * From a finding to its list (issue 42): the vigil command that lists what a check's
 * findings refer to, with the filter that selects them, or why no documented list can.
 * The filters follow the sandbox's agreement (docs/sandbox.md#takedowns): a takedown's
 * updatedAt is when it entered its current state, a dead asset's takedown was updated when
 * the asset was found dead.
 */

export type FindingList = {command: string} | {none: string};

const HOUR = 3_600_000;

function number(result: HealthcheckResult, key: string, fallback: number): number {
  const value = result.observed[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

export function findingList(checkId: string, org: string, result: HealthcheckResult, now: Date): FindingList {
  const at = Date.parse(result.generatedAt ?? '');
  const base = Number.isNaN(at) ? now.getTime() : at;
  const ago = (hours: number) => new Date(base - hours * HOUR).toISOString();
  const takedowns = (...filters: string[]) => ({command: shellCommand(['vigil', 'takedowns', 'list', '--org', org, ...filters, '--all'])});
  switch (checkId) {
    case 'takedowns.stale-in-progress':
      return takedowns('--takedown-status', 'IN_PROGRESS', '--to', ago(24 * number(result, 'staleDays', 7)));
    case 'takedowns.in-progress-volume':
      return takedowns('--takedown-status', 'IN_PROGRESS');
    case 'takedowns.todo-volume':
      return takedowns('--takedown-status', 'TODO');
    case 'takedowns.cancelled-count':
      return takedowns('--takedown-status', 'CANCELLED', '--from', ago(number(result, 'lookbackHours', 168)));
    case 'assets.dead-asset-spike':
      return takedowns('--liveness-status', 'DEAD', '--from', ago(24));
    case 'takedowns.automation-off':
      return {none: 'an organization setting, not items a list selects'};
    case 'organization.missing-contact-url':
      return {none: 'an organization setting, not items a list selects'};
    case 'reviewing.backlog':
    case 'reviewing.old-proposals':
      return {command: shellCommand(['vigil', 'reports', 'list', '--org', org, '--needs-customer-review'])};
    default:
      if (checkId.startsWith('detections.')) return {none: 'detection configs: `vigil detections configs list` is not built yet (POST /detection/configs/list has no documented answer)'};
      return {none: 'no documented list selects these findings'};
  }
}

/** The stderr line (no line end) `healthchecks run` adds under a check that is not ok. */
export function findingListLine(checkId: string, org: string, result: HealthcheckResult, now: Date): string {
  const list = findingList(checkId, org, result, now);
  return 'command' in list ? `list them: ${list.command}` : `list them: none (${list.none})`;
}
