// Types of schedule.mjs (plain JavaScript so that `npm run soak` needs no build).
export const FAULT_KINDS: readonly string[];
export interface FaultWindow {
  kind: string;
  round: number;
  /** ms from the start of the run */
  start: number;
  end: number;
  slotEnd: number;
}
export function faultSchedule(durationMs: number, kinds: readonly string[]): FaultWindow[];
