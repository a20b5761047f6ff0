import {readFile} from 'node:fs/promises';
import {InputError} from '../errors.js';
import {checksFileSchema, resolveChecks, type ChecksConfig} from './schema.js';

/** yaml's own default: plenty for `defaults: &d` reused per entry, far from an alias bomb. */
const MAX_ALIAS_COUNT = 100;

/** Parses checks file text (YAML, of which JSON is a subset) into resolved specs. */
export async function parseChecks(text: string, source: string): Promise<ChecksConfig> {
  const {parseDocument, LineCounter} = await import('yaml');
  const lines = new LineCounter();
  const doc = parseDocument(text, {prettyErrors: false, lineCounter: lines});
  // Loaded only for a bad file: a good one needs none of it.
  if (doc.errors.length > 0) throw new InputError((await import('./file-problems.js')).yamlProblems(doc.errors, lines, source));
  if (doc.contents === null) {
    throw new InputError([{field: `--checks ${source}`, message: 'is empty: it has no checks to schedule'}], 'list at least one check under `checks:` (or orgs under `discover:`); see docs/checker.md for the format');
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
    const {schemaProblems} = await import('./file-problems.js');
    throw new InputError(schemaProblems(parsed.error.issues, checksFileSchema, doc, lines, source), 'see docs/checker.md for the checks file format');
  }
  const {config, problems} = resolveChecks(parsed.data);
  if (problems.length > 0) {
    throw new InputError(problems.map(problem => ({field: `${source}: ${problem.path}`, message: problem.message})));
  }
  return config;
}

/** The file's text; an unreadable file is an InputError naming `--checks` (at start and when it changes). */
export async function readChecksText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(code ?? error);
    throw new InputError([{field: '--checks', message: `cannot read ${path}: ${reason}`}], 'pass --checks <file> or set VIGIL_CHECKS; see docs/checker.md');
  }
}

export async function loadChecksFile(path: string): Promise<ChecksConfig> {
  return parseChecks(await readChecksText(path), path);
}
