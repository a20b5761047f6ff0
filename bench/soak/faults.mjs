// One fault window: what the soak does to the upstream, Redis or the replicas, and undoes.
import {UPSTREAM_MODES} from './upstream.mjs';

/**
 * `untilEnd()` resolves when the window's active part is over. Returns what the report needs:
 * {downMs} for a Redis restart, {skipped: reason} for a fault this machine cannot inject.
 */
export async function injectFault(window, context, untilEnd) {
  const {upstream, redis, replicas, options} = context;
  const mode = UPSTREAM_MODES[window.kind];
  if (mode) {
    await upstream.setMode(mode);
    await untilEnd();
    await upstream.setMode('ok');
    return {};
  }
  // Redis is down a few seconds: long enough for every replica to notice.
  const downMs = Math.min(5000, Math.max(1000, (window.end - window.start) / 4));
  // --spare: the last replicas live the whole run (their memory is judged over all of it).
  const faulted = replicas.slice(0, replicas.length - (options.spare ?? 0));
  const replica = faulted[(window.round - 1) % faulted.length];
  switch (window.kind) {
    case 'redis-restart':
      await redis.restartKeepingData(downMs);
      return {downMs};
    case 'redis-data-loss':
      await redis.restartLosingData(downMs);
      return {downMs};
    case 'sentinel-failover': {
      if (!redis.sentinel) return {skipped: redis.sentinelMissing};
      const {from, to} = await redis.failover();
      context.progress(`primary moved from port ${from} to ${to}`);
      return {downMs: 0};
    }
    case 'worker-sigkill':
      await replica.restart('SIGKILL');
      return {};
    case 'checks-file': {
      // Live: every replica watches the file (docs/checker.md, "A changed checks file").
      const {appliedMs} = await context.swapChecks();
      context.progress(`checks file change applied in ${(appliedMs / 1000).toFixed(1)} s`);
      return {appliedMs};
    }
    case 'worker-rolling':
      for (const each of faulted) await each.restart('SIGTERM');
      return {};
    default:
      throw new Error(`unknown fault kind ${window.kind}`);
  }
}
