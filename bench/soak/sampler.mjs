// Every 10 s: per live replica its RSS (/proc), V8 heap used after a GC asked for through
// the inspector, open file descriptors (/proc/<pid>/fd), and what Prometheus scrapes of it
// (/metrics/process, and /metrics/checks: time taken, series, the event-loop delay p99);
// Redis's used_memory and key count. A sample that cannot be taken (the replica is being
// restarted) is skipped, not guessed.
import {readdirSync, readFileSync} from 'node:fs';

function rssBytes(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** Series lines of an exposition, and one gauge's value (the first line of that name). */
export function readExposition(text, gauge) {
  let series = 0;
  let value;
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    series++;
    if (value === undefined && line.startsWith(`${gauge} `)) value = Number(line.slice(gauge.length + 1));
  }
  return {series, value};
}

async function sampleReplica(replica) {
  const pid = replica.pid();
  // What Prometheus scrapes of a replica: its own part on every replica, and the shared part
  // (kept built) when the Service hands it this replica; both timed, series summed.
  const t0 = performance.now();
  const own = await (await fetch(replica.processUrl, {signal: AbortSignal.timeout(30_000)})).text();
  const t1 = performance.now();
  const shared = await (await fetch(replica.checksUrl, {signal: AbortSignal.timeout(30_000)})).text();
  const t2 = performance.now();
  const {series: ownSeries, value} = readExposition(own, 'nodejs_eventloop_lag_p99_seconds');
  const {series: sharedSeries} = readExposition(shared, 'nodejs_eventloop_lag_p99_seconds');
  const heapUsed = await replica.heapAfterGc();
  // prom-client's p99 covers the time since the last scrape: scrape once more so that the
  // next sample's p99 does not include the GC just asked for.
  await (await fetch(replica.processUrl, {signal: AbortSignal.timeout(30_000)})).arrayBuffer();
  return {replica: replica.index, pid, rss: rssBytes(pid), heapUsed, fds: readdirSync(`/proc/${pid}/fd`).length, scrapeMs: t2 - t0, processScrapeMs: t1 - t0, checksScrapeMs: t2 - t1, series: ownSeries + sharedSeries, loopP99Ms: value * 1000};
}

/** Starts sampling; returns {samples, redisSamples, once(), stop(), finish()}. `at()` is ms since the run began. */
export function startSampler({replicas, redis, at, everyMs = 10_000}) {
  const samples = [];
  const redisSamples = [];
  let running = true;
  // One sample at a time: a second one taken while the first's GC runs (the run's last
  // sample met the loop's) would read that GC as the replica's event-loop delay: the hour
  // of 2026-11-27 18:20 read 273 and 360 ms so, every other sample outside faults under 50.
  let taking = Promise.resolve();
  const once = () => (taking = taking.then(sampleAll));
  const sampleAll = async () => {
    const t = at();
    await Promise.all(
      replicas.map(async replica => {
        if (!replica.alive()) return;
        try {
          samples.push({t, ...(await sampleReplica(replica))});
        } catch {
          // restarting or killed between the check and the sample
        }
      }),
    );
    try {
      redisSamples.push({t, ...(await redis.figures())});
    } catch {
      // Redis is down for a fault
    }
  };
  let wake = () => {};
  const loop = (async () => {
    while (running) {
      const next = new Promise(resolve => {
        const timer = setTimeout(resolve, everyMs);
        wake = () => (clearTimeout(timer), resolve());
      });
      await once();
      await next;
    }
  })();
  return {
    samples,
    redisSamples,
    once,
    async stop() {
      running = false;
      wake();
      await loop;
    },
    /**
     * The run's last sample, alone: the loop is stopped first. Asked for before the stop, it
     * was followed 0.6 s later by the loop's own, due then, and the end's median (of three)
     * was read from two samples of one moment (the hours of 2026-11-27).
     */
    async finish() {
      await this.stop();
      await once();
    },
  };
}
