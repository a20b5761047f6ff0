import type {CommandContext} from '../../../cli/context.js';
import {
  CREATE_REPORT_FIELDS,
  createReportRequestSchema,
  formatPath,
  reportAssetInputSchema,
  type CreateReportRequest,
} from '../../../api/wire/index.js';
import {findDuplicateContents, misspeltStatus, parseAssetFlag, type ParsedAsset} from '../shared/assets.js';
import {fileField, loadPayloadFile} from './payload-file.js';
import {Problems, isHttpUrl, resolveOrg} from '../../../cli/problems.js';

/** The flags of `reports create` that shape the body (Pastel's parsed options). */
export interface CreateBodyFlags {
  title?: string;
  description?: string;
  contactInfo?: string;
  asset?: string[];
  attachmentUrl?: string[];
  externalSubmissionLink?: string;
  payloadFile?: string;
}

export interface CreatePlan {
  body: CreateReportRequest;
  /** Printed on stderr before sending: unknown payload-file fields passed through. */
  warnings: string[];
}

const SCALAR_FLAGS = {
  title: '--title',
  description: '--description',
  contactInfo: '--contact-info',
  externalSubmissionLink: '--external-submission-link',
} as const;
type ScalarKey = keyof typeof SCALAR_FLAGS;

const KNOWN_FIELDS = new Set<string>(CREATE_REPORT_FIELDS);
const KNOWN_ASSET_FIELDS = new Set(Object.keys(reportAssetInputSchema().shape));

/**
 * Builds and validates the body of POST /report/create from the flags and the payload file.
 * Flags override the file's scalar fields and add to its lists. Every problem is collected
 * and thrown as one InputError naming the flag, or the JSON path inside the file.
 */
export async function buildCreateBody(flags: CreateBodyFlags, ctx: CommandContext): Promise<CreatePlan> {
  const problems = new Problems();
  const loaded = await loadPayloadFile(flags.payloadFile, problems, ctx.io.stdin);
  const file = loaded ?? {};
  const fromFile = flags.payloadFile !== undefined;

  const flagAssets: ParsedAsset[] = (flags.asset ?? []).map(parseAssetFlag);
  flagAssets.forEach((asset, index) => {
    if (asset.content === '') problems.add('--asset', `${JSON.stringify(flags.asset![index])} has no content before the status`);
    const meant = misspeltStatus(asset);
    if (meant) {
      const typed = flags.asset![index]!.trim();
      problems.add('--asset', `${JSON.stringify(typed)} ends in what looks like a misspelt status (did you mean :${meant}?); to send it as content, add a status: ${typed}:UNKNOWN`);
    }
  });
  // A file that could not be read says so alone: the fields it would have given are not
  // "required" problems of their own.
  if (fromFile && loaded === undefined) problems.throwIfAny();
  const fileAssets = listField(file, 'assets', problems);
  const fileUrls = listField(file, 'attachmentUrls', problems);
  const assets = [...fileAssets, ...flagAssets];
  const attachmentUrls = [...fileUrls, ...(flags.attachmentUrl ?? [])];

  const body: Record<string, unknown> = {...orgFields(file, ctx, problems)};
  for (const key of Object.keys(SCALAR_FLAGS) as ScalarKey[]) {
    const value = flags[key] ?? file[key];
    if (value !== undefined) body[key] = value;
  }
  if (assets.length > 0 || 'assets' in file) body.assets = assets;
  if (attachmentUrls.length > 0) body.attachmentUrls = attachmentUrls;
  for (const [key, value] of Object.entries(file)) if (!(key in body) && key !== 'assets' && key !== 'attachmentUrls') body[key] = value;

  // Where a value came from decides how its problem is named.
  const nameOf = (path: ReadonlyArray<PropertyKey>): string => {
    const [head, index] = path;
    if (typeof head === 'string' && head in SCALAR_FLAGS && (flags[head as ScalarKey] !== undefined || !(head in file))) {
      return SCALAR_FLAGS[head as ScalarKey];
    }
    if (head === 'assets' && typeof index === 'number' && index >= fileAssets.length) {
      return `--asset ${JSON.stringify(flags.asset?.[index - fileAssets.length])}`;
    }
    if (head === 'assets' && path.length === 1 && fileAssets.length === 0) return '--asset';
    if (head === 'attachmentUrls' && typeof index === 'number' && index >= fileUrls.length) return '--attachment-url';
    if (head === 'organizationSlug' && !('organizationSlug' in file)) return '--org';
    return fromFile ? fileField(formatPath(path)) : formatPath(path);
  };

  const parsed = createReportRequestSchema().safeParse(body);
  const reported = new Set<string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      reported.add(formatPath(issue.path));
      problems.add(nameOf(issue.path), issue.message);
    }
  }
  checkLinks(body, reported, nameOf, problems);
  if (parsed.success) {
    for (const group of findDuplicateContents(parsed.data.assets.map(asset => asset.content))) {
      const spellings = group.indexes.map(i => JSON.stringify(parsed.data.assets[i]!.content)).join(', ');
      problems.add(nameOf(['assets', group.indexes.at(-1)!]), `duplicate asset ${JSON.stringify(group.normalized)} (given as ${spellings}); each asset may appear once`);
    }
  }
  problems.throwIfAny(fromFile ? 'a field marked (in --payload-file) is a JSON path inside that file' : undefined);
  return {body: parsed.data!, warnings: unknownFieldWarnings(file)};
}

