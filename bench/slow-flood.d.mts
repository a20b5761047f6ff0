import type {ChildProcess, SpawnOptions} from 'node:child_process';

export interface FloodCounts {
  connected: number;
  closed: number;
  failed: number;
}
export interface ProbeResult {
  status?: number;
  error?: string;
  ms: number;
}
export function hardFdLimit(): number;
export function spawnWithFdLimit(fdLimit: number, argv: string[], options?: SpawnOptions): ChildProcess & {stdout: NodeJS.ReadableStream};
export function firstLine(child: ChildProcess): Promise<string>;
export function flood(url: string, total: number, perProcess: number): {done: Promise<FloodCounts>; stop(): void};
export function probe(url: string, timeoutMs: number): Promise<ProbeResult>;
export function probeUntil(url: string, until: Promise<unknown>, options?: {everyMs?: number; timeoutMs?: number}): Promise<ProbeResult[]>;
