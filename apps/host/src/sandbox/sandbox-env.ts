import type { SandboxEntry, SandboxView } from '../api/schemas.js';
import type { Host } from '../host.js';
import { sandboxConnectionName } from './sandbox.js';
import { sandboxOwner } from './sandbox-owner.js';

// What `c-host sandbox` and `GET /api/sandbox` show, as the HTTP API declares it.
export type { SandboxEntry, SandboxView } from '../api/schemas.js';

/**
 * The sandbox of a host's store: each sandbox connection's simulator URL and keys, and the
 * environment variables to paste. Only the connections `serve --sandbox` made (`sandbox-<id>`,
 * marked `sandbox`) are read: sandbox keys are not secrets (Stripe prints test keys openly), a
 * real connection's credentials never appear here. Read from the store, so a stopped sandbox shows
 * the keys it will use again (those of a simulator that keeps its data survive a restart).
 */
export async function sandboxView(host: Host): Promise<SandboxView> {
  const pid = await sandboxOwner(host.store.settings);
  const records = await host.store.connections.list();
  const simulators: SandboxEntry[] = [];
  for (const connector of host.registry.connectors()) {
    const name = sandboxConnectionName(connector.id);
    const record = records.find((candidate) => candidate.name === name);
    if (!record?.sandbox || record.connector !== connector.id || record.status === 'unreadable') continue;
    const env: Record<string, string> = {};
    for (const [variable, key] of Object.entries(connector.env ?? {})) {
      const value = key.startsWith('credentials.')
        ? record.credentials[key.slice('credentials.'.length)]
        : record.options[key];
      if (typeof value === 'string' || typeof value === 'number') env[variable] = String(value);
    }
    const baseUrl = typeof record.options.baseUrl === 'string' ? record.options.baseUrl : undefined;
    simulators.push({
      connector: connector.id,
      connection: name,
      ...(baseUrl !== undefined && { baseUrl }),
      env,
    });
  }
  return { running: pid !== undefined, ...(pid !== undefined ? { pid } : {}), simulators };
}

/** A value quoted for a POSIX shell: single quotes, an inner one closed, escaped and reopened. */
function shellQuote(value: string): string {
  return /^[\w./:@%+,=-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `export NAME=value` lines for every variable of the sandbox, one block per connector. */
export function sandboxExports(view: SandboxView): string {
  return view.simulators
    .map(
      (entry) =>
        `# ${entry.connector} (connection ${entry.connection})\n${Object.entries(entry.env)
          .map(([name, value]) => `export ${name}=${shellQuote(value)}`)
          .join('\n')}\n`,
    )
    .join('');
}
