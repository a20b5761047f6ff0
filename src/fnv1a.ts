/**
 * FNV-1a, 32 bit: a stable hash of a text, the same in every process and version (unlike
 * anything seeded). The worker spreads its schedulers' offsets with it; the sandbox seeds
 * its PRNG with it.
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