/** organizationSlug: --org beats the file, which beats VIGIL_ORG and the saved org. */
function orgFields(file: Record<string, unknown>, ctx: CommandContext, problems: Problems): Record<string, unknown> {
  const flagOrg = ctx.settings.org?.source === 'flag' ? ctx.settings.org.value : undefined;
  if (flagOrg !== undefined) return {organizationSlug: flagOrg};
  if (file.organizationSlug !== undefined) return {organizationSlug: file.organizationSlug};
  // docs/contract.md#creating-a-report: a Discord guild or Telegram group id identifies the org instead of a slug.
  if (file.discordGuildId !== undefined || file.telegramGroupId !== undefined) return {};
  const org = resolveOrg(ctx, problems);
  return org === undefined ? {} : {organizationSlug: org};
}

function listField(file: Record<string, unknown>, key: 'assets' | 'attachmentUrls', problems: Problems): unknown[] {
  const value = file[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.add(fileField(key), `must be an array (got ${value === null ? 'null' : typeof value})`);
    return [];
  }
  return value;
}

/** z.url() accepts any scheme (`javascript:`): links a reviewer opens must be http(s). */
function checkLinks(body: Record<string, unknown>, reported: Set<string>, nameOf: (path: PropertyKey[]) => string, problems: Problems): void {
  const check = (value: unknown, path: PropertyKey[]) => {
    if (typeof value === 'string' && !reported.has(formatPath(path)) && !isHttpUrl(value)) {
      problems.add(nameOf(path), `must be an http(s) URL (got ${JSON.stringify(value)})`);
    }
  };
  if (Array.isArray(body.attachmentUrls)) body.attachmentUrls.forEach((url, index) => check(url, ['attachmentUrls', index]));
  check(body.externalSubmissionLink, ['externalSubmissionLink']);
}

function unknownFieldWarnings(file: Record<string, unknown>): string[] {
  const unknown = Object.keys(file).filter(key => !KNOWN_FIELDS.has(key));
  if (Array.isArray(file.assets)) {
    file.assets.forEach((asset, index) => {
      if (asset && typeof asset === 'object') {
        for (const key of Object.keys(asset)) if (!KNOWN_ASSET_FIELDS.has(key)) unknown.push(`assets[${index}].${key}`);
      }
    });
  }
  // A `__proto__` key cannot survive building the body (it would set the prototype): say so.
  const dropped = unknown.filter(path => path === '__proto__' || path.endsWith('.__proto__'));
  const sent = unknown.filter(path => !dropped.includes(path));
  const warnings: string[] = [];
  if (sent.length > 0) warnings.push(`--payload-file: field${sent.length === 1 ? '' : 's'} not in the documented contract, sent as is: ${sent.join(', ')}`);
  if (dropped.length > 0) warnings.push(`--payload-file: field${dropped.length === 1 ? '' : 's'} named __proto__ dropped, not sent: ${dropped.join(', ')}`);
  return warnings;
}
