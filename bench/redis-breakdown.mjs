// What a (check, org) pair costs in Redis, by kind of key: every key of the bench's prefix
// is SCANned, sized with MEMORY USAGE (its value, its key name and the allocator's overhead
// as Redis counts them) and sorted into a family by its name. Hash fields are counted for the
// store's hashes, members for sorted sets, so "per pair" means something for shared keys too.
// Used by the registry rows of bench:worker; `used_memory` over a flushed Redis is printed
// beside it (the main dictionary's own tables and expires are in that figure, not here).

/** The family of a key, from the names BullMQ 5 and the result store give them. */
export function familyOf(key, prefix) {
  const rest = key.slice(prefix.length + 1); // <queue>:...
  const [, ...parts] = rest.split(':');
  const name = parts.join(':');
  if (parts.length >= 2 && parts.at(-1) === 'logs') return 'job logs';
  if (parts.length >= 2 && parts.at(-1) === 'lock') return 'job locks';
  if (name.startsWith('vigil:')) return `store ${name.slice('vigil:'.length)}`;
  if (name === 'repeat') return 'schedulers (sorted set)';
  if (name.startsWith('repeat:')) return 'scheduler hashes';
  if (['delayed', 'wait', 'active', 'completed', 'failed', 'prioritized', 'paused', 'stalled', 'events', 'meta', 'id', 'marker', 'pc', 'stalled-check', 'limiter', 'metrics'].includes(parts[0])) {
    return `queue ${parts[0]}`;
  }
  return parts.length >= 1 && parts[0].startsWith('repeat:') ? 'scheduled jobs' : 'job hashes';
}

export async function redisBreakdown(redis, prefix) {
  const families = new Map();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length === 0) continue;
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.call('MEMORY', 'USAGE', key, 'SAMPLES', '0').type(key);
    const replies = await pipeline.exec();
    keys.forEach((key, i) => {
      const bytes = Number(replies[2 * i][1] ?? 0);
      const type = replies[2 * i + 1][1];
      // Job hashes of the scheduler's next run are named <queue>:repeat:<id>:<millis>.
      const name = key.slice(prefix.length + 1).split(':').slice(1).join(':');
      const family = type === 'hash' && /^repeat:.+:\d+$/.test(name) ? 'next scheduled job hashes' : familyOf(key, prefix);
      const entry = families.get(family) ?? {keys: 0, bytes: 0, type};
      entry.keys++;
      entry.bytes += bytes;
      families.set(family, entry);
    });
  } while (cursor !== '0');
  return [...families].map(([family, entry]) => ({family, ...entry})).sort((a, b) => b.bytes - a.bytes);
}

export function printBreakdown(rows, pairs, usedMemoryPerPair) {
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.log(`  Redis by key family at ${pairs} pairs (MEMORY USAGE, SAMPLES 0; used_memory over a flushed Redis: ${(usedMemoryPerPair / 1024).toFixed(2)} KiB per pair):`);
  for (const row of rows) {
    console.log(`    ${row.family.padEnd(28)} ${String(row.keys).padStart(7)} keys  ${(row.bytes / 1024 / 1024).toFixed(2).padStart(8)} MiB  ${(row.bytes / pairs).toFixed(0).padStart(5)} B/pair`);
  }
  console.log(`    ${'all keys'.padEnd(28)} ${String(rows.reduce((s, r) => s + r.keys, 0)).padStart(7)} keys  ${(total / 1024 / 1024).toFixed(2).padStart(8)} MiB  ${(total / pairs).toFixed(0).padStart(5)} B/pair`);
}
