export interface SamplerReplica {
  index: number;
  pid(): number;
  alive(): boolean;
  processUrl: string;
  checksUrl: string;
  heapAfterGc(): Promise<number>;
}
export function readExposition(text: string, gauge: string): {series: number; value: number | undefined};
export function startSampler(options: {replicas: SamplerReplica[]; redis: {figures(): Promise<Record<string, number>>}; at: () => number; everyMs?: number}): {
  samples: Array<Record<string, number>>;
  redisSamples: Array<Record<string, number>>;
  once(): Promise<void>;
  stop(): Promise<void>;
  finish(): Promise<void>;
};
