// Loaded with `node --import`: records the URL of every module the process resolves into
// the file named by VIGIL_IMPORT_LOG, so a test can see what start-up really loads.
// Synchronous in-thread hooks where Node has them (22.15+; Node 26 deprecates
// module.register(), and its warning would land on the stderr the tests read), the
// off-thread loader on Node 20.
import {appendFileSync} from 'node:fs';
import * as nodeModule from 'node:module';

const record = url => {
  if (process.env.VIGIL_IMPORT_LOG) appendFileSync(process.env.VIGIL_IMPORT_LOG, `${url}\n`);
};

if (typeof nodeModule.registerHooks === 'function') {
  nodeModule.registerHooks({
    resolve(specifier, context, next) {
      const result = next(specifier, context);
      record(result.url);
      return result;
    },
  });
} else {
  nodeModule.register('./record-imports-hooks.mjs', import.meta.url);
}
