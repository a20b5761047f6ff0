import {readFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT} from '../helpers/cli.js';

let cached: Set<string> | undefined;

/**
 * The packages npm installs only for development: package-lock.json marks them `dev: true`
 * (the devDependencies and whatever only they pull in). None may be in what ships.
 */
export function devOnlyPackages(): Set<string> {
  if (cached) return cached;
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {packages: Record<string, {dev?: boolean}>};
  const names = Object.entries(lock.packages)
    .filter(([where, entry]) => where !== '' && entry.dev === true)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  // A name can be dev-only at one path and a production dependency at another.
  const production = new Set(
    Object.entries(lock.packages)
      .filter(([where, entry]) => where !== '' && entry.dev !== true)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  );
  cached = new Set(names.filter(name => !production.has(name)));
  return cached;
}
