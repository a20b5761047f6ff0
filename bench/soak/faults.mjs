// One fault window: what the soak does to the upstream, Redis or the replicas, and undoes.
import {UPSTREAM_MODES} from './upstream.mjs';

/** `untilEnd()` resolves when the window's active part is over. */
export async function injectFault(window, context, untilEnd) {
  const {upstream, redis, replicas, options} = context;
  const mode = UPSTREAM_MODES[window.kind];
  if (mode) {
    await upstream.setMode(mode);
    await untilEnd();
    await upstream.setMode('ok');
    return;
  }
  // Redis is down a few seconds: long enough for every replica to notice.
  const downMs = Math.min(5000, Math.max(1000, (window.end - window.start) / 4));
  const replica = replicas[(window.round - 1) % replicas.length];
  switch (window.kind) {
    case 'redis-restart':
      return redis.restartKeepingData(downMs);
    case 'redis-data-loss':
      return redis.restartLosingData(downMs);
    case 'worker-sigkill':
      return replica.restart('SIGKILL');
    case 'checks-file':
      // The worker reads its file at start (docs/checker.md): the change is applied by
      // restarting the replica; worker-rolling, next, brings the others to the same file.
      return context.swapChecks(() => replicas[0].restart('SIGTERM'));
    case 'worker-rolling':
      for (const each of replicas) await each.restart('SIGTERM');
      return;
    default:
      throw new Error(`unknown fault kind ${window.kind}`);
  }
}
