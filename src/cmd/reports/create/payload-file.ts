import {readFile} from 'node:fs/promises';
import {text as readText} from 'node:stream/consumers';
import {findJsonError} from './json-position.js';
import type {Problems} from '../../../cli/problems.js';

export const PAYLOAD_FLAG = '--payload-file';

/**
 * Reads `--payload-file`: a JSON object holding a full create body (docs/contract.md#creating-a-report), needed for
 * externalReporter, enrichments and rawAssetsInput, which no flag covers. Problems name the
 * flag and the file; the body itself is validated later, merged with the flags.
 * `-` reads the payload from stdin (`jq ... | vigil reports create --payload-file -`).
 */
export async function loadPayloadFile(
  path: string | undefined,
  problems: Problems,
  stdin?: NodeJS.ReadableStream & {isTTY?: boolean},
): Promise<Record<string, unknown> | undefined> {
  if (path === undefined) return undefined;
  if (path.trim() === '') {
    problems.add(PAYLOAD_FLAG, 'must name a JSON file (or - for stdin)');
    return undefined;
  }
  let text: string;
  try {
    if (path === '-') {
      if (!stdin || stdin.isTTY === true) {
        problems.add(PAYLOAD_FLAG, '- reads the payload from stdin, but stdin is a terminal; pipe the JSON in or name a file');
        return undefined;
      }
      text = await readText(stdin);
      path = 'stdin';
    } else {
      text = await readFile(path, 'utf8');
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : String(code ?? error);
    problems.add(PAYLOAD_FLAG, `cannot read ${path}: ${why}`);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Never JSON.parse's message: it quotes the text around the error, maybe a key.
    const where = findJsonError(text);
    problems.add(PAYLOAD_FLAG, `${path} is not valid JSON${where ? `: line ${where.line}, column ${where.column}: ${where.reason}` : ''}`);
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
