import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {ToolSpec} from './derive.js';

/**
 * The build writes every command's tool to dist/mcp-tools.json (scripts/build.mjs), as it
 * writes help and completion to dist/cli-manifest.json: `vigil mcp` lists its tools without
 * loading a command, and a call loads only its own command (dist/fast/<noun>/<verb>.js).
 */
export const TOOLS_FILE = 'mcp-tools.json';

/** The tools beside the entry file (dist/cli.js). */
export function readTools(entryFile: string): ToolSpec[] {
  return JSON.parse(readFileSync(path.join(path.dirname(entryFile), TOOLS_FILE), 'utf8')) as ToolSpec[];
}
