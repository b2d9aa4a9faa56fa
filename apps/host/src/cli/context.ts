import { ValidationError } from '@c/core';
import { type HostConfig, type HostFlags, resolveConfig } from '../config.js';
import { connectorIds, loadConnectors } from '../connectors.js';
import { type Host, openHost } from '../host.js';
import { checkoutCli } from '../paths.js';
import { closestNames, didYouMean } from '../suggest.js';

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

/**
 * Refuses `--sandbox` with a shared PostgreSQL database, before anything opens: the simulators live
 * in this one process, so sandbox connections stored where a fleet reads them would point every
 * other host at simulators it cannot reach (and vanish with this process). The URL, which holds a
 * password, is not repeated.
 */
export function checkSandboxAlone(flags: GlobalFlags & { sandbox?: boolean | undefined }): void {
  if (!flags.sandbox || resolveConfig(flags).databaseUrl === undefined) return;
  throw new ValidationError(
    'Invalid parameter "sandbox": --sandbox runs the provider simulators inside this one process, for trying c-host on one machine, and cannot be combined with a shared PostgreSQL database (C_HOST_DATABASE_URL or --database-url is set). Unset the database URL to use the embedded store in the data directory, or leave out --sandbox.',
    { parameter: 'sandbox' },
  );
}

/**
 * Refuses a connector id this host does not serve, before anything loads, suggesting the closest
 * ones (`paymnts` → `payments`) as an unknown command id does.
 */
export function checkConnectorId(id: string): void {
  if (connectorIds.includes(id)) return;
  const suggestions = closestNames(id, connectorIds);
  throw new ValidationError(
    `Invalid parameter "connector": unknown connector "${id}".${didYouMean(suggestions)} Known: ${connectorIds.join(', ')}.`,
    { parameter: 'connector', details: suggestions.length > 0 ? { suggestions } : undefined },
  );
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
