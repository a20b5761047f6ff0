import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {skipAlerting, startAlertingChain, type AlertingChain} from './alerting-harness.js';

/*
 * An upstream outage against the real chain: three pairs, every one ok, checked every
 * minute (so that, with the rules' `for:` divided by 60, the per-check alerts would page
 * during the outage: VigilCheckStale after 3 intervals without a result). The outage is
 * the sandbox answering 503 to every healthcheck call; it ends when the test drains the
 * queued faults. What the person on call must see: one page, no ticket per pair, and no
 * burst when it ends.
 */
let chain: AlertingChain;
const ORGS = ['umbrella', 'initech', 'acme'];

interface Row {
  org: string;
  lastResult: string | null;
  lastSuccessAt: string | null;
}

const rows = async () => JSON.parse((await chain.cli(['schedules', 'list', '--json'])).stdout) as Row[];

describe.skipIf(skipAlerting !== undefined)('an upstream outage through Prometheus and Alertmanager', () => {
  beforeAll(async () => {
    chain = await startAlertingChain({
      prefix: 'e2e-upstream',
      ruleSpeedup: 60,
      checksYaml: `defaults: {every: 1m}\nretry: {attempts: 4, backoff: 100ms}\nchecks:\n${ORGS.map(org => `  - {check: takedowns.cancelled-count, org: ${org}}\n`).join('')}`,
    });
    for (const org of ORGS) expect((await chain.admin('DELETE', `orgs/${org}/takedowns`)).status).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await chain?.stop();
  });

  it('pages VigilUpstreamUnavailable once, holds every per-check alert, and sends none when it ends', async () => {
    await chain.startWorker();
    await chain.waitFor('a result of every pair', async () => (await rows()).filter(row => row.lastResult === 'ok').length === ORGS.length, 120_000);

    const downAt = Date.now();
    expect((await chain.admin('POST', 'faults', {status: 503, times: 100, pathPrefix: 'healthchecks'})).status).toBe(200);
    const page = await chain.waitFor('VigilUpstreamUnavailable at the page receiver', () => chain.deliveries({alertname: 'VigilUpstreamUnavailable'}, downAt).find(d => d.alert.status === 'firing'), 240_000);
    expect(page.path).toBe('page');
    expect(page.alert.labels).toMatchObject({job: 'vigil', severity: 'critical'});
    expect(page.alert.annotations.runbook_url).toMatch(/#vigilupstreamunavailable$/);

    // Without the hold every pair would now open a ticket: they are stale, firing and muted.
    await chain.waitFor(
      'every pair stale in Prometheus and suppressed in Alertmanager',
      async () => {
        const firing = (await chain.promAlerts('VigilCheckStale')).filter(alert => alert.state === 'firing').length === ORGS.length;
        const muted = (await chain.amAlerts('VigilCheckStale')).filter(alert => alert.status.state === 'suppressed').length === ORGS.length;
        return firing && muted;
      },
      240_000,
    );

    // The end: the faults left are used up here, and the upstream answers again.
    const upAt = Date.now();
    for (let i = 0; i < 100; i++) {
      const response = await fetch(`${chain.sandbox.url}/healthchecks/list`, {method: 'POST', headers: {'x-api-key': chain.sandbox.apiKey, 'content-type': 'application/json'}, body: JSON.stringify({slug: 'umbrella'})});
      await response.arrayBuffer();
      if (response.status !== 503) break;
    }
    await chain.waitFor('a result of every pair after the outage', async () => (await rows()).filter(row => row.lastSuccessAt !== null && Date.parse(row.lastSuccessAt) > upAt).length === ORGS.length, 180_000);
    await chain.waitFor(
      'the page, the holds and the stale alerts resolved in Prometheus',
      async () => (await Promise.all(['VigilUpstreamUnavailable', 'VigilCheckHeld', 'VigilCheckStale'].map(name => chain.promAlerts(name)))).every(list => list.length === 0),
      120_000,
    );
    const beats = chain.deliveries({alertname: 'VigilWatchdog'}).length;
    await chain.waitFor('two more heartbeats', () => chain.deliveries({alertname: 'VigilWatchdog'}).length >= beats + 2, 30_000);

    const since = chain.received.filter(item => item.at >= downAt && item.path !== 'heartbeat');
    const names = new Set(since.flatMap(item => item.body.alerts.map(alert => alert.labels.alertname)));
    expect([...names], chain.diagnostics()).toEqual(['VigilUpstreamUnavailable']);
    // One alert, however many pairs: each notification of the page carries that one alert.
    expect(since.every(item => item.body.alerts.length === 1)).toBe(true);
  }, 600_000);
});
