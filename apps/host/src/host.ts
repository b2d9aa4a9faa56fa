import type { Connector } from '@c/core';
import { AccessControl } from './access.js';
import type { HostConfig } from './config.js';
import { ConnectionManager } from './connections.js';
import { loadConnectors } from './connectors.js';
import { OAuthFlow } from './oauth.js';
import { Registry } from './registry.js';
import type { ConnectionStore } from './store/connection-store.js';
import { SqliteConnectionStore } from './store/sqlite-store.js';

/** Everything the surfaces share: the registry, the store and what is built on them. */
export interface Host {
  readonly config: HostConfig;
  readonly registry: Registry;
  readonly store: ConnectionStore;
  readonly connections: ConnectionManager;
  readonly access: AccessControl;
  readonly oauth: OAuthFlow;
  close(): Promise<void>;
}

/** Options of `openHost`. */
export interface OpenHostOptions {
  config: HostConfig;
  env?: NodeJS.ProcessEnv;
  /** The connectors to serve (default: all four; a CLI run loads only the one it needs). */
  connectors?: Connector[];
  /** Another store (default: the embedded SQLite store in the data directory). */
  store?: ConnectionStore;
}

/** Opens the store in the data directory and assembles the host around it. */
export async function openHost(options: OpenHostOptions): Promise<Host> {
  const env = options.env ?? process.env;
  const connectors = options.connectors ?? (await loadConnectors());
  const registry = new Registry(connectors);
  const store =
    options.store ??
    new SqliteConnectionStore({ dataDir: options.config.dataDir, secretKey: env.C_HOST_SECRET_KEY });
  const connections = new ConnectionManager({ registry, store, env });
  const access = new AccessControl(store, { token: options.config.token });
  const oauth = new OAuthFlow({ registry, connections, env });
  return {
    config: options.config,
    registry,
    store,
    connections,
    access,
    oauth,
    async close() {
      await connections.close();
      await store.close();
    },
  };
}
