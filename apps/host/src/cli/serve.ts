import { ValidationError } from '@c/core';
import { isLoopback } from '../config.js';
import type { Host } from '../host.js';
import { createHttpServer } from '../http/server.js';
import { startSandbox } from '../sandbox.js';
import { recordServer } from './connections.js';
import { cliHost, type GlobalFlags } from './context.js';
import { interactive, note, printJson } from './output.js';

/** Options of `c-host serve`. */
export interface ServeFlags extends GlobalFlags {
  sandbox?: boolean;
  open?: boolean;
}

/** A listening host server. */
export interface StartedServer {
  /** `http://127.0.0.1:<port>` (or the bound address). */
  url: string;
  stop(): Promise<void>;
}

function displayHost(bind: string): string {
  if (bind === '0.0.0.0' || bind === '::' || isLoopback(bind)) return '127.0.0.1';
  return bind.includes(':') ? `[${bind}]` : bind;
}

/** Listens on the configured address and port and records the server in the data directory. */
export async function startServer(host: Host, options: { quiet?: boolean } = {}): Promise<StartedServer> {
  const { bind, port } = host.config;
  if (!isLoopback(bind) && !host.access.explicit) {
    throw new ValidationError(
      `Invalid parameter "bind": refusing to listen on ${bind} without an access token set explicitly (C_HOST_TOKEN or --token)`,
      { parameter: 'bind' },
    );
  }
  const app = await createHttpServer({
    host,
    bind,
    allowedHostNames: (process.env.C_HOST_ALLOWED_HOSTS ?? '').split(',').filter(Boolean),
  });
  try {
    await app.listen({ port, host: bind });
  } catch (error) {
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ValidationError(
        `Invalid parameter "port": ${bind}:${port} is already in use (another c-host?). Pass --port or set C_HOST_PORT.`,
        { parameter: 'port' },
      );
    }
    throw error;
  }
  const address = app.server.address();
  const actualPort = address && typeof address === 'object' ? address.port : port;
  const url = `http://${displayHost(bind)}:${actualPort}`;
  const release = recordServer(host.config.dataDir, url);
  if (!options.quiet) note(`c-host is listening on ${url}`);
  return {
    url,
    async stop() {
      release();
      await app.close();
    },
  };
}

/** `c-host serve`: the HTTP API, `/mcp` and the web UI, optionally with the sandbox. */
export async function serveCommand(flags: ServeFlags): Promise<void> {
  const host = await cliHost(flags);
  const generated = await host.access.init();
  if (generated) {
    note(
      `A new access token was created. It is shown only this once (the host keeps a hash):\n  ${generated}\nAPI and MCP clients send it as "Authorization: Bearer <token>".`,
    );
  }
  const sandbox = flags.sandbox ? await startSandbox(host) : undefined;
  let server: StartedServer;
  try {
    server = await startServer(host);
  } catch (error) {
    await sandbox?.close();
    await host.close();
    throw error;
  }
  if (sandbox) {
    note(
      `Sandbox: simulators of ${Object.keys(sandbox.urls).join(', ')} on loopback; connections ${Object.values(sandbox.connections).join(', ')}.`,
    );
    for (const [connector, reason] of Object.entries(sandbox.failures)) {
      note(`Sandbox: the ${connector} simulator did not start: ${reason}`);
    }
  }
  const link = `${server.url}/auth?token=${await host.access.createLoginToken()}`;
  note(`Open the web UI (this sign-in link works once, for 10 minutes):\n  ${link}`);
  if (flags.open !== false && interactive()) {
    const { default: open } = await import('open');
    await open(link).catch(() => {});
  }
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.stop();
  await sandbox?.close();
  await host.close();
}

/** `c-host token`: a new access token (the old one stops working), printed once. */
export async function tokenCommand(flags: GlobalFlags): Promise<void> {
  const host = await cliHost(flags, []);
  try {
    if (host.access.explicit) {
      note('C_HOST_TOKEN (or --token) is set: that token is the one in force, and it is not stored.');
    }
    printJson({ token: await host.access.rotate() });
  } finally {
    await host.close();
  }
}
