// What every process-driving benchmark needs: free loopback ports, and children that never
// outlive the benchmark (killed on exit, and on Ctrl+C, which exits 130).
import {spawn} from 'node:child_process';
import {createServer} from 'node:net';

const children = new Set();
process.on('exit', () => children.forEach(child => child.kill('SIGKILL')));
process.on('SIGINT', () => process.exit(130));

/** A port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise(resolve => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const {port} = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** spawn(), with the child killed when the benchmark exits. */
export function launch(command, argv, options = {}) {
  const child = spawn(command, argv, options);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}
