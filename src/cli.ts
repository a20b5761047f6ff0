#!/usr/bin/env node
/*
 * Bootstrap. Runs before Ink is imported, because Ink decides at import time how to write:
 * - piped stdout: Ink must not be in CI mode, or it appends a newline to our output on
 *   exit; commands render nothing through Ink when piped, so nothing else is written;
 * - a closed pipe (`vigil reports list | head -1`) ends quietly;
 * - Ctrl+C aborts in-flight requests and exits 130.
 * Then the fast path decides and runs everything; only a run that draws loads Ink and React.
 */
import module from 'node:module';
import {installInterruptHandler} from './cli/interrupt.js';

// Node 22.1+ keeps the compiled bundle on disk: later starts skip parsing and compiling it.
(module as {enableCompileCache?: () => unknown}).enableCompileCache?.();

if (process.stdout.isTTY !== true) {
  process.env.VIGIL_ORIGINAL_CI = process.env.CI ?? '';
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  // Ink asks terminal-size for a width when stdout is a pipe, which spawns `tput` twice and
  // `resize` (~20-40 ms of every scripted run). Nothing is laid out through Ink when piped,
  // so hand it the 80x24 fallback it would arrive at anyway.
  process.env.COLUMNS ??= '80';
  process.env.LINES ??= '24';
}

for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

installInterruptHandler();

const {fastPath} = await import('./cli/fast-path.js');
const outcome = await fastPath(process.argv, import.meta.url);
if (typeof outcome === 'object') {
  // A screen: the fast path parsed and checked the input; the draw build (dist/pastel.js,
  // scripts/build.mjs, nothing of it bundled into this file) only shows it with Ink.
  const {draw} = (await import(new URL('./pastel.js', import.meta.url).href)) as typeof import('./cli/main.js');
  await draw(outcome.path, outcome.draw, import.meta.url);
} else {
  // Exit as soon as the output is flushed: a keep-alive socket or a timer must not hold the
  // process open (a drawn run waits for Ink's render loop instead).
  process.exitCode = outcome;
  process.stdout.write('', () => process.exit(outcome));
}
