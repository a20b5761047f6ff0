import {existsSync, readFileSync} from 'node:fs';
import type {Reporter} from 'vitest/reporters';

/*
 * The run's closing line about programs this machine lacks (test/helpers/programs.ts records
 * each skip in the file named by VIGIL_TEST_SKIPS): what was skipped, in how many files,
 * and the one command that installs everything missing. Silent when nothing was skipped.
 */
export default class SkipSummaryReporter implements Reporter {
  onFinished(): void {
    const line = skipSummary(process.env.VIGIL_TEST_SKIPS);
    if (line) process.stdout.write(`\n${line}\n`);
  }
}

interface Skip {
  program: string;
  package: string;
  file?: string;
}

export function skipSummary(file: string | undefined): string | undefined {
  if (!file || !existsSync(file)) return undefined;
  const skips = readFileSync(file, 'utf8').split('\n').filter(Boolean).map(line => JSON.parse(line) as Skip);
  if (skips.length === 0) return undefined;
  const files = new Map<string, Set<string>>();
  for (const skip of skips) {
    const set = files.get(skip.program) ?? new Set<string>();
    if (skip.file) set.add(skip.file);
    files.set(skip.program, set);
  }
  const programs = [...files.keys()].sort();
  const counted = programs.map(program => `${program} (${files.get(program)!.size} ${files.get(program)!.size === 1 ? 'file' : 'files'})`);
  const packages = [...new Set(skips.map(skip => skip.package))].sort();
  return `Skipped, not installed: ${counted.join(', ')}. To run them: apt-get install -y ${packages.join(' ')}`;
}
