import type { Connector } from '@c/core';
import type { RunningSimulator } from '@c/core/testing';
import type { HostConfig } from '../config.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import type { OAuthFlow } from '../connections/oauth.js';
import type { Registry } from '../registry.js';
import type { HostStore } from '../store/host-store.js';
import { claimSandbox } from './sandbox-owner.js';
import { persistenceOf, SandboxStateFiles } from './sandbox-state.js';

/** The setting keeping each simulator's port (connector id → port), so that every start uses the same. */
const SANDBOX_PORTS = 'sandbox_ports';
/** How often the kept simulators' states are saved while the sandbox runs (and once more at the end). */
const SAVE_EVERY_MS = 15_000;

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
  /**
   * Connector id → whether its data is kept across restarts (its simulator can export and import
   * its state: see `PersistentSimulator`) or seeded afresh at every start.
   */
  readonly kept: Record<string, boolean>;
  /** What a person should know about this start: a port that moved, saved data that could not be read. */
  readonly notes: string[];
  close(): Promise<void>;
}

/** What the sandbox uses of the host: the composition root hands it these. */
export interface SandboxHost {
  readonly config: Pick<HostConfig, 'dataDir'>;
  readonly registry: Registry;
  readonly store: Pick<HostStore, 'connections' | 'settings' | 'locks'>;
  readonly connections: Pick<ConnectionManager, 'create' | 'replaceCredentials'>;
  readonly oauth: Pick<OAuthFlow, 'configure'>;
}

/** The name of a connector's sandbox connection. */
export const sandboxConnectionName = (connectorId: string) => `sandbox-${connectorId}`;

/**
 * Starts the simulators of every registered connector on loopback, seeded with realistic data, and
 * points a clearly labelled sandbox connection at each (`sandbox: true`, named `sandbox-<connector>`,
 * the default unless the connector already has one). OAuth connectors get the simulator's OAuth
 * client, so Connect and Reconnect run offline. While another process's sandbox runs on the same
 * data directory, this is refused (a `ValidationError` on `sandbox`).
 *
 * What stays across restarts: each simulator listens on the port it had the first time (kept in the
 * store; a port taken since moves, and its connections follow), so a base URL copied from a
 * connection keeps working. A simulator that can export its state (`PersistentSimulator`) gets it
 * back from `<data dir>/sandbox/` and its connections keep their credentials; the others start from
 * their seed, and every sandbox connection of theirs (`sandbox-<id>` and those Connect made against
 * it) is given the new simulator's credentials, so that none is left pointing at a dead account.
 */
export async function startSandbox(host: SandboxHost, options: { host?: string } = {}): Promise<Sandbox> {
  const release = await claimSandbox(host.store, host.config.dataDir);
  try {
    return await startSimulators(host, options, release);
  } catch (error) {
    await release();
    throw error;
  }
}

async function startSimulators(
  host: SandboxHost,
  options: { host?: string },
  release: () => Promise<void>,
): Promise<Sandbox> {
  const connectors = host.registry.connectors().filter((connector) => connector.simulator);
  const ports = parsePorts(await host.store.settings.getSetting(SANDBOX_PORTS));
  const outcomes = await Promise.allSettled(
    connectors.map((connector) =>
      startSimulator(connector, options.host ?? '127.0.0.1', ports[connector.id]),
    ),
  );
  const started = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const urls: Record<string, string> = {};
  const simulators: Record<string, RunningSimulator> = {};
  const connections: Record<string, string> = {};
  const failures: Record<string, string> = {};
  const kept: Record<string, boolean> = {};
  const notes: string[] = [];
  const files = new SandboxStateFiles(host.config.dataDir);
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
      const port = Number(new URL(simulator.url).port);
      if (ports[connector.id] !== undefined && ports[connector.id] !== port) {
        notes.push(
          `Sandbox: port ${ports[connector.id]} of the ${connector.id} simulator is taken; it listens on ${port} now, and its connections follow.`,
        );
      }
      ports[connector.id] = port;
      const persistence = persistenceOf(simulator);
      kept[connector.id] = persistence !== undefined;
      const restored = persistence ? restoreState(files, connector.id, simulator, notes) : false;
      connections[connector.id] = await pointConnections(host, connector, simulator, restored);
    }
    await host.store.settings.setSetting(SANDBOX_PORTS, JSON.stringify(ports));
  } catch (error) {
    await Promise.allSettled(started.map((simulator) => simulator.close()));
    throw error;
  }
  const save = stateSaver(simulators, files);
  const saver = Object.values(kept).some(Boolean) ? setInterval(() => save(), SAVE_EVERY_MS) : undefined;
  saver?.unref();
  return {
    urls,
    simulators,
    connections,
    failures,
    kept,
    notes,
    async close() {
      if (saver) clearInterval(saver);
      save(true);
      await Promise.allSettled(started.map((simulator) => simulator.close()));
      // With the store already closed the claim stays behind, naming this process: once it has
      // exited, the next sandbox passes over it.
      await release().catch(() => {});
    },
  };
}

/**
 * Points the sandbox connections of a connector at its running simulator (its own `sandbox-<id>`,
 * made when missing, and those Connect made against it) and configures its OAuth client; returns
 * the name of its own connection.
 */
