import {readFile, unlink} from 'node:fs/promises';
import {memo} from '../memo.js';
import path from 'node:path';
import * as z from 'zod';
import {VigilError} from '../errors.js';
import {ExitCode} from '../exit-codes.js';
import {ensurePrivateDir, writeFileAtomic} from './atomic-write.js';
import {configFilePath, credentialsFilePath} from './config-dir.js';
import {withFileLock} from './lock.js';
import {assertTrusted} from './trust.js';
import {checkApiKey, checkBaseUrl, checkOrg, type Checked} from './validate.js';

/*
 * The two saved files. config.json (baseUrl, org) and credentials.json (apiKey, mode 0600)
 * are kept apart so the config can be shown, copied or shared without the key.
 * Unknown keys are kept on rewrite: a newer vigil may have written them.
 */

/**
 * A saved file vigil cannot use: names the file and each bad field, exit 3 (like invalid
 * input: nothing was sent), never a stack trace, never the file's text.
 */
export class ConfigFileError extends VigilError {
  readonly file: string;

  constructor(file: string, problems: {field?: string; message: string}[], hint: string) {
    const details = problems.map(problem => (problem.field ? `${problem.field}: ${problem.message}` : problem.message));
    super(`cannot use ${file}: ${details.join('; ')}`, {exitCode: ExitCode.Input, hint});
    this.file = file;
  }
}

const stringField = () => z.string({error: issue => (issue.input === undefined ? 'is missing' : 'must be a string')});

const configFileSchema = memo(() => z.looseObject({
  baseUrl: stringField().optional(),
  org: stringField().optional(),
}));

const credentialsFileSchema = memo(() => z.looseObject({
  apiKey: stringField(),
}));

export interface SavedConfig {
  baseUrl?: string;
  org?: string;
}

export const CONFIG_HINT = 'fix the file, or set the value again with `vigil config set <key> <value>`';
export const CREDENTIALS_HINT = 'run `vigil auth login` to save the key again (or `vigil auth logout` to remove the file)';

/** The config folder or a file in it cannot be written: what and why, no stack trace (exit 1). */
export class ConfigWriteError extends VigilError {
  constructor(file: string, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException).code ?? 'unknown error';
    super(`cannot write ${file} (${code})`, {
      exitCode: ExitCode.Unexpected,
      hint: 'check the permissions of the config folder, or choose another one with VIGIL_CONFIG_DIR',
      cause,
    });
  }
}

