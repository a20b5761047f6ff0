import {expect} from 'vitest';
import {runCli} from './cli.js';

/* Reading the review queue in terminal end-to-end tests: the screen's rows and the static listing. */

export interface QueueRow {
  reportId: string;
  proposalId: string;
  assetId: string;
}

/** The highlighted row of the queue table: `› 1321  Title…  5492/7492  content`. */
export function highlightedRow(screen: string): QueueRow {
  const line = screen.split('\n').find(text => text.startsWith('› '));
  // The ids cell stands between two column gaps, so digits in a title cannot pass for it.
  const match = line ? /^› (\S+) .*?\s{2}(\d+)\/(\d+)(?=\s{2}|$)/.exec(line) : null;
  if (!match) throw new Error(`no highlighted queue row on screen:\n${screen}`);
  return {reportId: match[1]!, proposalId: match[2]!, assetId: match[3]!};
}

/** The queue's total in the header ("Showing 1-5 of 14 (page 1)"). */
export function queueTotal(screen: string): number {
  const match = /Showing \S+ of (\d+)/.exec(screen);
  if (!match) throw new Error(`no total on screen:\n${screen}`);
  return Number(match[1]);
}

/** Ids of the reports the static listing returns for the queue (`--json`, every page). */
export async function queueIdsFromCli(env: NodeJS.ProcessEnv): Promise<string[]> {
  const result = await runCli(['reports', 'list', '--needs-customer-review', '--all', '--json'], {env});
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout
    .split('\n')
    .filter(line => line.trim() !== '')
    .map(line => String((JSON.parse(line) as {id: unknown}).id));
}
