// Which way src/ui and src/cmd may depend (docs/architecture.md):
// - a screen calls a command's public work function, `src/cmd/<noun>/<verb>/<verb>.ts`, or
//   the rules a group shares, `src/cmd/<noun>/shared/`; never a command's private helpers
//   (types are contracts: `import type` may name any module);
// - a command never imports the UI, except the lazy `import()` of its screen that its
//   definition's `load` makes, so a scripted run loads no React;
// - a command writes through its context's streams (ctx.io), which tests replace.
import path from 'node:path';

const IMPORT = /^import\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gm;

/** Problems, one line each, of `rel` (a path from the repository root) with `text`. */
export function layerProblems(rel, text) {
  const problems = [];
  const inUi = rel.startsWith('src/ui/');
  const inCmd = rel.startsWith('src/cmd/');
  if (!inUi && !inCmd) return problems;
  if (inCmd && /\bprocess\.std(?:out|err)\b|\bconsole\.(?:log|error|warn|info)\(/.test(text)) {
    problems.push(`${rel}: a command writes through its context's streams (ctx.io), not process.stdout/stderr or console`);
  }
  for (const match of text.matchAll(IMPORT)) {
    const [, typeOnly, spec] = match;
    if (!spec.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)).replace(/\.js$/, '');
    if (inCmd && target.startsWith('src/ui/')) {
      problems.push(`${rel}: a command imports the UI (${spec}); move the shared rule into src/cmd (a screen may be loaded lazily by the definition's load)`);
    }
    if (inUi && !typeOnly && target.startsWith('src/cmd/')) {
      const [, , noun, verb, ...rest] = target.split('/');
      const isShared = verb === 'shared';
      const isWork = rest.length === 1 && rest[0] === verb;
      if (!isShared && !isWork) {
        problems.push(`${rel}: imports ${noun}/${verb}/${rest.join('/')}, a command's private helper; call the command's work function (${noun}/${verb}/${verb}.ts) or move the rule into src/cmd/${noun}/shared/`);
      }
    }
  }
  return problems;
}
