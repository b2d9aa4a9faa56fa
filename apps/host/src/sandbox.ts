import type { Host } from './host.js';

/** The part of a simulator's handle (`start<Name>Simulator`) the sandbox uses. */
export interface SimulatorHandle {
  url: string;
  connection: { credentials: unknown; options?: unknown };
  /** The loopback server (core's TestServer): its request recording is turned off here. */
  server?: { limitRecording?(max: number | undefined): void };
  oauth?: {
    authorizationUrl: string;
    tokenUrl: string;
    clientId: string;
    clientSecret?: string;
    scopes?: string[];
    /** The revocation endpoint (RFC 7009), to try Reconnect; simulators name it either way. */
    revokeUrl?: string;
    revocationUrl?: string;
  };
  close(): Promise<void>;
}

type StartSimulator = (options?: {
  port?: number;
  host?: string;
  seed?: boolean;
  contracts?: false;
}) => Promise<SimulatorHandle>;

/** The `start…Simulator` function of a package's testing entry point. */
function starter(module: Record<string, unknown>, packageName: string): StartSimulator {
  const name = Object.keys(module).find((key) => /^start[A-Z]\w*Simulator$/.test(key));
  if (!name) throw new Error(`${packageName}/testing exports no start…Simulator function`);
  return module[name] as StartSimulator;
}

/** Each connector's simulator, loaded only by `serve --sandbox`. */
export const simulatorLoaders: Record<string, () => Promise<StartSimulator>> = {
  payments: async () => starter(await import('@c/payments/testing'), '@c/payments'),
  analytics: async () => starter(await import('@c/analytics/testing'), '@c/analytics'),
  issues: async () => starter(await import('@c/issues/testing'), '@c/issues'),
  docs: async () => starter(await import('@c/docs/testing'), '@c/docs'),
};

/** A running sandbox: one seeded simulator per connector and a connection to each. */
export interface Sandbox {
  /** Connector id → simulator base URL. */
  readonly urls: Record<string, string>;
  /** Connector id → the running simulator. */
  readonly simulators: Record<string, SimulatorHandle>;
  /** Connector id → the sandbox connection's name (`sandbox-<connector>`). */
  readonly connections: Record<string, string>;
  /** Connector id → why its simulator did not start (the others still run). */
  readonly failures: Record<string, string>;
  close(): Promise<void>;
}

/** The name of a connector's sandbox connection. */
export const sandboxConnectionName = (connectorId: string) => `sandbox-${connectorId}`;

/**
 * Starts the simulators of every registered connector on loopback, seeded with realistic data, and
 * points a clearly labelled sandbox connection at each (`sandbox: true`, named `sandbox-<connector>`,
 * the default unless the connector already has one). Simulators live in memory, so an existing
 * sandbox connection is re-pointed at this run's simulator. OAuth connectors get the simulator's
 * OAuth client, so Connect and Reconnect run offline.
 */
export async function startSandbox(host: Host, options: { host?: string } = {}): Promise<Sandbox> {
  const connectors = host.registry.connectors().filter((connector) => simulatorLoaders[connector.id]);
  // Contract checks are for the packages' own tests; the sandbox must start without ../shared.
  const outcomes = await Promise.allSettled(
    connectors.map(async (connector) =>
      (await simulatorLoaders[connector.id]!())({
        seed: true,
        host: options.host ?? '127.0.0.1',
        contracts: false,
      }),
    ),
  );
  const started = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const urls: Record<string, string> = {};
  const simulators: Record<string, SimulatorHandle> = {};
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
      simulator.server?.limitRecording?.(0);
      urls[connector.id] = simulator.url;
      simulators[connector.id] = simulator;
      const name = sandboxConnectionName(connector.id);
      const credentials = simulator.connection.credentials as Record<string, unknown>;
      const connectionOptions = (simulator.connection.options ?? {}) as Record<string, unknown>;
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
    },
  };
}
