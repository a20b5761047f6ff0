import {isMap, isScalar, LineCounter, type Document, type YAMLError} from 'yaml';
import * as z from 'zod';
import {formatPath} from '../api/wire/index.js';
import type {InputProblem} from '../errors.js';
import {nearest} from '../suggest.js';

/**
 * What a bad checks file is told, as precisely as a bad flag: where a YAML error is (line
 * and column), which known key an unknown one was probably meant to be.
 */

/** `line 3, column 1`, 1-based, from a character offset. */
function position(lines: LineCounter, offset: number): string {
  const {line, col} = lines.linePos(offset);
  return `line ${line}, column ${col}`;
}

/** One problem per YAML syntax error, each at its line and column. */
export function yamlProblems(errors: readonly YAMLError[], lines: LineCounter, source: string): InputProblem[] {
  return errors.map(error => ({
    field: `--checks ${source}`,
    message: `not valid YAML or JSON at ${position(lines, error.pos[0])}: ${error.message.split('\n')[0]}`,
  }));
}

/** The keys an object of `schema` takes at `path` (array indexes and optionals looked through). */
function knownKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = schema;
  const unwrap = () => {
    while (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) current = current.unwrap() as z.ZodType;
  };
  for (const step of path) {
    unwrap();
    if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else if (current instanceof z.ZodObject) current = current.shape[String(step)] as z.ZodType | undefined;
    else return [];
  }
  unwrap();
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

/** The line of `key` in the mapping at `path`, when the document has one there. */
function keyLine(doc: Document, lines: LineCounter, path: readonly PropertyKey[], key: string): string | undefined {
  const node = path.length === 0 ? doc.contents : doc.getIn(path as unknown[], true);
  if (!isMap(node)) return undefined;
  const pair = node.items.find(item => isScalar(item.key) && String(item.key.value) === key);
  const offset = isScalar(pair?.key) ? pair.key.range?.[0] : undefined;
  return offset === undefined ? undefined : `line ${lines.linePos(offset).line}`;
}

/** A schema issue as a problem; an unknown key names its line and the nearest known key. */
export function schemaProblems(issues: readonly z.core.$ZodIssue[], schema: z.ZodType, doc: Document, lines: LineCounter, source: string): InputProblem[] {
  return issues.flatMap(issue => {
    const field = `${source}: ${formatPath(issue.path, '(file)')}`;
    if (issue.code !== 'unrecognized_keys') return [{field, message: issue.message}];
    const known = knownKeys(schema, issue.path);
    return issue.keys.map(key => {
      const where = keyLine(doc, lines, issue.path, key);
      const meant = nearest(key, known);
      const next = meant ? `did you mean "${meant}"?` : known.length > 0 ? `known keys: ${known.join(', ')}` : '';
      return {field, message: `unknown key "${key}"${where ? ` (${where})` : ''}${next ? `; ${next}` : ''}`};
    });
  });
}