/** Writes a JSON file 0600 into the 0700 config folder, which must be the user's own. */
async function savePrivately(dir: string, file: string, value: unknown): Promise<void> {
  await assertTrusted(dir, 'folder');
  try {
    await ensurePrivateDir(dir);
    await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`, 0o600);
  } catch (error) {
    throw new ConfigWriteError(file, error);
  }
}

/** The parsed object of a JSON file, or undefined when there is none. The text never reaches a message. */
async function readJsonObject(file: string, hint: string): Promise<Record<string, unknown> | undefined> {
  // Trust before content: a planted config.json must not even be parsed.
  await assertTrusted(path.dirname(file), 'folder');
  await assertTrusted(file, 'file');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new ConfigFileError(file, [{message: `cannot be read (${code ?? 'unknown error'})`}], hint);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // JSON.parse quotes the text around the error, which for credentials.json is the key.
    throw new ConfigFileError(file, [{message: 'is not valid JSON'}], hint);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigFileError(file, [{message: 'must hold a JSON object'}], hint);
  }
  return parsed as Record<string, unknown>;
}

function schemaProblems(error: z.ZodError): {field: string; message: string}[] {
  return error.issues.map(issue => ({field: issue.path.join('.') || '(root)', message: issue.message}));
}

/** The saved config, checked field by field; undefined when the file does not exist. */
export async function readConfigFile(dir: string): Promise<SavedConfig | undefined> {
  const file = configFilePath(dir);
  const raw = await readJsonObject(file, CONFIG_HINT);
  if (raw === undefined) return undefined;
  const parsed = configFileSchema().safeParse(raw);
  if (!parsed.success) throw new ConfigFileError(file, schemaProblems(parsed.error), CONFIG_HINT);
  const problems: {field: string; message: string}[] = [];
  const take = (field: 'baseUrl' | 'org', check: (value: string) => Checked) => {
    const value = parsed.data[field];
    if (value === undefined) return undefined;
    const result = check(value);
    if (result.ok) return result.value;
    problems.push({field, message: result.message});
    return undefined;
  };
  const config: SavedConfig = {};
  const baseUrl = take('baseUrl', checkBaseUrl);
  const org = take('org', checkOrg);
  if (problems.length > 0) throw new ConfigFileError(file, problems, CONFIG_HINT);
  if (baseUrl !== undefined) config.baseUrl = baseUrl;
  if (org !== undefined) config.org = org;
  return config;
}

/**
 * Sets or removes keys of config.json, leaving the others as they are (even invalid ones:
 * `config set` repairs the key it is given). Fails only when the file is not a JSON object.
 */
export async function updateConfigFile(dir: string, changes: {[K in keyof SavedConfig]?: string | null}): Promise<{changed: boolean}> {
  const file = configFilePath(dir);
  const current = (await readJsonObject(file, `remove ${file} and set the values again`)) ?? {};
  // Nothing to change (unsetting what is not set): do not create the folder or the file.
  if (!applyChanges(current, changes)) return {changed: false};
  await assertTrusted(dir, 'folder');
  try {
    await ensurePrivateDir(dir);
  } catch (error) {
    throw new ConfigWriteError(file, error);
  }
  // Re-read under the lock: another `config set` may have written since the read above.
  await withFileLock(file, async () => {
    const latest = (await readJsonObject(file, `remove ${file} and set the values again`)) ?? {};
    applyChanges(latest, changes);
    await savePrivately(dir, file, latest);
  }).catch((error: unknown) => {
    if (error instanceof VigilError) throw error;
    throw new ConfigWriteError(file, error);
  });
  return {changed: true};
}

/** Applies set (string) and unset (null) changes in place; true when anything changed. */
function applyChanges(current: Record<string, unknown>, changes: {[K in keyof SavedConfig]?: string | null}): boolean {
  let changed = false;
  for (const [key, value] of Object.entries(changes)) {
    if (value === null && key in current) {
      delete current[key];
      changed = true;
    } else if (typeof value === 'string' && current[key] !== value) {
      current[key] = value;
      changed = true;
    }
  }
  return changed;
}

/** The saved key, or undefined when there is no credentials file. */
export async function readCredentials(dir: string): Promise<{apiKey: string} | undefined> {
  const file = credentialsFilePath(dir);
  const raw = await readJsonObject(file, CREDENTIALS_HINT);
  if (raw === undefined) return undefined;
  const parsed = credentialsFileSchema().safeParse(raw);
  if (!parsed.success) throw new ConfigFileError(file, schemaProblems(parsed.error), CREDENTIALS_HINT);
  const key = checkApiKey(parsed.data.apiKey);
  if (!key.ok) throw new ConfigFileError(file, [{field: 'apiKey', message: key.message}], CREDENTIALS_HINT);
  return {apiKey: key.value};
}

/** Replaces the credentials file (0600, in a 0700 folder). */
export async function writeCredentials(dir: string, apiKey: string): Promise<string> {
  const file = credentialsFilePath(dir);
  await savePrivately(dir, file, {apiKey});
  return file;
}

/** Removes the credentials file; false when there was none. */
export async function removeCredentials(dir: string): Promise<boolean> {
  await assertTrusted(dir, 'folder');
  try {
    await unlink(credentialsFilePath(dir));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new ConfigWriteError(credentialsFilePath(dir), error);
  }
}
