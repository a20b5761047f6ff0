export const USAGE: string;
export interface SoakOptions {
  durationMs: number;
  pairs: number;
  workers: number;
  spare: number;
  json?: string;
  everyMs: number;
  concurrency: number;
  latencyMs: number;
  faults: string[];
  ruleSpeedup: number;
  plantLeak?: string;
  lockMs: number;
  backoffMs: number;
  attempts: number;
}
/** Throws an Error naming the flag on bad input. */
export function parseOptions(argv: string[]): SoakOptions | {help: true};
