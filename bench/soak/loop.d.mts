export interface LoopFigures {
  outsideMaxMs: number;
  outsideMedianMs: number;
  outsideSamples: number;
  insideMaxMs: number;
  insideMedianMs: number;
  insideSamples: number;
}
export function loopFigures(samples: {t: number; loopP99Ms?: number}[], faults: {from: number; slotEnd: number}[], startedAt: number, warmupMs: number): LoopFigures;
