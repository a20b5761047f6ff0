import {beforeEach} from 'vitest';
import {forgetMemos} from '../../src/memo.js';

// Stryker switches mutants between tests in one process; each test builds the schemas it
// uses again, under the mutant that is active now (src/memo.ts).
beforeEach(() => forgetMemos());
