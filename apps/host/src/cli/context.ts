import { type HostConfig, type HostFlags, resolveConfig } from '../config.js';
import { connectorIds, loadConnectors } from '../connectors.js';
import { type Host, openHost } from '../host.js';
import { checkoutCli } from '../paths.js';

/** Flags every command accepts. */
export interface GlobalFlags extends HostFlags {}

/**
 * Opens the host for one CLI command. `connectors` limits what is imported: `run payments.x` loads
 * the payments package only.
 */
export async function cliHost(
  flags: GlobalFlags,
  connectors: readonly string[] = connectorIds,
): Promise<Host> {
  const config: HostConfig = resolveConfig(flags);
  return openHost({ config, connectors: await loadConnectors(connectors) });
}

/** The connector id of a qualified command id or tool name, when it names a known connector. */
export function connectorOfCommand(id: string): string[] {
  const prefix = id.split(/[._]/, 1)[0] ?? '';
  return connectorIds.includes(prefix) ? [prefix] : [...connectorIds];
}

/**
 * How a person runs this CLI from any folder, for the commands and client configs it prints: the
 * checkout's `c-host` script by absolute path (it brings its own Node), else `c-host`, an installed
 * package's bin on the PATH.
 */
export function selfCommand(): string {
  const script = checkoutCli();
  if (!script) return 'c-host';
  return /^[\w./-]+$/.test(script) ? script : `'${script.replace(/'/g, `'\\''`)}'`;
}

/** The MCP client config that starts this CLI's stdio server (`command` unquoted: it is no shell). */
export function mcpClientConfig(args: string[]): string {
  return JSON.stringify({ command: checkoutCli() ?? 'c-host', args });
}
