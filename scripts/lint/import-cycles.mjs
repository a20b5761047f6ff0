// No import circle among the modules of one folder tree (src/api): a circle makes the order
// modules finish loading depend on who is imported first (a half-initialised module under a
// test runner, a TDZ error), and it hides which layer is below which. Every import counts,
// static, dynamic and type-only: a type import is erased at build, but it still says the
// two modules know each other.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'(\.{1,2}\/[^']+)'/gm;

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The relative imports of each file under `dir` that stay under `dir`, with the line of each. */
function importGraph(dir) {
  const graph = new Map();
  for (const file of sources(dir)) {
    const text = readFileSync(file, 'utf8');
    const edges = [];
    for (const m of text.matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), m[1]).replace(/\.js$/, '.ts');
      if (!target.startsWith(dir + path.sep)) continue;
      const resolved = [target, target.replace(/\.ts$/, '.tsx')].find((t) => {
        try {
          return statSync(t).isFile();
        } catch {
          return false;
        }
      });
      if (resolved) edges.push({to: resolved, line: text.slice(0, m.index).split('\n').length});
    }
    graph.set(file, edges);
  }
  return graph;
}

/**
 * Each import circle under `dir`, once, as `file:line: a -> b -> a` (the line of its first
 * import). Depth-first search; a circle is reported from its first module in path order.
 * @param {string} root the repository, for the names in messages
 * @param {string} dir the folder to check, relative to root
 */
export function importCycles(root, dir) {
  const graph = importGraph(path.join(root, dir));
  const rel = (f) => path.relative(root, f);
  const found = new Map();
  const state = new Map();
  const stack = [];
  const visit = (file) => {
    state.set(file, 'open');
    stack.push(file);
    for (const {to} of graph.get(file) ?? []) {
      if (state.get(to) === 'open') {
        const cycle = stack.slice(stack.indexOf(to));
        const start = cycle.reduce((a, b) => (a < b ? a : b));
        const ordered = [...cycle.slice(cycle.indexOf(start)), ...cycle.slice(0, cycle.indexOf(start))];
        const key = ordered.join(' ');
        if (!found.has(key)) {
          const next = ordered[1] ?? ordered[0];
          const line = graph.get(ordered[0]).find((e) => e.to === next).line;
          found.set(key, `${rel(ordered[0])}:${line}: import circle ${[...ordered, ordered[0]].map(rel).join(' -> ')}`);
        }
      } else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...found.values()];
}
