import type { Connector, ConnectorClient, OAuthTokens, RefreshCoordinator } from '@c/core';
import type { ConcurrencySlots } from '@c/core/internal';
import type { ConnectionRecord } from '../store/connection-store.js';
import type { HostStore } from '../store/host-store.js';
import { credentialKeys } from '../views.js';
import { unknownCredential } from './connection-errors.js';
import { ENV_CONNECTION } from './env-connection.js';

interface CachedClient {
  client: ConnectorClient<any>;
  /** The record version the client was built from; a newer one (another process rotated tokens) rebuilds it. */
  version: string;
}

/** What the client cache uses. */
export interface ClientCacheParts {
  store: Pick<HostStore, 'connections' | 'locks'>;
  /** The connector of an id (a `ValidationError` for an unknown one). */
  connector(id: string): Connector;
  /** Hears of each OAuth refresh (metrics). */
  refreshed(connection: string): void;
}

/**
 * One client per connection, kept for reuse (one keep-alive pool each) while its record is
 * unchanged; rotated OAuth tokens written back to the store, refreshes serialised across every
 * process sharing it, and a connection's concurrency limit shared through it too.
 */
export class ClientCache {
  readonly #parts: ClientCacheParts;
  readonly #clients = new Map<string, CachedClient>();

  constructor(parts: ClientCacheParts) {
    this.#parts = parts;
  }

  /** Whether the cached client of a connection holds this record version (it rotated the tokens itself). */
  holds(name: string, version: string): boolean {
    return this.#clients.get(name)?.version === version;
  }

  /** Closes every cached client (their keep-alive pools). */
  async close(): Promise<void> {
    const cached = [...this.#clients.values()];
    this.#clients.clear();
    await Promise.all(cached.map((entry) => entry.client.close()));
  }

  /** The client of a connection: the cached one while its record is unchanged, else a new one. */
  client(record: ConnectionRecord): ConnectorClient<any> {
    const stored = record.name !== ENV_CONNECTION;
    // Env connections are per connector and fixed for the life of the process.
    const cacheKey = stored ? record.name : `${ENV_CONNECTION}:${record.connector}`;
    const version = `${record.updatedAt}|${record.status}`;
    const cached = this.#clients.get(cacheKey);
    if (cached && cached.version === version) return cached.client;
    if (cached) {
      this.#clients.delete(cacheKey);
      void cached.client.close();
    }
    const connector = this.#parts.connector(record.connector);
    // Options stored before they were checked could hold a credential: refuse them, never use them.
    connector.parseOptions(record.options);
    const client = connector.connect({
      ...record.options,
      // After the options: nothing in them can stand in for these.
      credentials: record.credentials,
      onTokens: stored ? (tokens: OAuthTokens) => this.#saveTokens(record.name, tokens) : undefined,
      coordinateRefresh: stored ? this.#refreshLock(record.name) : undefined,
      http: { concurrencySlots: this.#budget(cacheKey) },
    });
    this.#clients.set(cacheKey, { client, version });
    return client;
  }

  /**
   * One refresh at a time across every process sharing the store: under the lock, the tokens are
   * read again, so a process that waited uses what the first one stored instead of spending a
   * refresh token the provider already rotated (which would revoke the grant).
   */
  #refreshLock(name: string): RefreshCoordinator {
    return (refresh) =>
      this.#parts.store.locks.withLock(`oauth-refresh:${name}`, async () => {
        const latest = await this.#parts.store.connections.get(name);
        const credentials = latest?.status === 'unreadable' ? undefined : latest?.credentials;
        await refresh(
          typeof credentials?.accessToken === 'string'
            ? {
                accessToken: credentials.accessToken,
                refreshToken:
                  typeof credentials.refreshToken === 'string' ? credentials.refreshToken : undefined,
                expiresAt: typeof credentials.expiresAt === 'number' ? credentials.expiresAt : undefined,
              }
            : undefined,
        );
      });
  }

  /**
   * A connection's concurrency limit (a provider's cap on concurrent requests per account) shared by every
   * process and host instance on the store, not kept per process.
   */
  #budget(key: string): ConcurrencySlots {
    return async (scope, limit, signal) => {
      const release = await this.#parts.store.locks.acquireSlot(`budget:${key}:${scope}`, limit, { signal });
      // A release that fails (the database briefly away) leaves the slot to expire with its lease.
      return () => void release().catch(() => {});
    };
  }

  async #saveTokens(name: string, tokens: OAuthTokens): Promise<void> {
    this.#parts.refreshed(name);
    const updated = await this.#parts.store.connections.updateCredentials(name, (current) => ({
      ...current,
      accessToken: tokens.accessToken,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      expiresAt: tokens.expiresAt,
    }));
    // The client already holds these tokens: keep it rather than rebuilding it for its own rotation.
    const cached = this.#clients.get(name);
    if (updated && cached) cached.version = `${updated.updatedAt}|${updated.status}`;
  }

  /** Forgets (and closes) a connection's client: its credentials changed or it was removed. */
  async drop(name: string): Promise<void> {
    const cached = this.#clients.get(name);
    this.#clients.delete(name);
    await cached?.client.close();
  }
}

/**
 * Credentials as a new connection stores them: tried with the connector's cheap read call first
 * (unless `verify` is false), and with whatever that call rotated. Verifying may refresh an expired
 * OAuth token and rotate the refresh token: what it hands back is kept, or the stored refresh token
 * would already be spent.
 */
export async function verifiedCredentials(
  connector: Connector,
  given: Record<string, unknown>,
  options: Record<string, unknown>,
  verify: boolean,
): Promise<Record<string, unknown>> {
  let credentials = given;
  const client = connector.connect({
    ...options,
    credentials,
    onTokens: (tokens: OAuthTokens) => {
      credentials = {
        ...credentials,
        accessToken: tokens.accessToken,
        ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
        expiresAt: tokens.expiresAt,
      };
    },
  });
  try {
    if (verify) await client.verify();
  } finally {
    await client.close();
  }
  return credentials;
}

/** Refuses a credential field the connector does not take, before anything is checked or stored. */
export function refuseUnknownCredentials(connector: Connector, credentials: Record<string, unknown>): void {
  if (credentials === null || typeof credentials !== 'object') return;
  const known = credentialKeys(connector);
  const unknown = Object.keys(credentials).find((key) => !known.includes(key));
  if (unknown !== undefined) throw unknownCredential(unknown, known);
}
