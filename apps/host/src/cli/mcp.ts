import { parseToolSelection, selectTools } from '../mcp/mcp-server.js';
import { serveMcpStdio } from '../mcp/mcp-stdio.js';
import { cliHost, type GlobalFlags } from './context.js';

/** Options of `c-host mcp`. */
export interface McpFlags extends GlobalFlags {
  readOnly?: boolean;
  tools?: string;
  maxResultBytes?: string;
}

/** `c-host mcp`: every command (or the selected ones) as an MCP tool over stdio. */
export async function mcpCommand(flags: McpFlags): Promise<void> {
  // Checked before the host opens: a bad flag is a usage error, never a server that serves nothing.
  const selection = parseToolSelection({
    readOnly: flags.readOnly,
    tools: flags.tools,
    maxResultBytes: flags.maxResultBytes,
  });
  const host = await cliHost(flags);
  try {
    // A pattern that matches nothing fails here, before any client connects.
    selectTools(host.registry, selection);
    await serveMcpStdio(host, selection);
  } finally {
    await host.close();
  }
}
