// Types of expected-alerts.mjs (plain JavaScript so that `npm run soak` needs no build).
export interface Expected {
  expect: string[];
  byMs?: number;
  reason: string;
}
export function ruleDurations(speedup: number, text?: string): Record<string, number>;
export function expectedAlerts(window: {kind: string; start: number; end: number; downMs?: number}, options: {everyMs: number}, forMs: Record<string, number>): Expected;
export function checkExpectedAlerts(
  windows: {kind: string; round: number; from: number; expected: Expected}[],
  firings: {alertname: string; from: number; resolved: boolean}[],
): string[];
