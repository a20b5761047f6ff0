// Every document a file cites must be in the repository, and every section it names must
// exist: a clone has no upstream SPEC/CONTRACT files beside it, and a renamed heading
// silently strands the comments that cite it. Citations look like `docs/contract.md#errors`
// anywhere, or a markdown link `[x](contract.md#errors)` / `[x](#errors)` in a .md file.
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|md|json|ya?ml|txt|sh|conf|service|rules)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.stryker-tmp']);
/** Where citations live; a repository-relative file or folder each. */
export const DOC_REF_ROOTS = ['src', 'jobs', 'test', 'docs', 'README.md', 'scripts', 'bench', 'deploy', 'commands'];
/** This check's own test, whose fixtures cite what does not exist on purpose. */
const EXEMPT = new Set(['test/scripts/doc-refs.test.ts']);

// Spelled in pieces so this file does not cite what it forbids.
const OUTSIDE_DOC = new RegExp(String.raw`\b(?:SPEC|CONTRACT)\.md\b|\bSPEC(?= \d)`);
const SHARED_PATH = /(?:\/work\/shared\b)|((?:\.\.\/)+shared)\b/g;
const DOCS_REF = /(?<![\w./-])docs\/([\w.-]+\.md)(#[\w-]+)?/g;
const MD_LINK = /\]\(([^)\s]*?)(#[^)\s]*)?\)/g;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugify(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map();

/** The anchors of a markdown file's headings (code blocks skipped, repeats numbered as GitHub does). */
export function anchorsOf(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slugify(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

function walk(full, out) {
  if (!existsSync(full)) return out;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full)) if (!SKIP_DIRS.has(name)) walk(path.join(full, name), out);
  } else if (TEXT.test(full)) out.push(full);
  return out;
}

/**
 * The dangling citations under `root`, each `file:line: what is wrong`.
 * @param {string} root the repository
 * @param {string[]} [roots] the files and folders to read, relative to root
 */
export function danglingDocRefs(root, roots = DOC_REF_ROOTS) {
  const problems = [];
  const files = roots.flatMap((r) => walk(path.join(root, r), []));
  for (const file of files) {
    const rel = path.relative(root, file);
    if (EXEMPT.has(rel)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      const at = `${rel}:${i + 1}`;
      const check = (target, anchor, text) => {
        if (!existsSync(target)) problems.push(`${at}: ${text} does not exist`);
        else if (anchor && !anchorsOf(target).has(anchor.slice(1))) problems.push(`${at}: ${text}: no section ${anchor} in ${path.relative(root, target)}`);
      };
      if (OUTSIDE_DOC.test(line)) problems.push(`${at}: cites an upstream document outside the repository; cite docs/contract.md#<section>`);
      for (const m of line.matchAll(SHARED_PATH)) {
        if (!m[1] || !path.resolve(path.dirname(file), m[1]).startsWith(root + path.sep)) {
          problems.push(`${at}: ${m[0]} points outside the repository`);
        }
      }
      for (const m of line.matchAll(DOCS_REF)) check(path.join(root, 'docs', m[1]), m[2], m[0]);
      if (!file.endsWith('.md')) return;
      for (const m of line.matchAll(MD_LINK)) {
        const [, target, anchor] = m;
        if (/^[a-z]+:/i.test(target) || (target && !target.endsWith('.md'))) continue;
        if (!target && !anchor) continue;
        check(target ? path.resolve(path.dirname(file), target) : file, anchor, `${target}${anchor ?? ''}`);
      }
    });
  }
  return [...new Set(problems)];
}
