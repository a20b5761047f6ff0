// Types of ledger.mjs (plain JavaScript so that `npm run soak` needs no build).
export interface Run {
  jobId: string;
  outcome: 'ok' | 'warn' | 'fail' | 'error';
  willRetry?: boolean;
  at: number;
}
export interface Window {
  from: number;
  to: number;
}
export function slotOfJob(jobId: string): {scheduler: string; due: number} | undefined;
export function isFinal(run: Run): boolean;
export function buildLedger(options: {
  schedulers: {id: string; every: number; offset: number}[];
  presence: Map<string, Window[]>;
  runs: Run[];
  requests: {at: number; slug: string; check: string; status: number | 'reset'}[];
  excused: (Window & {reason: string})[];
  down: Window[];
  kills: Window[];
}): {
  figures: Record<'due' | 'graded' | 'gradedUnlogged' | 'gradedTwice' | 'gradedTwiceOutsideKills' | 'lost' | 'coalesced' | 'excused' | 'downDue' | 'downError' | 'downGradedAfter' | 'upstreamAnswers' | 'gradesWithoutAnswer' | 'answersNotGradedOnce', number>;
  lostSlots: {scheduler: string; due: string; retried: boolean}[];
  excusedReasons: Record<string, number>;
};
