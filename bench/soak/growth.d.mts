export interface ProcessSample {
  t: number;
  replica: number;
  pid: number;
  [figure: string]: number;
}
export interface Growth {
  baseline: number;
  end: number;
  delta: number;
  hours: number;
  perHour: number;
  fractionPerHour: number;
  floor: number;
  past: boolean;
  samples: number;
  /** Memory only: read from the pairs' first success, or from their first run when under two minutes of samples follow it. */
  since?: 'first success' | 'first run';
}
export function pairsSettledAt(runs: {jobId: string; outcome: string; at: number}[], startedAt: number, everyMs: number, fallback: number): number;
export function replicaGrowth(samples: ProcessSample[], warmupMs: number, firstRunMs?: number, firstSuccessMs?: number, floors?: Record<string, number>): {replica: number; pid: number; processes: number; figures: Record<string, Growth | undefined>}[];
export function judgeReplicas(run: {samples: ProcessSample[]; runs: {jobId: string; outcome: string; at: number}[]; startedAt: number; options: {durationMs: number; everyMs: number; workers: number; spare?: number; concurrency: number}}): {replica: number; pid: number; processes: number; spare: boolean; figures: Record<string, Growth | undefined>}[];
