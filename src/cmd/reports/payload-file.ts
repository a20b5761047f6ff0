import {readFile} from 'node:fs/promises';
import type {Problems} from './problems.js';

export const PAYLOAD_FLAG = '--payload-file';

/**
 * Reads `--payload-file`: a JSON object holding a full create body (CONTRACT.md), needed for
 * externalReporter, enrichments and rawAssetsInput, which no flag covers. Problems name the
 * flag and the file; the body itself is validated later, merged with the flags.
 */
export async function loadPayloadFile(path: string | undefined, problems: Problems): Promise<Record<string, unknown> | undefined> {
  if (path === undefined) return undefined;
  if (path.trim() === '') {
    problems.add(PAYLOAD_FLAG, 'must name a JSON file');
    return undefined;
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : String(code ?? error);
    problems.add(PAYLOAD_FLAG, `cannot read ${path}: ${why}`);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    problems.add(PAYLOAD_FLAG, `${path} is not valid JSON: ${(error as Error).message}`);
    return undefined;
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    problems.add(PAYLOAD_FLAG, `${path} must hold a JSON object (the report body), not ${json === null ? 'null' : Array.isArray(json) ? 'an array' : typeof json}`);
    return undefined;
  }
  return json as Record<string, unknown>;
}

/** How a problem inside the payload file is named: its JSON path, and where it lives. */
export function fileField(path: string): string {
  return `${path} (in ${PAYLOAD_FLAG})`;
}
