import { randomUUID } from 'node:crypto';
import { type Connector, ValidationError } from '@c/core';
import type { RunningSimulator } from '@c/core/testing';
import type { Host } from './host.js';

/** The setting naming the process whose sandbox the data directory's sandbox connections point at. */
const SANDBOX_OWNER = 'sandbox_owner';

/** Whether a process of this machine is running (one owned by another user counts). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A running sandbox: one seeded simulator per connector that declares one, and a connection to each. */
export interface Sandbox {
  /** Connector id → simulator base URL. */
  readonly urls: Record<string, string>;
  /** Connector id → the running simulator. */
  readonly simulators: Record<string, RunningSimulator>;
  /** Connector id → the sandbox connection's name (`sandbox-<connector>`). */
  readonly connections: Record<string, string>;
  /** Connector id → why its simulator did not start (the others still run). */
  readonly failures: Record<string, string>;
  close(): Promise<void>;
}

/** The name of a connector's sandbox connection. */
export const sandboxConnectionName = (connectorId: string) => `sandbox-${connectorId}`;

/**
 * Makes this process the one whose simulators the sandbox connections point at, and returns how to
 * let go. Those simulators live in the memory of the process that started them: while it runs,
 * another `serve --sandbox` on the same data directory is refused rather than re-pointing its
 * connections (and breaking it). A process that died without letting go (kill -9) is passed over.
 */
async function claimSandbox(host: Host): Promise<() => Promise<void>> {
  const instance = randomUUID();
  await host.store.withLock('sandbox', async () => {
    const owner = parseOwner(await host.store.getSetting(SANDBOX_OWNER));
    if (owner && owner.pid !== process.pid && processAlive(owner.pid)) {
      throw new ValidationError(
        `Invalid parameter "sandbox": another \`c-host serve --sandbox\` (pid ${owner.pid}) runs the sandbox of the data directory ${host.config.dataDir}. Stop it first, or give this one a data directory of its own (--data-dir or C_HOST_DATA_DIR).`,
        { parameter: 'sandbox' },
      );
    }
    await host.store.setSetting(SANDBOX_OWNER, JSON.stringify({ pid: process.pid, instance }));
  });
  return () =>
    host.store.withLock('sandbox', async () => {
      if (parseOwner(await host.store.getSetting(SANDBOX_OWNER))?.instance === instance) {
        await host.store.deleteSetting(SANDBOX_OWNER);
      }
    });
}

/**
 * Whether the sandbox connections of a store point at running simulators: a process that claimed
 * the sandbox is alive. Once it has stopped, they point at nothing.
 */
export async function sandboxRunning(store: Pick<Host['store'], 'getSetting'>): Promise<boolean> {
  const owner = parseOwner(await store.getSetting(SANDBOX_OWNER));
  return owner !== undefined && processAlive(owner.pid);
}

function parseOwner(value: string | undefined): { pid: number; instance: string } | undefined {
  if (!value) return undefined;
  const owner = JSON.parse(value) as { pid?: unknown; instance?: unknown };
  return typeof owner.pid === 'number' && typeof owner.instance === 'string'
    ? { pid: owner.pid, instance: owner.instance }
    : undefined;
}

/**
 * Starts the simulators of every registered connector on loopback, seeded with realistic data, and
 * points a clearly labelled sandbox connection at each (`sandbox: true`, named `sandbox-<connector>`,
 * the default unless the connector already has one). Simulators live in memory, so an existing
 * sandbox connection is re-pointed at this run's simulator; while another process's sandbox runs on
 * the same data directory, this is refused (a `ValidationError` on `sandbox`). OAuth connectors get
 * the simulator's OAuth client, so Connect and Reconnect run offline.
 */
export async function startSandbox(host: Host, options: { host?: string } = {}): Promise<Sandbox> {
  const release = await claimSandbox(host);
  try {
    return await startSimulators(host, options, release);
  } catch (error) {
    await release();
    throw error;
  }
}

async function startSimulators(
  host: Host,
  options: { host?: string },
  release: () => Promise<void>,
): Promise<Sandbox> {
  const connectors = host.registry.connectors().filter((connector) => connector.simulator);
  const outcomes = await Promise.allSettled(
    connectors.map((connector) => startSimulator(connector, options.host ?? '127.0.0.1')),
  );
  const started = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const urls: Record<string, string> = {};
  const simulators: Record<string, RunningSimulator> = {};
  const connections: Record<string, string> = {};
  const failures: Record<string, string> = {};
  try {
    for (const [index, connector] of connectors.entries()) {
      const outcome = outcomes[index]!;
      if (outcome.status === 'rejected') {
        // One provider's simulator failing to start leaves the others usable.
        failures[connector.id] =
          outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
        continue;
      }
      const simulator = outcome.value;
      // A sandbox serves for hours: keep no request history (tests of the simulators keep theirs).
      simulator.server.limitRecording?.(0);
      urls[connector.id] = simulator.url;
      simulators[connector.id] = simulator;
      const name = sandboxConnectionName(connector.id);
      const { credentials, options: connectionOptions } = simulator.connection;
      const existing = await host.store.get(name);
      if (existing?.sandbox) {
        await host.connections.replaceCredentials(name, credentials, connectionOptions);
      } else if (!existing) {
        await host.connections.create(
          { name, connector: connector.id, credentials, options: connectionOptions },
          { verify: false, sandbox: true },
        );
      }
      connections[connector.id] = name;
      if (simulator.oauth && connector.auth.type === 'oauth2') {
        host.oauth.configure(connector.id, {
          clientId: simulator.oauth.clientId,
          clientSecret: simulator.oauth.clientSecret,
          authorizationUrl: simulator.oauth.authorizationUrl,
          tokenUrl: simulator.oauth.tokenUrl,
          scopes: simulator.oauth.scopes ?? connector.auth.scopes,
          authorizationParams: connector.auth.authorizationParams,
          connectionOptions,
          sandbox: true,
        });
      }
    }
  } catch (error) {
    await Promise.allSettled(started.map((simulator) => simulator.close()));
    throw error;
  }
  return {
    urls,
    simulators,
    connections,
    failures,
    async close() {
      await Promise.allSettled(started.map((simulator) => simulator.close()));
      // With the store already closed the claim stays behind, naming this process: once it has
      // exited, the next sandbox passes over it.
      await release().catch(() => {});
    },
  };
}

/**
 * Starts the simulator a connector declares (its `testing` entry, loaded only now), seeded. One
 * that simulates another connector's provider is refused rather than wired to the wrong connection.
 */
async function startSimulator(connector: Connector, host: string): Promise<RunningSimulator> {
  const simulator = await connector.simulator!();
  if (simulator.connectorId !== connector.id) {
    throw new Error(`The simulator of ${connector.id} simulates ${simulator.connectorId}`);
  }
  // Contract checks are for the packages' own tests; the sandbox must start without ../shared.
  return simulator.start({ seed: true, host, contracts: false });
}
