import {describe, expect, it} from 'vitest';
import {parseChecks} from '../../src/checks/loader.js';
import {InputError} from '../../src/errors.js';
import {activeAt, activeWindows, windowFor, type MaintenanceWindow} from '../../src/maintenance/window.js';

const file = (maintenance: string) => `checks:\n  - {check: reviewing.backlog, org: acme}\ndiscover: {orgs: [globex]}\nmaintenance:\n${maintenance}`;

async function problems(text: string): Promise<string[]> {
  try {
    await parseChecks(text, 'checks.yaml');
  } catch (error) {
    if (error instanceof InputError) return error.problems.map(problem => `${problem.field}: ${problem.message}`);
    throw error;
  }
  return [];
}

describe('maintenance: in the checks file', () => {
  it('resolves a one-off and a recurring window, the time zone defaulting to UTC', async () => {
    const config = await parseChecks(file('  - {org: acme, from: "2026-12-05T22:00:00Z", to: "2026-12-06T02:00:00+01:00", reason: migration}\n  - {org: globex, check: reviewing.backlog, cron: "0 2 * * 0", duration: 2h}\n'), 'checks.yaml');
    expect(config.maintenance).toEqual([
      {id: 'file-0', org: 'acme', reason: 'migration', from: Date.parse('2026-12-05T22:00:00Z'), to: Date.parse('2026-12-06T01:00:00Z'), source: 'file'},
      {id: 'file-1', org: 'globex', check: 'reviewing.backlog', cron: '0 2 * * 0', durationMs: 7_200_000, timezone: 'UTC', source: 'file'},
    ]);
  });

  it('names the field of an end before its start, a bad cron and a bad time zone', async () => {
    const found = await problems(
      file('  - {org: acme, from: "2026-12-06T00:00:00Z", to: "2026-12-05T00:00:00Z"}\n  - {org: acme, cron: "61 * * * *", duration: 1h}\n  - {org: acme, cron: "0 2 * * 0", duration: 1h, timezone: Mars/Olympus}\n'),
    );
    expect(found).toEqual([
      'checks.yaml: maintenance[0].to: must be after from (the window ends before it starts)',
      'checks.yaml: maintenance[1].cron: is not a cron expression vigil can read: Constraint error, got value 61 expected range 0-59',
      'checks.yaml: maintenance[2].timezone: is not a time zone: "Mars/Olympus" (an IANA name like Europe/Paris, or UTC)',
    ]);
  });

  it('names an org the file does not name, in checks: or discover.orgs', async () => {
    expect(await problems(file('  - {org: hooli, from: "2026-12-05T00:00:00Z", to: "2026-12-06T00:00:00Z"}\n  - {org: globex, from: "2026-12-05T00:00:00Z", to: "2026-12-06T00:00:00Z"}\n'))).toEqual([
      'checks.yaml: maintenance[0].org: hooli is not an org of this checks file (checks: or discover.orgs)',
    ]);
  });

  it('refuses a window both one-off and recurring, a time without a zone, and a cron of the wrong length', async () => {
    const found = await problems(file('  - {org: acme, from: "2026-12-05T00:00:00Z", to: "2026-12-06T00:00:00Z", cron: "0 2 * * 0"}\n  - {org: acme, from: "2026-12-05 00:00", to: "2026-12-06T00:00:00Z"}\n  - {org: acme, cron: "0 2 *", duration: 1h}\n'));
    expect(found.join('\n')).toMatch(/maintenance\[0\]\.cron.*not both/);
    expect(found.join('\n')).toMatch(/maintenance\[1\]\.from.*ISO-8601 time with a zone/);
    expect(found.join('\n')).toMatch(/maintenance\[2\]\.cron.*5 fields.*this one has 3/);
  });
});

describe('which windows are active', () => {
  const sundays: MaintenanceWindow = {id: 'file-0', org: 'acme', cron: '0 2 * * 0', durationMs: 2 * 3_600_000, timezone: 'Europe/Paris', source: 'file'};

  it('reads a recurring window in its time zone: Sunday 02:00-04:00 Paris is 01:00-03:00 UTC in winter', () => {
    expect(activeAt(sundays, Date.parse('2026-12-06T00:59:59Z'))).toBeUndefined();
    expect(activeAt(sundays, Date.parse('2026-12-06T01:00:00Z'))).toEqual({window: sundays, startedAt: Date.parse('2026-12-06T01:00:00Z'), endsAt: Date.parse('2026-12-06T03:00:00Z')});
    expect(activeAt(sundays, Date.parse('2026-12-06T02:59:59Z'))).toBeDefined();
    expect(activeAt(sundays, Date.parse('2026-12-06T03:00:00Z'))).toBeUndefined();
  });

  it('keeps overlapping windows, and a pair is held by the one that ends last, an org window covering each check', () => {
    const now = Date.parse('2026-12-06T02:00:00Z');
    const orgWide: MaintenanceWindow = {id: 'cli-aaaa', org: 'acme', from: now - 60_000, to: now + 3_600_000 * 5, source: 'cli'};
    const other: MaintenanceWindow = {id: 'cli-bbbb', org: 'acme', check: 'takedowns.cancelled-count', from: now - 60_000, to: now + 60_000, source: 'cli'};
    const active = activeWindows([sundays, orgWide, other], now);
    expect(active.map(item => item.window.id)).toEqual(['file-0', 'cli-aaaa', 'cli-bbbb']);
    expect(windowFor(active, 'reviewing.backlog', 'acme')?.window.id).toBe('cli-aaaa');
    expect(windowFor(active, 'reviewing.backlog', 'globex')).toBeUndefined();
  });
});
