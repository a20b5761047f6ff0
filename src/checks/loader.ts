import {readFile} from 'node:fs/promises';
import {formatPath} from '../api/wire/index.js';
import {InputError, type InputProblem} from '../errors.js';
import {checksFileSchema, resolveChecks, type ChecksConfig} from './schema.js';

/** yaml's own default: plenty for `defaults: &d` reused per entry, far from an alias bomb. */
const MAX_ALIAS_COUNT = 100;

/** Parses checks file text (YAML, of which JSON is a subset) into resolved specs. */
export async function parseChecks(text: string, source: string): Promise<ChecksConfig> {
  const {parseDocument} = await import('yaml');
  const doc = parseDocument(text, {prettyErrors: false});
  if (doc.errors.length > 0) {
    throw new InputError(
      doc.errors.map(error => ({field: `--checks ${source}`, message: `not valid YAML or JSON: ${error.message.split('\n')[0]}`})),
    );
  }
  let data: unknown;
  try {
    // yaml refuses an alias that expands past maxAliasCount (a "billion laughs" file).
    data = doc.toJS({maxAliasCount: MAX_ALIAS_COUNT});
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    throw new InputError([{field: `--checks ${source}`, message: 'expands YAML aliases too many times (more than a checks file needs); write the entries out'}]);
  }
  const parsed = checksFileSchema.safeParse(data);
  if (!parsed.success) {
    const problems: InputProblem[] = parsed.error.issues.map(issue => ({
      field: `${source}: ${formatPath(issue.path, '(file)')}`,
      message: issue.message,
    }));
    throw new InputError(problems, 'see docs/checker.md for the checks file format');
  }
  const {config, problems} = resolveChecks(parsed.data);
  if (problems.length > 0) {
    throw new InputError(problems.map(problem => ({field: `${source}: ${problem.path}`, message: problem.message})));
  }
  return config;
}

export async function loadChecksFile(path: string): Promise<ChecksConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(code ?? error);
    throw new InputError([{field: '--checks', message: `cannot read ${path}: ${reason}`}], 'pass --checks <file> or set VIGIL_CHECKS; see docs/checker.md');
  }
  return parseChecks(text, path);
}
