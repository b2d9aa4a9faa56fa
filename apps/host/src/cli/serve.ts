import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { ValidationError } from '@c/core';
import { checkServeToken, isLoopback } from '../config.js';
import type { Host } from '../host.js';
import { createHttpServer } from '../http/server.js';
import { type Sandbox, sandboxNotes, startSandbox } from '../sandbox/sandbox.js';
import { checkSandboxAlone, cliHost, type GlobalFlags, mcpClientConfig, selfCommand } from './context.js';
import { interactive, note, printJson } from './output.js';
import { recordServer } from './server-record.js';

/** Options of `c-host serve`. */
export interface ServeFlags extends GlobalFlags {
  sandbox?: boolean;
  open?: boolean;
}

/** A listening host server. */
export interface StartedServer {
  /** Where this machine reaches it: `http://127.0.0.1:<port>` for a loopback or wildcard bind, else the bound address. */
  url: string;
  stop(): Promise<void>;
}

const WILDCARDS = new Set(['0.0.0.0', '::']);

/** Printed when the server listens beyond loopback. */
const PLAIN_HTTP_WARNING =
  'Warning: c-host speaks plain HTTP. Beyond this machine, the access token, session cookies and every result cross the network unencrypted unless a TLS terminator (a reverse proxy serving HTTPS) is in front of it; add the name it serves to C_HOST_ALLOWED_HOSTS.';

const urlOf = (address: string, port: number) =>
  `http://${address.includes(':') ? `[${address}]` : address}:${port}`;

/**
 * The addresses a wildcard bind answers on, as URLs: this machine's interface addresses of that
 * family (IPv6 link-local ones left out, they need a zone to be reached).
 */
function interfaceUrls(bind: string, port: number): string[] {
  const urls: string[] = [];
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (
        entry.family === 'IPv6' &&
        (bind === '0.0.0.0' || entry.address.toLowerCase().startsWith('fe80:'))
      ) {
        continue;
      }
      urls.push(urlOf(entry.address, port));
    }
  }
  return urls;
}

/**
 * Listens on the configured address and port and records the server in the data directory. Beyond
 * loopback it needs a strong explicit token, and says where it listens and that the traffic is plain
 * HTTP.
 */
