import { Client, type ClientOptions } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { cliCommand, hostRoot } from './cli.js';

// The official SDK client, connected as the MCP tests connect it: to `c-host mcp` over stdio (a
// clean environment: PATH, HOME and what the test gives) or to `/mcp` of a running server with its
// token. Each made client is kept, so that one `close()` after the file ends them all.

/** Clients made by one test file, closed together. */
export class McpClients {
  readonly #clients: Client[] = [];

  /** A new client (not connected), kept for `close()`; `options` declare its capabilities. */
  client(name = 'agent', options?: ClientOptions): Client {
    const client = new Client({ name, version: '1.0.0' }, options);
    this.#clients.push(client);
    return client;
  }

  /** `c-host mcp <flags>` over stdio, with these environment variables besides PATH and HOME. */
  async stdio(env: Record<string, string>, flags: string[] = [], client = this.client()): Promise<Client> {
    await client.connect(
      new StdioClientTransport({
        command: cliCommand.command,
        args: [...cliCommand.args, 'mcp', ...flags],
        cwd: hostRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
        stderr: 'pipe',
      }),
    );
    return client;
  }

  /** `POST <base>/mcp<query>` with the bearer token. */
  async http(base: string, token: string, query = '', client = this.client()): Promise<Client> {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`/mcp${query}`, base), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    return client;
  }

  /** Closes every client made. */
  async close(): Promise<void> {
    await Promise.all(this.#clients.map((client) => client.close()));
  }
}
