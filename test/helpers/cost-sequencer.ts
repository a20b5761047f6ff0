import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import {BaseSequencer, type TestSpecification} from 'vitest/node';

/*
 * Which test files start first. vitest starts the files that took longest last time, and
 * without a last time (a fresh clone: CI) the largest files, which put the soak, minutes of
 * waiting, wherever its size fell: the run then lasted until it ended. So where any file has
 * no duration yet, files start by the longest timeout they give a test or hook (a file that
 * allows itself minutes is one that takes them), vitest's order breaking ties.
 */

/** The longest timeout a test file gives a test or a hook (`}, 120_000)`, `}, 60 * 60_000)`), in ms; 0 if none. */
export function longestTimeout(text: string): number {
  let longest = 0;
  for (const match of text.matchAll(/\},\s*(\d[\d_]*(?:\s*\*\s*\d[\d_]*)*)\)/g)) {
    const ms = match[1]!.split('*').reduce((product, factor) => product * Number(factor.trim().replaceAll('_', '')), 1);
    longest = Math.max(longest, ms);
  }
  return longest;
}

export default class CostSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const key = (file: TestSpecification) => `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
    if (sorted.every(file => this.ctx.cache.getFileTestResults(key(file)))) return sorted;
    const declared = new Map(sorted.map(file => [file, longestTimeout(readFileSync(file.moduleId, 'utf8'))]));
    // Array sort is stable: files declaring the same keep vitest's order.
    return sorted.sort((a, b) => declared.get(b)! - declared.get(a)!);
  }
}
