import type { Connector } from '@c/core';
import { AccessControl } from './access.js';
import type { HostConfig } from './config.js';
import { ConnectionManager } from './connections/connection-manager.js';
import { OAuthFlow } from './connections/oauth.js';
import { loadConnectors } from './connectors.js';
import { Operations } from './observability/operations.js';
import { Registry } from './registry.js';
import { IdempotencyLedger } from './run/idempotency.js';
import { Runner } from './run/runner.js';
import type { HostStore } from './store/host-store.js';
import { SqliteHostStore } from './store/sqlite-store.js';
import { TriggerService } from './triggers/trigger-service.js';

/** Everything the surfaces share: the registry, the store and what is built on them. */
export interface Host {
  readonly config: HostConfig;
  readonly registry: Registry;
  readonly store: HostStore;
  readonly connections: ConnectionManager;
  /** The run pipeline every surface runs commands through (`check`, then `run`). */
  readonly runner: Runner;
  /** Where logs, traces, metrics and the audit log hear of runs and connection changes. */
  readonly operations: Operations;
  readonly access: AccessControl;
  readonly oauth: OAuthFlow;
  /** Subscriptions, the webhook receiver's work, events and their delivery. */
  readonly triggers: TriggerService;
  close(): Promise<void>;
}

/** Options of `openHost`. */
export interface OpenHostOptions {
  config: HostConfig;
  env?: NodeJS.ProcessEnv;
  /** The connectors to serve (default: all four; a CLI run loads only the one it needs). */
  connectors?: Connector[];
  /** Another store (default: the one the configuration selects, see `openStore`). */
  store?: HostStore;
}

/**
 * The store the configuration selects: PostgreSQL when a database URL is set (a fleet; it needs
 * `C_HOST_SECRET_KEY`), else the embedded SQLite store in the data directory. `pg` is loaded only
 * for the first, so the embedded default pays nothing for it.
 */
export async function openStore(config: HostConfig, env: NodeJS.ProcessEnv): Promise<HostStore> {
  const keys = { secretKey: env.C_HOST_SECRET_KEY, oldKeys: env.C_HOST_SECRET_KEYS_OLD };
  if (config.databaseUrl) {
    const { PostgresHostStore } = await import('./store/postgres-store.js');
    return PostgresHostStore.open({ url: config.databaseUrl, ...keys });
  }
  return new SqliteHostStore({ dataDir: config.dataDir, ...keys });
}

/** Opens the configured store and assembles the host around it. */
export async function openHost(options: OpenHostOptions): Promise<Host> {
  const env = options.env ?? process.env;
  const connectors = options.connectors ?? (await loadConnectors());
  const registry = new Registry(connectors);
  const store = options.store ?? (await openStore(options.config, env));
  // Each service gets only the roles of the store it uses.
  const { settings, locks } = store;
  const operations = new Operations(store);
  const connections = new ConnectionManager({
    registry,
    store: { connections: store.connections, settings, locks },
    operations,
    env,
  });
  const runner = new Runner({
    registry,
    connections,
    ledger: new IdempotencyLedger({ settings, locks }),
    operations,
    maxResultBytes: options.config.maxResultBytes,
  });
  const access = new AccessControl({ settings, locks }, { token: options.config.token });
  const oauth = new OAuthFlow({
    registry,
    connections,
    store: { connections: store.connections, settings },
    env,
  });
  const triggers = new TriggerService({
    registry,
    store: { settings, locks, triggers: store.triggers },
    connections,
    publicUrl: options.config.publicUrl,
  });
  return {
    config: options.config,
    registry,
    store,
    connections,
    runner,
    operations,
    access,
    oauth,
    triggers,
    async close() {
      triggers.stop();
      await connections.close();
      await store.close();
    },
  };
}
