import {createServer, type Server, type Socket} from 'node:net';

/**
 * A hostile stand-in for Redis on loopback: it reads RESP commands and answers each with
 * whatever `answer` returns (raw RESP text), so a test can make it echo a password in an
 * error or put terminal escapes in INFO. Nothing else about Redis is imitated.
 */
export interface FakeRedis {
  port: number;
  url: string;
  /** Every command received, as its words (`['AUTH', 'pw']`). */
  commands: string[][];
  stop(): Promise<void>;
}

/** RESP helpers for `answer`. */
export const resp = {
  ok: '+OK\r\n',
  error: (text: string) => `-${text}\r\n`,
  bulk: (text: string) => `$${Buffer.byteLength(text)}\r\n${text}\r\n`,
  integer: (value: number) => `:${value}\r\n`,
  emptyArray: '*0\r\n',
};

/** Parses complete RESP arrays of bulk strings off the front of `buffer`. */
function takeCommands(buffer: Buffer): {commands: string[][]; rest: Buffer} {
  const commands: string[][] = [];
  let offset = 0;
  for (;;) {
    const start = offset;
    const line = (): string | undefined => {
      const end = buffer.indexOf('\r\n', offset);
      if (end < 0) return undefined;
      const text = buffer.subarray(offset, end).toString('utf8');
      offset = end + 2;
      return text;
    };
    const head = line();
    if (head === undefined || !head.startsWith('*')) {
      offset = start;
      break;
    }
    const words: string[] = [];
    let complete = true;
    for (let index = 0; index < Number(head.slice(1)); index++) {
      const size = line();
      if (size === undefined || offset + Number(size.slice(1)) + 2 > buffer.length) {
        complete = false;
        break;
      }
      words.push(buffer.subarray(offset, offset + Number(size.slice(1))).toString('utf8'));
      offset += Number(size.slice(1)) + 2;
    }
    if (!complete) {
      offset = start;
      break;
    }
    commands.push(words);
  }
  return {commands, rest: buffer.subarray(offset)};
}

export async function startFakeRedis(answer: (command: string[]) => string | undefined): Promise<FakeRedis> {
  const commands: string[][] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer(socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', chunk => {
      const {commands: received, rest} = takeCommands(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const command of received) {
        commands.push(command);
        const reply = answer(command);
        if (reply !== undefined) socket.write(reply);
      }
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as {port: number}).port;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    commands,
    stop: () =>
      new Promise<void>(resolve => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A listener that accepts connections and never answers: a worker's address behind a black hole. */
export async function startBlackHole(): Promise<{port: number; stop(): Promise<void>}> {
  const sockets = new Set<Socket>();
  const server = createServer(socket => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as {port: number}).port,
    stop: () =>
      new Promise<void>(resolve => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
