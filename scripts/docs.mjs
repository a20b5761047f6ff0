// npm run docs: rewrites the generated docs (scripts/gen/docs.mjs) from the last build's dist/.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {writeDocs} from './gen/docs.mjs';

writeDocs(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
