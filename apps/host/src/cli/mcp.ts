import { ValidationError } from '@c/core';
import { parseToolSelection, selectTools } from '../mcp/mcp-server.js';
import { serveMcpStdio } from '../mcp/mcp-stdio.js';
import { type Sandbox, sandboxNotes, startSandbox } from '../sandbox/sandbox.js';
import { checkSandboxAlone, cliHost, type GlobalFlags } from './context.js';
import { note } from './output.js';

/** Options of `c-host mcp`. */
export interface McpFlags extends GlobalFlags {
  readOnly?: boolean;
  tools?: string;
  toolsets?: string;
  maxResultBytes?: string;
  maxResultTokens?: string;
  allowDestructive?: boolean;
  sandbox?: boolean;
}

/**
 * `c-host mcp`: the commands as MCP tools over stdio (the core toolsets with discovery, or the selection). With `--sandbox` the
 * simulators run in this process, so one client config is enough (no `serve --sandbox` beside it);
 * when a `serve --sandbox` (or another `mcp --sandbox`) already runs them for this data directory,
 * its sandbox is used as it is. What this prints goes to stderr: stdout carries the protocol alone.
 */
export async function mcpCommand(flags: McpFlags): Promise<void> {
  // Checked before the host opens: a bad flag is a usage error, never a server that serves nothing.
  const selection = parseToolSelection({
    readOnly: flags.readOnly,
    tools: flags.tools,
    toolsets: flags.toolsets,
    maxResultBytes: flags.maxResultBytes,
    maxResultTokens: flags.maxResultTokens,
    allowDestructive: flags.allowDestructive,
  });
  checkSandboxAlone(flags);
  const host = await cliHost(flags);
  let sandbox: Sandbox | undefined;
  // A client stops its server with a signal as often as by closing stdin: the sandbox must still
  // let go of its claim (and save what it keeps).
  let down: Promise<void> | undefined;
  const shutdown = () =>
    (down ??= (async () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      await sandbox?.close();
      await host.close();
    })());
  const stop = () => void shutdown().then(() => process.exit(0));
  try {
    // A pattern that matches nothing fails here, before any client connects.
    selectTools(host.registry, selection);
    if (flags.sandbox) {
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      sandbox = await startOrJoinSandbox(host);
    }
    await serveMcpStdio(host, selection);
  } finally {
    await shutdown();
  }
}

async function startOrJoinSandbox(host: Awaited<ReturnType<typeof cliHost>>): Promise<Sandbox | undefined> {
  try {
    const sandbox = await startSandbox(host);
    for (const line of sandboxNotes(sandbox, host.config.dataDir)) note(line);
    return sandbox;
  } catch (error) {
    const owner = ValidationError.isInstance(error) ? error.details?.sandboxOwner : undefined;
    if (typeof owner !== 'number') throw error;
    note(
      `Sandbox: the simulators of c-host pid ${owner} serve the sandbox connections; this server uses them.`,
    );
    return undefined;
  }
}
