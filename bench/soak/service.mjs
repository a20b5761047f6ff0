// A stand-in for the Kubernetes ClusterIP Service the shipped Prometheus config scrapes
// /metrics/checks through (deploy/kubernetes/deployment.yaml, vigil-worker-checks): one
// address, each connection passed to the next live replica. Without it the soak would scrape
// the shared part from replica 0 only, and every fault that stops replica 0 would look like
// the shared part going down, which a Service never shows while another replica is up.
import net from 'node:net';

/** `replicas`: [{alive(), port}]. Returns {target: 'host:port', close()}. */
export async function startService(replicas) {
  let next = 0;
  const server = net.createServer(client => {
    const live = replicas.filter(replica => replica.alive());
    if (live.length === 0) return client.destroy();
    const replica = live[next++ % live.length];
    const upstream = net.connect(replica.port, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    target: `127.0.0.1:${server.address().port}`,
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}
