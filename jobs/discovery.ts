import type {ApiClient} from '../src/api/client.js';
import {checksOfOrg, discoveredChecks, scheduledSpecs} from '../src/checks/discover.js';
import type {CheckSpec, DiscoverConfig} from '../src/checks/schema.js';
import type {VigilMetrics} from '../src/metrics/registry.js';
import {sanitizeText} from '../src/output/sanitize.js';
import {redact} from '../src/secrets.js';

/**
 * The worker's side of `discover:`: reads the healthcheck registry for each org and keeps,
 * per org, the implemented ids of its last successful read. A failed read keeps what the
 * org had (a flaky registry must not unschedule every check and drop its series): it is
 * counted in vigil_registry_reads_total{outcome="error"} and logged, nothing else.
 */

export type RegistryClient = Pick<ApiClient, 'listHealthchecks'>;

export interface DiscoveryOptions {
  config: DiscoverConfig;
  /** The `checks:` entries of the file. */
  explicit: readonly CheckSpec[];
  client: RegistryClient;
  /** Upper bound of one registry read. */
  timeoutMs: number;
  metrics: Pick<VigilMetrics, 'recordRegistryRead' | 'recordLeftOut'>;
  logEvent: (message: string, fields?: Record<string, unknown>, level?: 'info' | 'warn') => void;
  /** Aborted on shutdown: a read in flight stops. */
  signal?: AbortSignal;
}

/** Registry reads at once: a few, so 1,000 orgs do not open 1,000 connections. */
const READS_AT_ONCE = 4;
/** Planned ids named in a log line at most; the rest are counted. */
const LOGGED_IDS = 20;

export class Discovery {
  private readonly registry = new Map<string, readonly string[]>();
  /** Per org, the implemented checks its last read listed beyond the cap. */
  private readonly leftOut = new Map<string, number>();

  constructor(private options: DiscoveryOptions) {}

  /** A changed checks file: its `discover:` and `checks:`; an org that left forgets its reads. */
  reconfigure(config: DiscoverConfig, explicit: readonly CheckSpec[]): void {
    this.options = {...this.options, config, explicit};
    for (const org of [...this.registry.keys()]) {
      if (config.orgs.includes(org)) continue;
      this.registry.delete(org);
      this.leftOut.delete(org);
    }
  }

  /**
   * Takes the pairs Redis holds for orgs the registry has not answered for yet, so a worker
   * that starts while the registry is down keeps what the last worker scheduled. Only orgs
   * whose stored pairs were discovered: anything else is what the file lists anyway.
   */
  seed(stored: readonly CheckSpec[]): void {
    for (const org of this.options.config.orgs) {
      if (this.registry.has(org)) continue;
      const mine = stored.filter(spec => spec.org === org);
      if (mine.some(spec => spec.discovered)) this.registry.set(org, checksOfOrg(mine, org));
    }
  }

  /** Reads the registry for every org; returns the orgs whose read failed. */
  async refresh(): Promise<string[]> {
    const failed: string[] = [];
    const queue = [...this.options.config.orgs];
    const worker = async () => {
      for (let org = queue.shift(); org !== undefined; org = queue.shift()) {
        if (!(await this.readOrg(org))) failed.push(org);
      }
    };
    await Promise.all(Array.from({length: Math.min(READS_AT_ONCE, queue.length)}, worker));
    return failed;
  }

  specs(): CheckSpec[] {
    return scheduledSpecs(this.options.explicit, this.options.config, this.registry);
  }

  private async readOrg(org: string): Promise<boolean> {
    const {client, metrics, logEvent} = this.options;
    const signals = [AbortSignal.timeout(this.options.timeoutMs), ...(this.options.signal ? [this.options.signal] : [])];
    try {
      const {checks} = await client.listHealthchecks(org, {signal: AbortSignal.any(signals)});
      const implemented = checks.filter(entry => entry.implemented).map(entry => entry.id);
      // Only what is scheduled is kept: 100,000 listed ids must not stay in memory between reads.
      const {kept, leftOut} = discoveredChecks(implemented, this.options.config);
      const previous = this.registry.get(org);
      this.registry.set(org, kept);
      metrics.recordRegistryRead(org, implemented.length);
      metrics.recordLeftOut(org, leftOut);
      if (previous === undefined || previous.join() !== kept.join()) {
        const planned = checks.filter(entry => !entry.implemented);
        logEvent('healthcheck registry read', {
          org,
          implemented: implemented.length,
          planned: planned.slice(0, LOGGED_IDS).map(entry => sanitizeText(entry.id).slice(0, 80)),
          ...(planned.length > LOGGED_IDS ? {plannedNotShown: planned.length - LOGGED_IDS} : {}),
        });
      }
      if (leftOut > 0 && this.leftOut.get(org) !== leftOut) {
        logEvent('healthcheck registry lists more checks than discover.maxChecks; the rest are not scheduled', {org, scheduled: kept.length, leftOut, maxChecks: this.options.config.maxChecks});
      }
      this.leftOut.set(org, leftOut);
      return true;
    } catch (error) {
      if (this.options.signal?.aborted) return false;
      metrics.recordRegistryRead(org, 'error');
      const message = sanitizeText(redact(error instanceof Error ? error.message : String(error))).slice(0, 300);
      logEvent('healthcheck registry read failed; its checks stay as they were', {org, error: message}, 'warn');
      return false;
    }
  }
}
