import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach} from 'vitest';

/**
 * A temporary folder holding `files` (path relative to it -> text), removed after the test:
 * a small repository for a check that reads one (scripts/lint/*.mjs).
 */
export function fileTree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'vigil-tree-'));
  trees.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), {recursive: true});
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const trees: string[] = [];
afterEach(() => trees.splice(0).forEach(root => rmSync(root, {recursive: true, force: true})));
