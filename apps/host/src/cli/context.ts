import { type HostConfig, type HostFlags, resolveConfig } from '../config.js';
import { connectorIds, loadConnectors } from '../connectors.js';
import { type Host, openHost } from '../host.js';

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
