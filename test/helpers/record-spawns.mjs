// Loaded with `node --import`: appends every command the process spawns synchronously or
// not (execFileSync, spawnSync, spawn, execFile) to VIGIL_SPAWN_LOG.
import childProcess from 'node:child_process';
import {appendFileSync} from 'node:fs';
import {syncBuiltinESMExports} from 'node:module';

for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'exec', 'execSync']) {
  const original = childProcess[name];
  childProcess[name] = function (command, ...rest) {
    if (process.env.VIGIL_SPAWN_LOG) appendFileSync(process.env.VIGIL_SPAWN_LOG, `${command}\n`);
    return original.call(this, command, ...rest);
  };
}
syncBuiltinESMExports();
