import {describe, expect, it} from 'vitest';
import type {KeyVerdict} from '../../../src/cmd/auth/shared/check-key.js';
import {workerKeyChecks, type WorkerOrg} from '../../../src/cmd/worker/key-check.js';

/*
 * The worker's key check, one question per org of its checks file, with a fake upstream: how
 * many questions hold the start, how many are in flight, what a change of the file asks.
 */

const orgs = (n: number, prefix = 'org'): WorkerOrg[] => Array.from({length: n}, (_, i) => ({org: `${prefix}-${i}`, in: 'checks'}));

function fakeUpstream(verdictOf: (org: string) => KeyVerdict['result'] = () => 'accepted') {
  const asked: string[] = [];
  const lines: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const check = async (org: string): Promise<KeyVerdict> => {
    asked.push(org);
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    await new Promise(resolve => setTimeout(resolve, 1));
    inFlight--;
    const result = verdictOf(org);
    return result === 'no-access' ? {result, org} : result === 'accepted' ? {result} : {result, message: `${result} (${org})`};
  };
  const logEvent = (message: string, fields?: Record<string, unknown>) => lines.push(`${message}${fields?.org ? ` ${String(fields.org)}` : ''}`);
  return {check, logEvent, asked, lines, maxInFlight: () => maxInFlight};
}

describe("the worker's key check", () => {
  it('at 10,000 orgs holds the start for the first 64 only, 8 in flight, and asks the rest after it, warning in file order', async () => {
    const upstream = fakeUpstream(org => (org.endsWith('7') ? 'no-access' : 'accepted'));
    const checks = workerKeyChecks(upstream);
    await checks.start(orgs(10_000));
    // The first 64 answered; the background's first batch may be on its way already.
    expect(upstream.asked.length).toBeGreaterThanOrEqual(64);
    expect(upstream.asked.length).toBeLessThanOrEqual(64 + 8);
    expect(upstream.lines.filter(line => line.startsWith('the API key cannot reach'))).toHaveLength(6);
    expect(upstream.lines).toContain('checking the API key for the other orgs after start');
    await checks.settled();
    expect(new Set(upstream.asked).size).toBe(10_000);
    expect(upstream.maxInFlight()).toBe(8);
    const warned = upstream.lines.filter(line => line.startsWith('the API key cannot reach')).map(line => line.split(' ').at(-1));
    expect(warned).toHaveLength(1000);
    expect(warned).toEqual(orgs(10_000).map(({org}) => org).filter(org => org.endsWith('7')));
  });

  it('on a change asks only the orgs not asked yet, one change after another', async () => {
    const upstream = fakeUpstream();
    const checks = workerKeyChecks(upstream);
    await checks.start(orgs(100));
    await checks.settled();
    upstream.asked.length = 0;
    // Two changes in quick succession, each adding an org to the same 100.
    const first = checks.added([...orgs(100), {org: 'added-1', in: 'checks'}]);
    const second = checks.added([...orgs(100), {org: 'added-1', in: 'checks'}, {org: 'added-2', in: 'discover'}]);
    await Promise.all([first, second]);
    expect(upstream.asked).toEqual(['added-1', 'added-2']);
    expect(upstream.maxInFlight()).toBe(8);
  });

  it('a 401 rejects the start with the key error; once running, a 401 is a warn line', async () => {
    const upstream = fakeUpstream(() => 'rejected');
    const checks = workerKeyChecks(upstream);
    await expect(checks.start(orgs(20))).rejects.toThrow('the upstream rejected this API key (401: rejected (org-0))');
    // One question, not a batch of 401s.
    expect(upstream.asked).toEqual(['org-0']);
    await checks.added([{org: 'later', in: 'checks'}]);
    expect(upstream.lines.at(-1)).toBe('the API key was refused after the checks file changed; runs fail until it is accepted');
  });

  it('an upstream that does not answer is logged once, and its orgs are asked again at the next change', async () => {
    let down = true;
    const upstream = fakeUpstream(() => (down ? 'unreachable' : 'no-access'));
    const checks = workerKeyChecks(upstream);
    await checks.start(orgs(20));
    expect(upstream.lines).toEqual(['could not check the API key at start; runs retry while the upstream is away']);
    expect(upstream.asked).toHaveLength(1);
    down = false;
    upstream.asked.length = 0;
    await checks.added(orgs(20));
    expect(upstream.asked).toHaveLength(20);
    expect(upstream.lines.filter(line => line.startsWith('the API key cannot reach'))).toHaveLength(20);
  });
});
