import Pastel from 'pastel';
import {VERSION} from '../version.js';
import {normalizeArgv} from './normalize-argv.js';

/**
 * @param importMeta the entry file's import.meta: Pastel finds `commands/` beside it (this
 *   module itself lands in a shared chunk of the bundle).
 */
export async function main(argv: string[], importMeta: ImportMeta): Promise<void> {
  const app = new Pastel({
    importMeta,
    name: 'vigil',
    version: VERSION,
    description: 'Ops toolkit for the threat-reporting platform External API v2',
  });
  await app.run(normalizeArgv(argv));
}
