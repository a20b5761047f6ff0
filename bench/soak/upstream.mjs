// Starts the soak's upstream (upstream-server.mjs) and drives it: fault modes and its log.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {freePort, launch} from '../processes.mjs';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'upstream-server.mjs');

/** Upstream modes by fault kind: what the API port does while the fault lasts. */
export const UPSTREAM_MODES = {'upstream-503': '503', 'upstream-429': '429', 'upstream-slow': 'slow', 'upstream-reset': 'reset', 'upstream-down': 'down'};

export async function startUpstream({latencyMs}) {
  const [apiPort, controlPort] = [await freePort(), await freePort()];
  const child = launch(process.execPath, [SERVER, String(apiPort), String(controlPort), String(latencyMs)], {stdio: ['ignore', 'pipe', 'inherit']});
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', code => reject(new Error(`the upstream stub exited with ${code}`)));
  });
  const control = `http://127.0.0.1:${controlPort}`;
  return {
    baseUrl: `http://127.0.0.1:${apiPort}/api/v2`,
    setMode: async mode => (await fetch(`${control}/mode?to=${mode}`)).text(),
    /** Every request so far: {at, slug, check, status} (status 'reset' for a cut connection). */
    async requests() {
      const rows = await (await fetch(`${control}/log`)).json();
      return rows.map(([at, slug, check, status]) => ({at, slug, check, status}));
    },
    stop: () => child.kill('SIGTERM'),
  };
}
