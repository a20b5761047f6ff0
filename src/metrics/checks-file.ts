import type {Registry} from 'prom-client';

/**
 * Whether this process's checks file, as last read, could be applied. Per process (each
 * replica reads its own copy of the file), in the process part of /metrics.
 */

export type ChecksFileOutcome = 'applied' | 'invalid';

export interface ChecksFileMetrics {
  /** A read of the changed file: applied (or valid and unchanged), or invalid and not applied. */
  record(outcome: ChecksFileOutcome | 'unchanged'): void;
}

export async function checksFileMetrics(registry: Registry): Promise<ChecksFileMetrics> {
  const client = await import('prom-client');
  const registers = [registry];
  const valid = new client.Gauge({
    name: 'vigil_checks_file_valid',
    help: '1 when the checks file as last read is valid (and runs); 0 while an invalid change is not applied (the last valid file runs)',
    registers,
  });
  const reloads = new client.Counter({
    name: 'vigil_checks_file_reloads_total',
    help: 'Changes of the checks file read by this process, by outcome (applied, invalid)',
    labelNames: ['outcome'] as const,
    registers,
  });
  valid.set(1);
  for (const outcome of ['applied', 'invalid'] as const) reloads.inc({outcome}, 0);
  return {
    record(outcome) {
      valid.set(outcome === 'invalid' ? 0 : 1);
      if (outcome !== 'unchanged') reloads.inc({outcome});
    },
  };
}
