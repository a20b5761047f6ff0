#!/usr/bin/env node
// node bench/soak-report.mjs soak.json
//
// Prints a saved soak's table again (`npm run soak -- --json soak.json`), its growth judged
// by the rules of this checkout (bench/soak/growth.mjs): a run that took an hour is not run
// again because the way its samples are read changed. Exit as the soak's: 0 when nothing
// failed, 1 naming each figure.
import {readFileSync} from 'node:fs';
import {judgeReplicas} from './soak/growth.mjs';
import {loopFigures} from './soak/loop.mjs';
import {failuresOf, formatReport} from './soak/report.mjs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node bench/soak-report.mjs <soak.json>  (written by npm run soak -- --json <file>)');
  process.exit(3);
}
let result;
try {
  result = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(result?.samples) || !Array.isArray(result?.runs) || !result?.options?.durationMs) throw new Error('not a soak written with --json (samples, runs and options missing)');
} catch (error) {
  console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(3);
}
result.growth.replicas = judgeReplicas(result);
result.loop = loopFigures(result.samples, result.faults, result.startedAt, result.options.durationMs / 10);
result.failures = failuresOf(result);
console.log(formatReport(result));
process.exit(result.failures.length === 0 ? 0 : 1);