async function pointConnections(
  host: SandboxHost,
  connector: Connector,
  simulator: RunningSimulator,
  restored: boolean,
): Promise<string> {
  const name = sandboxConnectionName(connector.id);
  const { credentials, options: connectionOptions } = simulator.connection;
  for (const record of await host.store.connections.list()) {
    if (!record.sandbox || record.connector !== connector.id) continue;
    // A restored simulator knows the credentials it gave before; a fresh one only its own.
    const keep = restored && record.status !== 'unreadable';
    await host.connections.replaceCredentials(
      record.name,
      keep ? record.credentials : credentials,
      connectionOptions,
    );
  }
  if (!(await host.store.connections.get(name))) {
    await host.connections.create(
      { name, connector: connector.id, credentials, options: connectionOptions },
      { verify: false, sandbox: true },
    );
  }
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
  return name;
}

/**
 * How the kept simulators' states are saved: each one whose data changed since its last save, or
 * every one (`always`, when the sandbox stops).
 */
function stateSaver(
  simulators: Record<string, RunningSimulator>,
  files: SandboxStateFiles,
): (always?: boolean) => void {
  // A simulator's data changes only through requests that may write: a periodic save skips one that
  // had none since the last save (exporting the analytics simulator's events costs tens of MB in flight).
  const savedAt: Record<string, number> = {};
  // What was just imported or seeded is saved at the latest when the sandbox stops.
  for (const [id, simulator] of Object.entries(simulators)) savedAt[id] = simulator.server.writes;
  return (always = false) => {
    for (const [id, simulator] of Object.entries(simulators)) {
      const persistence = persistenceOf(simulator);
      if (!persistence) continue;
      const writes = simulator.server.writes;
      if (!always && savedAt[id] === writes) continue;
      try {
        files.save(id, persistence.exportState());
        savedAt[id] = writes;
      } catch (error) {
        // A full disk must not stop the sandbox; the next save tries again.
        process.emitWarning(`The ${id} sandbox state could not be saved: ${(error as Error).message}`);
      }
    }
  };
}

/**
 * Gives a simulator the state saved by the previous sandbox, if any. Saved data that cannot be read
 * or imported is set aside with a note, and the simulator starts from its seed.
 */
function restoreState(
  files: SandboxStateFiles,
  connectorId: string,
  simulator: RunningSimulator,
  notes: string[],
): boolean {
  try {
    const saved = files.load(connectorId);
    if (!saved) return false;
    persistenceOf(simulator)!.importState(saved.state);
    return true;
  } catch (error) {
    simulator.reset();
    notes.push(
      `Sandbox: the saved ${connectorId} data in ${files.folder} could not be read (${(error as Error).message}); the ${connectorId} simulator starts from its seed data.`,
    );
    return false;
  }
}

function parsePorts(value: string | undefined): Record<string, number> {
  if (!value) return {};
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] => Number.isInteger(entry[1]) && (entry[1] as number) > 0,
      ),
    );
  } catch {
    return {};
  }
}

/**
 * Starts the simulator a connector declares (its `testing` entry, loaded only now), seeded, on the
 * port it had before when that is free. One that simulates another connector's provider is refused
 * rather than wired to the wrong connection.
 */
async function startSimulator(connector: Connector, host: string, port?: number): Promise<RunningSimulator> {
  const simulator = await connector.simulator!();
  if (simulator.connectorId !== connector.id) {
    throw new Error(`The simulator of ${connector.id} simulates ${simulator.connectorId}`);
  }
  // Contract checks are for the packages' own tests; the sandbox must start without ../shared.
  const start = (on: number | undefined) => simulator.start({ seed: true, host, contracts: false, port: on });
  try {
    return await start(port);
  } catch (error) {
    // The port it had before is taken (another program since): any free one, and its connections follow.
    if (port === undefined || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return start(undefined);
  }
}

/**
 * What `serve --sandbox` and `mcp --sandbox` say about the sandbox they started: the simulators and
 * connections, what happens to its data at a restart, and anything that went wrong.
 */
export function sandboxNotes(sandbox: Sandbox, dataDir: string): string[] {
  const started = Object.keys(sandbox.urls);
  const kept = started.filter((id) => sandbox.kept[id]);
  const fresh = started.filter((id) => !sandbox.kept[id]);
  const lines = [
    `Sandbox: simulators of ${started.join(', ')} on loopback, on the same ports at every start; connections ${Object.values(sandbox.connections).join(', ')}.`,
  ];
  if (kept.length > 0) {
    lines.push(
      `Sandbox data of ${kept.join(', ')} is kept in ${dataDir}/sandbox across restarts (delete that folder to start over).`,
    );
  }
  if (fresh.length > 0) {
    const which = kept.length > 0 ? ` of ${fresh.join(', ')}` : '';
    lines.push(
      `Sandbox data${which} starts from the seed at every start: what you create there is gone after a restart.`,
    );
  }
  for (const [connector, reason] of Object.entries(sandbox.failures)) {
    lines.push(`Sandbox: the ${connector} simulator did not start: ${reason}`);
  }
  return [...lines, ...sandbox.notes];
}
