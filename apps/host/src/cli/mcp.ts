import { serveMcpStdio } from '../mcp/mcp-stdio.js';
import { cliHost, type GlobalFlags } from './context.js';

/** `c-host mcp`: every command as an MCP tool over stdio. */
export async function mcpCommand(flags: GlobalFlags): Promise<void> {
  const host = await cliHost(flags);
  try {
    await serveMcpStdio(host);
  } finally {
    await host.close();
  }
}
