// Opens COUNT connections to URL from LOCAL (a loopback address of its own, so the
// ephemeral ports of several of these do not run out), sends each half a request and never
// the rest. Prints "connected N" as they connect, then "done <connected> <closed by the
// server> <never connected>" once every one has connected or failed, and holds the rest
// open until killed.
import {connect} from 'node:net';

const [url, countText, local] = process.argv.slice(2);
const {hostname, port} = new URL(url);
const count = Number(countText);
let started = 0;
let connected = 0;
let failed = 0;
let closed = 0;
const progress = setInterval(() => process.stdout.write(`connected ${connected}\n`), 500);
const settle = () => {
  if (connected + failed < count) return;
  clearInterval(progress);
  process.stdout.write(`done ${connected} ${closed} ${failed}\n`);
};
// A few hundred in flight at a time: the server's accepting, not this loop, sets the pace.
const open = () => {
  if (started >= count) return;
  started += 1;
  let isConnected = false;
  const socket = connect({host: hostname, port: Number(port), localAddress: local});
  socket.on('connect', () => {
    isConnected = true;
    connected += 1;
    socket.write('GET /healthz HTTP/1.1\r\nHost: slow\r\n');
    settle();
    open();
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    if (isConnected) {
      closed += 1;
      return;
    }
    failed += 1;
    settle();
    open();
  });
};
for (let i = 0; i < 200; i++) open();
