/**
 * "5m ago", "3h ago", "12d ago"; past 60 days the date. What a person scanning a terminal
 * table reads at a glance; the "ago" (or the full date) says what the number is.
 */
export function relativeAge(iso: string | undefined, now: number): string | undefined {
  if (iso === undefined) return undefined;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seconds = Math.round((now - at) / 1000);
  if (seconds < 0) return new Date(at).toISOString().slice(0, 10);
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`;
  if (seconds < 60 * 86_400) return `${Math.floor(seconds / 86_400)}d ago`;
  return new Date(at).toISOString().slice(0, 10);
}
