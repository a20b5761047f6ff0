import type {HealthcheckResult} from '../api/wire/index.js';
import {shellCommand} from '../output/shell.js';

/*
 * From a finding to its list (issue 42): the vigil list that shows what a check's findings
 * refer to, with the filter that selects them, or why no documented list can. One target,
 * two uses: the command `healthchecks run` and the board's detail print, and the list the
 * board's `v` opens. The filters follow the sandbox's agreement (docs/sandbox.md#takedowns):
 * a takedown's updatedAt is when it entered its current state, a dead asset's takedown was
 * updated when the asset was found dead.
 */

/** What a list shows, in vigil's own filter names. */
export type ListTarget =
  | {kind: 'takedowns'; org: string; statuses?: string[]; liveness?: string[]; from?: string; to?: string}
  | {kind: 'detection-configs'; org: string}
  | {kind: 'review-queue'; org: string};

export type FindingList = {command: string; target: ListTarget} | {none: string};

/** What findingList reads of a result: a board cell carries the same two fields. */
export type FindingSource = Pick<HealthcheckResult, 'observed'> & {generatedAt?: string | null};

const HOUR = 3_600_000;
const SETTING = 'an organization setting, not items a list selects';

function number(result: FindingSource, key: string, fallback: number): number {
  const value = result.observed[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** The vigil command line that prints a target's list (every page). */
export function listCommand(target: ListTarget): string {
  switch (target.kind) {
    case 'takedowns': {
      const words = ['vigil', 'takedowns', 'list', '--org', target.org];
      if (target.statuses) words.push('--takedown-status', target.statuses.join(','));
      if (target.liveness) words.push('--liveness-status', target.liveness.join(','));
      if (target.from) words.push('--from', target.from);
      if (target.to) words.push('--to', target.to);
      return shellCommand([...words, '--all']);
    }
    case 'detection-configs':
      return shellCommand(['vigil', 'detections', 'configs', 'list', '--org', target.org]);
    case 'review-queue':
      return shellCommand(['vigil', 'reports', 'list', '--org', target.org, '--needs-customer-review']);
  }
}

function targetOf(checkId: string, org: string, result: FindingSource, now: Date): ListTarget | string {
  const at = Date.parse(result.generatedAt ?? '');
  const base = Number.isNaN(at) ? now.getTime() : at;
  const ago = (hours: number) => new Date(base - hours * HOUR).toISOString();
  const takedowns = (filters: Omit<Extract<ListTarget, {kind: 'takedowns'}>, 'kind' | 'org'>): ListTarget => ({kind: 'takedowns', org, ...filters});
  switch (checkId) {
    case 'takedowns.stale-in-progress':
      return takedowns({statuses: ['IN_PROGRESS'], to: ago(24 * number(result, 'staleDays', 7))});
    case 'takedowns.in-progress-volume':
      return takedowns({statuses: ['IN_PROGRESS']});
    case 'takedowns.todo-volume':
      return takedowns({statuses: ['TODO']});
    case 'takedowns.cancelled-count':
      return takedowns({statuses: ['CANCELLED'], from: ago(number(result, 'lookbackHours', 168))});
    case 'assets.dead-asset-spike':
      return takedowns({liveness: ['DEAD'], from: ago(24)});
    case 'takedowns.automation-off':
    case 'organization.missing-contact-url':
      return SETTING;
    case 'reviewing.backlog':
    case 'reviewing.old-proposals':
      return {kind: 'review-queue', org};
    default:
      // No documented filter selects the silent ones: the whole list, where the findings' configs are rows.
      if (checkId.startsWith('detections.')) return {kind: 'detection-configs', org};
      return 'no documented list selects these findings';
  }
}

export function findingList(checkId: string, org: string, result: FindingSource, now: Date): FindingList {
  const target = targetOf(checkId, org, result, now);
  return typeof target === 'string' ? {none: target} : {command: listCommand(target), target};
}

/** Why no list selects a check's findings, or undefined when one does (the kind needs no result). */
export function noListReason(checkId: string): string | undefined {
  const target = targetOf(checkId, '', {observed: {}}, new Date(0));
  return typeof target === 'string' ? target : undefined;
}

/** The line (no line end) `healthchecks run` adds under a check that is not ok. */
export function findingListLine(checkId: string, org: string, result: FindingSource, now: Date): string {
  const list = findingList(checkId, org, result, now);
  return 'command' in list ? `list them: ${list.command}` : `list them: none (${list.none})`;
}
