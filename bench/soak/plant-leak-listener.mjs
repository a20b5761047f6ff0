// TEST ONLY (`npm run soak -- --plant-leak listener`): preloaded into each replica with
// --import by the harness, never part of the product. It adds one listener per upstream
// request (one per run), each holding 64 kB, the way a per-run `emitter.on` that nobody
// removes leaks. The soak must then fail naming the figure that grew.
import diagnostics from 'node:diagnostics_channel';

process.setMaxListeners(0);
diagnostics.subscribe('http.client.request.start', () => {
  const held = Buffer.alloc(64 * 1024, 1).toString('latin1');
  process.on('beforeExit', () => held.length);
});
