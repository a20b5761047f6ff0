// Loaded with `node --import`: records the URL of every module the process resolves into
// the file named by VIGIL_IMPORT_LOG, so a test can see what start-up really loads.
import {register} from 'node:module';

register('./record-imports-hooks.mjs', import.meta.url);
