/**
 * The word the user most likely meant: what a misspelt key, flag value or status is
 * checked against before it is refused, so the error can name the fix.
 */

/** Edit distance: insertions, deletions, substitutions and swaps of neighbours, one each. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({length: a.length + 1}, (_, i) => Array.from({length: b.length + 1}, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate closest to `word` (case aside), when it is close enough to be a typo: at
 * most `maxDistance` edits and less than half the word changed, as Commander judges an
 * unknown flag. Undefined when nothing is that close.
 */
export function nearest(word: string, candidates: readonly string[], maxDistance = 2): string | undefined {
  let best: {candidate: string; distance: number} | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance > maxDistance || distance * 2 >= Math.max(word.length, candidate.length)) continue;
    if (!best || distance < best.distance) best = {candidate, distance};
  }
  return best?.candidate;
}
