import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {skipAlerting, startAlertingChain, type AlertingChain} from './alerting-harness.js';

/*
 * A maintenance window against the real chain: initech (seeded failing) is under a window
 * added with `vigil maintenance add` before the worker starts; acme's review backlog
 * (seeded failing) is not. The rules' `for:` is divided by 10 (VigilCheckFailing: 30 s), so
 * "no new wait" is told from a wait: initech must already be firing in Prometheus, its
 * `for:` run out under the window, when the window ends.
 */
let chain: AlertingChain;

describe.skipIf(skipAlerting !== undefined)('maintenance windows through Prometheus and Alertmanager', () => {
  beforeAll(async () => {
    chain = await startAlertingChain({
      prefix: 'e2e-maintenance',
      ruleSpeedup: 10,
      checksYaml: 'defaults: {every: 1s}\nretry: {attempts: 2, backoff: 100ms}\nchecks:\n  - {check: takedowns.cancelled-count, org: initech}\n  - {check: reviewing.backlog, org: acme}\n',
    });
  }, 90_000);
  afterAll(async () => {
    await chain?.stop();
  });

  it('holds initech under its window while acme alerts, and alerts initech at once when the window ends', async () => {
    const added = await chain.cli(['maintenance', 'add', '--org', 'initech', '--for', '1h', '--reason', 'planned upgrade', '--json']);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const window = JSON.parse(added.stdout) as {id: string};
    await chain.startWorker();

    // acme, under no window, reaches the ticket receiver.
    await chain.waitFor('acme firing at the webhook', () => chain.deliveries({alertname: 'VigilCheckFailing', org: 'acme'}).find(d => d.alert.status === 'firing'), 120_000);
    // initech: firing in Prometheus (its for: ran), suppressed in Alertmanager by VigilMaintenance, never delivered.
    const held = await chain.waitFor(
      'initech firing in Prometheus and suppressed in Alertmanager',
      async () => {
        const firing = (await chain.promAlerts('VigilCheckFailing')).some(alert => alert.labels.org === 'initech' && alert.state === 'firing');
        const muted = (await chain.amAlerts('VigilCheckFailing')).find(alert => alert.labels.org === 'initech' && alert.status.state === 'suppressed');
        return firing && muted;
      },
      120_000,
    );
    const [maintenance] = await chain.amAlerts('VigilMaintenance');
    expect(maintenance!.labels).toMatchObject({org: 'initech', scope: 'org', job: 'vigil'});
    expect(held.status.inhibitedBy).toEqual([maintenance!.fingerprint]);
    expect(chain.deliveries({alertname: 'VigilMaintenance'})).toEqual([]);
    // Runs went on and were graded under the window; schedules list marks the pair.
    const listed = JSON.parse((await chain.cli(['schedules', 'list', '--json'])).stdout) as {org: string; lastResult: string; maintenance: string | null}[];
    expect(listed.find(row => row.org === 'initech')).toMatchObject({lastResult: 'fail', maintenance: window.id});
    expect(listed.find(row => row.org === 'acme')).toMatchObject({maintenance: null});
    expect(chain.deliveries({alertname: 'VigilCheckFailing', org: 'initech'}), chain.diagnostics()).toEqual([]);

    // The end: the alert was firing in Prometheus when the window ended, so it goes out
    // without a `for:` of its own from zero.
    const firingSince = (await chain.promAlerts('VigilCheckFailing')).find(alert => alert.labels.org === 'initech')!.activeAt;
    const ended = await chain.cli(['maintenance', 'end', window.id]);
    expect(ended.code, ended.stderr).toBe(0);
    const endedAt = Date.now();
    const delivered = await chain.waitFor('initech firing at the webhook', () => chain.deliveries({alertname: 'VigilCheckFailing', org: 'initech'}).find(d => d.alert.status === 'firing'), 60_000);
    expect(delivered.path).toBe('ticket');
    expect(delivered.at).toBeGreaterThanOrEqual(endedAt);
    // The alert that went out is the one that was active under the window, not a new one.
    expect(Date.parse(firingSince)).toBeLessThan(endedAt - 30_000);
    expect((await chain.promAlerts('VigilCheckFailing')).find(alert => alert.labels.org === 'initech')!.activeAt).toBe(firingSince);
  }, 300_000);
});