export async function startServer(host: Host, options: { quiet?: boolean } = {}): Promise<StartedServer> {
  const { bind, port } = host.config;
  checkServeToken(bind, host.config.token);
  const app = await createHttpServer({
    host,
    bind,
    allowedHostNames: (process.env.C_HOST_ALLOWED_HOSTS ?? '').split(',').filter(Boolean),
    // JSON logs on stdout for the operator (`C_HOST_LOG_LEVEL`); none for `connect`'s brief server.
    ...(options.quiet
      ? {}
      : { logger: { level: process.env.C_HOST_LOG_LEVEL, terminal: Boolean(process.stdout.isTTY) } }),
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
  const address = app.server.address() as AddressInfo;
  const wildcard = WILDCARDS.has(address.address);
  const url = wildcard ? urlOf('127.0.0.1', address.port) : urlOf(address.address, address.port);
  const release = recordServer(host.config.dataDir, url);
  if (!options.quiet) {
    note(
      wildcard
        ? `c-host is listening on every interface (${address.address} port ${address.port}): ${interfaceUrls(address.address, address.port).join(', ')}`
        : `c-host is listening on ${url}`,
    );
    if (!isLoopback(bind)) note(PLAIN_HTTP_WARNING);
  }
  return {
    url,
    async stop() {
      release();
      await app.close();
    },
  };
}

/** Where `serve` prints its lines, and whether a person is reading them live. */
export interface NoteStream {
  isTTY?: boolean | undefined;
}

// On a terminal a secret is seen and scrolls away; anything else (a service manager's journal, a
// file, a pipe) keeps it. Off a terminal, what is the only way in (a generated token; the link when
// the operator may not know the stored token) is still printed, with a plain warning that the log
// now holds it; what the operator already has (their own token) makes the link unnecessary, so it
// is left out.

/** What `serve` prints about an access token it has just generated. */
export function tokenNotes(generated: string, stream: NoteStream): string[] {
  const lines = [
    `A new access token was created. It is shown only this once (the host keeps a hash):\n  ${generated}\nAPI and MCP clients send it as "Authorization: Bearer <token>".`,
  ];
  if (!stream.isTTY) {
    lines.push(
      `Warning: stderr is not a terminal, so whatever keeps this output (a service log, a file) now holds that token. Set C_HOST_TOKEN (or --token) to a token of your own to keep it out of logs, or run \`${selfCommand()} token\` in a terminal to replace this one.`,
    );
  }
  return lines;
}

/** What `serve` prints about opening the web UI. */
export interface LinkNotes {
  /** The server's URL. */
  url: string;
  /** A one-time sign-in link. */
  link: string;
  /** Whether the token in force was set by the operator (C_HOST_TOKEN or --token). */
  explicit: boolean;
  stream: NoteStream;
}

/** The line about opening the web UI: the one-time sign-in link, or where to sign in with the token. */
export function linkNote({ url, link, explicit, stream }: LinkNotes): string {
  if (stream.isTTY) return `Open the web UI (this sign-in link works once, for 10 minutes):\n  ${link}`;
  if (explicit) {
    return `Open the web UI at ${url} and sign in with the access token. A one-time sign-in link is printed only on a terminal: stderr is not one, and logs would keep it.`;
  }
  return `Open the web UI (this sign-in link works once, for 10 minutes; stderr is not a terminal, so logs keep it until then):\n  ${link}`;
}

/**
 * Where to go next, printed once the server listens: the API reference, the CLI and an MCP client
 * config, with the checkout's `c-host` by absolute path (it works from any folder and brings its own
 * Node) rather than a bare `c-host` that may not be on the PATH.
 */
export function usageNotes(url: string, sandbox: Sandbox | undefined): string[] {
  const cli = selfCommand();
  return [
    `API reference: ${url}/api/reference (signed in)`,
    `CLI: ${cli} list, ${cli} run <command> -p key=value`,
    `MCP over stdio, as a client config: ${mcpClientConfig(sandbox ? ['mcp', '--sandbox'] : ['mcp'])}`,
  ];
}

/** `c-host serve`: the HTTP API, `/mcp` and the web UI, optionally with the sandbox. */
export async function serveCommand(flags: ServeFlags): Promise<void> {
  // Listen for a stop first: a SIGTERM that arrives while the server starts must still shut it down
  // cleanly (the store closed, server.json removed), not kill the process mid-way.
  let stopRequested: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stopRequested = resolve;
  });
  const stop = () => stopRequested();
  checkSandboxAlone(flags);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const host = await cliHost(flags);
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  let server: StartedServer;
  try {
    // Checked before a token is generated, so a refused start prints no secret.
    checkServeToken(host.config.bind, host.config.token);
    const generated = await host.access.init();
    // Printed at once: only its hash is kept, so a start that fails later must not lose it.
    if (generated) for (const line of tokenNotes(generated, process.stderr)) note(line);
    sandbox = flags.sandbox ? await startSandbox(host) : undefined;
    server = await startServer(host);
  } catch (error) {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await sandbox?.close();
    await host.close();
    throw error;
  }
  if (sandbox) for (const line of sandboxNotes(sandbox, host.config.dataDir)) note(line);
  for (const line of usageNotes(server.url, sandbox)) note(line);
  const link = `${server.url}/auth?token=${await host.access.createLoginToken()}`;
  note(linkNote({ url: server.url, link, explicit: host.access.explicit, stream: process.stderr }));
  if (flags.open !== false && interactive()) {
    const { default: open } = await import('open');
    await open(link).catch(() => {});
  }
  await stopped;
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
