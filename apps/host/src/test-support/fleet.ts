import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cliCommand, hostRoot } from './cli.js';
import { freePort } from './system.js';

/** One `c-host serve` process of a fleet. */
export interface HostProcess {
  /** The loopback address it listens on (each instance its own, as each machine of a fleet is). */
  address: string;
  /** `http://<address>:<port>`. */
  url: string;
  /** Its process id. */
  pid: number | undefined;
  /** The one-time sign-in link it printed. */
  link: string;
  stderr(): string;
  /** Whether the process still runs. */
  running(): boolean;
  /** Kills it with SIGKILL, as a crash or an OOM killer would: nothing gets to clean up. */
  kill(): Promise<void>;
  /** Stops it with SIGTERM and resolves with its exit code. */
  stop(): Promise<number | null>;
}

function listensOn(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, address, () => server.close(() => resolve(true)));
  });
}

/**
 * A port free on every one of these loopback addresses: instances of a fleet listen on the same
 * port (on different machines in production; on 127.0.0.1, .2, .3 here), so they name their
 * cookies alike.
 */
export async function portFreeOn(addresses: string[]): Promise<number> {
  for (;;) {
    const port = await freePort(addresses[0]);
    const free = await Promise.all(addresses.map((address) => listensOn(address, port)));
    if (free.every(Boolean)) return port;
  }
}

/**
 * Starts `c-host serve` from the sources on `address:port` with a clean environment plus `env`,
 * and waits until it listens and has printed its sign-in link.
 */
export async function startHostProcess(options: {
  address: string;
  port: number;
  env: NodeJS.ProcessEnv;
}): Promise<HostProcess> {
  const child = spawn(
    cliCommand.command,
    [...cliCommand.args, 'serve', '--bind', options.address, '--port', String(options.port), '--no-open'],
    {
      cwd: hostRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  let exited: number | null | undefined;
  // A test process that ends without its afterAll must not leave a server behind.
  const killNow = () => child.kill('SIGKILL');
  process.once('exit', killNow);
  const closed = new Promise<number | null>((resolve) =>
    child.once('close', (code) => {
      exited = code;
      process.removeListener('exit', killNow);
      resolve(code);
    }),
  );
  const link = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /\s(http:\/\/\S+\/auth\?token=\S+)/.exec(stderr);
      if (match) {
        child.stderr.off('data', onData);
        resolve(match[1]!);
      }
    };
    const onData = (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      check();
    };
    child.stderr.on('data', onData);
    closed.then((code) => reject(new Error(`c-host serve exited (${code}) before it served:\n${stderr}`)));
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  return {
    address: options.address,
    url: `http://${options.address}:${options.port}`,
    pid: child.pid,
    link,
    stderr: () => stderr,
    running: () => exited === undefined,
    async kill() {
      if (exited === undefined) child.kill('SIGKILL');
      await closed;
    },
    stop() {
      if (exited === undefined) child.kill('SIGTERM');
      return closed;
    },
  };
}
