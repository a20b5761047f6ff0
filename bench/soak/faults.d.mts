export interface FaultReplica {
  restart(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}
export interface FaultContext {
  upstream: {setMode(mode: string): Promise<void>};
  redis: unknown;
  replicas: FaultReplica[];
  options: {spare?: number};
  progress(message: string): void;
  swapChecks(): Promise<{appliedMs: number}>;
}
export function injectFault(
  window: {kind: string; round: number; start: number; end: number},
  context: FaultContext,
  untilEnd: () => Promise<unknown>,
): Promise<{downMs?: number; skipped?: string; appliedMs?: number}>;
