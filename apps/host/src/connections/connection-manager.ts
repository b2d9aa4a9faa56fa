import { AuthError, type Connector, type ConnectorClient, parseWith, ValidationError } from '@c/core';
import type { Operations } from '../observability/operations.js';
import type { Registry } from '../registry.js';
import { sandboxRunning } from '../sandbox/sandbox-owner.js';
import { ConnectionExistsError, type ConnectionRecord } from '../store/connection-store.js';
import { ClientCache, refuseUnknownCredentials, verifiedCredentials } from './client-cache.js';
import { connectionExists, connectionNotFound, sandboxStopped, unreadable } from './connection-errors.js';
import {
  type ConnectionView,
  checkSetting,
  type FailedCheck,
  parseFailedCheck,
  toView,
} from './connection-views.js';
import { ENV_CONNECTION, envConnection } from './env-connection.js';

export {
  type ConnectionView,
  type ConnectionViewStatus,
  credentialHints,
  toView,
} from './connection-views.js';
export { ENV_CONNECTION, envConnection } from './env-connection.js';

import type { HostStore } from '../store/host-store.js';
import { closestNames, didYouMean } from '../suggest.js';

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

/** What saving a connection takes (the body of `POST /api/connections`). */
export interface ConnectionInput {
  name: string;
  connector: string;
  credentials: Record<string, unknown>;
  options?: Record<string, unknown> | undefined;
  isDefault?: boolean | undefined;
}

/**
 * The store's roles connections use: the connections, settings (failed checks, the sandbox's
 * owner), and locks and slots (token refreshes, concurrency budgets).
 */
export type ConnectionRoles = Pick<HostStore, 'connections' | 'settings' | 'locks'>;

/**
 * Connections over a store: resolution (named, default, or from the environment), one client per
 * connection kept for reuse, rotated OAuth tokens written back atomically, and `needs_reconnect`
 * set when the provider refuses the credentials.
 */
export class ConnectionManager {
  readonly #registry: Registry;
  readonly #store: ConnectionRoles;
  readonly #env: NodeJS.ProcessEnv;
  readonly #clients: ClientCache;

  readonly #operations: Pick<Operations, 'change' | 'needsReconnect' | 'refreshed'>;

  constructor(options: {
    registry: Registry;
    store: ConnectionRoles;
    /** Where connection changes, reconnects and token refreshes are logged and audited. */
    operations: Pick<Operations, 'change' | 'needsReconnect' | 'refreshed'>;
    env?: NodeJS.ProcessEnv;
  }) {
    this.#registry = options.registry;
    this.#store = options.store;
    this.#env = options.env ?? process.env;
    this.#operations = options.operations;
    this.#clients = new ClientCache({
      store: options.store,
      connector: (id) => this.#connector(id),
      refreshed: (name) => options.operations.refreshed(name),
    });
  }

  /**
   * Every stored connection, then the implicit `env` connections. `isDefault` marks the connection
   * a run without a name uses (an `env` one over a stopped sandbox's, see `resolve`).
   */
  async list(): Promise<ConnectionView[]> {
    const stored = await this.#store.connections.list();
    const views = stored.map(toView);
    const sandboxLive =
      stored.some((record) => record.sandbox) && (await sandboxRunning(this.#store.settings));
    for (const connector of this.#registry.connectors()) {
      const fromEnv = envConnection(connector, this.#env);
      if (!fromEnv) continue;
      const live = stored.find(
        (record) => record.connector === connector.id && record.isDefault && (!record.sandbox || sandboxLive),
      );
      if (!live) {
        for (const view of views) if (view.connector === connector.id) view.isDefault = false;
      }
      views.push({ ...toView(fromEnv), isDefault: !live });
    }
    return Promise.all(views.map((view) => this.#withHealth(view, sandboxLive)));
  }

  /** One stored connection's view; a `NotFoundError` when there is none. */
  async get(name: string): Promise<ConnectionView> {
    const record = await this.#requireStored(name);
    return this.#withHealth(toView(record), record.sandbox && (await sandboxRunning(this.#store.settings)));
  }

  /**
   * A view with what the stored status cannot know: that the sandbox it points at is stopped, or
   * that its last check failed.
   */
  async #withHealth(view: ConnectionView, sandboxLive: boolean): Promise<ConnectionView> {
    if (view.status !== 'ok' || view.name === ENV_CONNECTION) return view;
    if (view.sandbox && !sandboxLive) {
      return { ...view, status: 'sandbox_stopped', statusMessage: sandboxStopped(view.name).message };
    }
    const failed = parseFailedCheck(await this.#store.settings.getSetting(checkSetting(view.name)));
    return failed
      ? {
          ...view,
          status: 'check_failed',
          statusMessage: `The check of ${failed.at} failed: ${failed.message}`,
        }
      : view;
  }

  /**
   * Validates and saves a connection. With `verify` (the default) the credentials are first tried
   * with the connector's cheap read call: a wrong key fails here and nothing is stored.
   */
  async create(
    input: ConnectionInput,
    options: { verify?: boolean; sandbox?: boolean } = {},
  ): Promise<ConnectionView> {
    return this.#operations.change('connection.create', String(input?.name), () =>
      this.#create(input, options),
    );
  }

  async #create(
    input: ConnectionInput,
    options: { verify?: boolean; sandbox?: boolean } = {},
  ): Promise<ConnectionView> {
    const connector = this.#connector(input.connector);
    if (typeof input.name !== 'string' || !NAME_PATTERN.test(input.name) || input.name === ENV_CONNECTION) {
      throw new ValidationError(
        'Invalid parameter "name": use 1 to 63 letters, digits, ".", "_" or "-" (and not "env")',
        { parameter: 'name' },
      );
    }
    if (await this.#store.connections.get(input.name)) throw connectionExists(input.name);
    const connectorOptions = input.options ?? {};
    // Checked before anything is stored: options can never carry or replace a credential.
    connector.parseOptions(connectorOptions);
    refuseUnknownCredentials(connector, input.credentials ?? {});
    const credentials = await verifiedCredentials(
      connector,
      { ...(input.credentials ?? {}) },
      connectorOptions,
      options.verify !== false,
    );
    try {
      const record = await this.#store.connections.create({
        name: input.name,
        connector: connector.id,
        credentials,
        options: connectorOptions,
        sandbox: options.sandbox ?? false,
        isDefault: input.isDefault ?? false,
      });
      return toView(record);
    } catch (error) {
      if (error instanceof ConnectionExistsError) throw connectionExists(input.name);
      throw error;
    }
  }

  /**
   * Replaces a connection's credentials (Reconnect) and clears `needs_reconnect` (an unreadable
   * connection is readable again); `options`, when given, replace the stored ones. Both are checked
   * against the connector's schemas first.
   */
  async replaceCredentials(
    name: string,
    credentials: Record<string, unknown>,
    options?: Record<string, unknown>,
  ): Promise<ConnectionView> {
    return this.#operations.change('connection.update', name, () =>
      this.#replaceCredentials(name, credentials, options),
    );
  }

  async #replaceCredentials(
    name: string,
    credentials: Record<string, unknown>,
    options?: Record<string, unknown>,
  ): Promise<ConnectionView> {
    const existing = await this.#requireStored(name);
    const connector = this.#connector(existing.connector);
    refuseUnknownCredentials(connector, credentials);
    parseWith(connector.credentials, credentials, 'credentials');
    if (options) connector.parseOptions(options);
    const updated = await this.#store.connections.updateCredentials(name, credentials, {
      status: 'ok',
      ...(options ? { options } : {}),
    });
    if (!updated) throw connectionNotFound(name);
    await this.#store.settings.deleteSetting(checkSetting(name));
    await this.#clients.drop(name);
    return toView(updated);
  }

  async remove(name: string): Promise<void> {
    return this.#operations.change('connection.remove', name, () => this.#remove(name));
  }

  async #remove(name: string): Promise<void> {
    if (!(await this.#store.connections.remove(name)))
      throw connectionNotFound(name, await this.#closestConnections(name));
    await this.#store.settings.deleteSetting(checkSetting(name));
    await this.#clients.drop(name);
  }

  async setDefault(name: string): Promise<ConnectionView> {
    return this.#operations.change('connection.default', name, () => this.#setDefault(name));
  }

  async #setDefault(name: string): Promise<ConnectionView> {
    if (!(await this.#store.connections.setDefault(name))) {
      throw connectionNotFound(name, await this.#closestConnections(name));
    }
    return this.get(name);
  }

  /**
   * Checks a connection with the connector's cheap read call. Success clears `needs_reconnect` and a
   * failed check; an `AuthError` sets `needs_reconnect`; any failure is kept (status `check_failed`
   * until a check succeeds) and thrown.
   */
  async test(name: string): Promise<ConnectionView> {
    const record = await this.#requireStored(name);
    try {
      await this.#requireLiveSandbox(record);
      await this.#watch(record, (client) => client.verify());
    } catch (error) {
      const failed: FailedCheck = {
        at: new Date().toISOString(),
        kind:
          typeof (error as { kind?: unknown })?.kind === 'string'
            ? (error as { kind: string }).kind
            : 'internal',
        message: error instanceof Error ? error.message : String(error),
      };
      await this.#store.settings.setSetting(checkSetting(name), JSON.stringify(failed));
      throw error;
    }
    await this.#store.connections.setStatus(name, 'ok');
    await this.#store.settings.deleteSetting(checkSetting(name));
    return this.get(name);
  }

  /** Fails at once, saying how to start it, when a sandbox connection's simulators are not running. */
  async #requireLiveSandbox(record: ConnectionRecord): Promise<void> {
    if (record.sandbox && !(await sandboxRunning(this.#store.settings))) throw sandboxStopped(record.name);
  }

  /**
   * The record a run would use: the named connection, else the default, else the `env` one. A
   * default made by a sandbox that no longer runs gives way to the `env` connection.
   */
  async resolve(connectorId: string, name?: string): Promise<ConnectionRecord> {
    const connector = this.#connector(connectorId);
    if (name === ENV_CONNECTION) {
      const fromEnv = envConnection(connector, this.#env);
      if (!fromEnv) {
        throw new ValidationError(
          `Invalid parameter "connection": no ${connectorId} credentials are set in the environment`,
          { parameter: 'connection' },
        );
      }
      return fromEnv;
    }
    if (name) {
      const record = await this.#store.connections.get(name);
      if (!record) {
        const suggestions = await this.#closestConnections(name, connectorId);
        throw new ValidationError(
          `Invalid parameter "connection": there is no connection named "${name}".${didYouMean(suggestions)}`,
          { parameter: 'connection', details: suggestions.length > 0 ? { suggestions } : undefined },
        );
      }
      if (record.connector !== connectorId) {
        throw new ValidationError(
          `Invalid parameter "connection": "${name}" is a ${record.connector} connection, not ${connectorId}`,
          { parameter: 'connection' },
        );
      }
      return record;
    }
    const stored = await this.#store.connections.getDefault(connectorId);
    const fromEnv = envConnection(connector, this.#env);
    // A sandbox connection points at simulators that live only while their `serve --sandbox` runs:
    // once it has stopped, a default left behind must not hide working credentials in the environment.
    const stale =
      stored?.sandbox === true && fromEnv !== undefined && !(await sandboxRunning(this.#store.settings));
    const found = (stale ? undefined : stored) ?? fromEnv;
    if (!found) {
      throw new ValidationError(
        `Invalid parameter "connection": no ${connectorId} connection yet. Add one with \`c-host connect ${connectorId}\` or set its environment variables.`,
        { parameter: 'connection' },
      );
    }
    return found;
  }

  /**
   * Runs work on a connection's client (a trigger's subscribe, poll or unsubscribe), resolved as a
   * run would resolve it, with the same reconnect handling.
   */
  async withClient<T>(
    connectorId: string,
    name: string | undefined,
    work: (client: ConnectorClient<any>) => Promise<T>,
  ): Promise<T> {
    return this.use(await this.resolve(connectorId, name), work);
  }

  /**
   * Runs work on the client of a resolved connection (a run's, see `Runner`): refused at once when
   * it points at a stopped sandbox (unless `sandbox: false`, for a dry run, which sends nothing),
   * and `needs_reconnect` recorded when the provider refuses its credentials.
   */
  async use<T>(
    record: ConnectionRecord,
    work: (client: ConnectorClient<any>) => Promise<T>,
    options: { sandbox?: boolean } = {},
  ): Promise<T> {
    if (options.sandbox !== false) await this.#requireLiveSandbox(record);
    return this.#watch(record, work);
  }

  /** Closes every cached client (their keep-alive pools). */
  async close(): Promise<void> {
    await this.#clients.close();
  }

  /**
   * Runs work on a connection's client and records `needs_reconnect` when the provider refuses the
   * credentials. Another process sharing the store (a CLI beside a server) may have rotated the
   * tokens meanwhile, spending the refresh token this client holds: then the work is tried once more
   * with the stored credentials before the connection is marked.
   */
  async #watch<T>(record: ConnectionRecord, work: (client: ConnectorClient<any>) => Promise<T>): Promise<T> {
    if (record.status === 'unreadable') throw unreadable(record.name);
    try {
      return await work(this.#clients.client(record));
    } catch (error) {
      if (!AuthError.isInstance(error) || record.name === ENV_CONNECTION) throw error;
      const latest = await this.#store.connections.get(record.name);
      if (latest && latest.updatedAt !== record.updatedAt && latest.status === 'ok') {
        const ownRotation = this.#clients.holds(record.name, `${latest.updatedAt}|${latest.status}`);
        if (!ownRotation) return this.#watch(latest, work);
      }
      await this.#store.connections.setStatus(record.name, 'needs_reconnect');
      if (record.status !== 'needs_reconnect') await this.#operations.needsReconnect(record.name);
      throw error;
    }
  }

  async #requireStored(name: string): Promise<ConnectionRecord> {
    const record = await this.#store.connections.get(name);
    if (!record) throw connectionNotFound(name, await this.#closestConnections(name));
    return record;
  }

  /** Stored connection names close to a mistyped one (of one connector, when given). */
  async #closestConnections(name: string, connectorId?: string): Promise<string[]> {
    const records = await this.#store.connections.list();
    return closestNames(
      name,
      records
        .filter((record) => !connectorId || record.connector === connectorId)
        .map((record) => record.name),
    );
  }

  #connector(id: string): Connector {
    const connector = this.#registry.connector(id);
    if (!connector) {
      throw new ValidationError(
        `Invalid parameter "connector": unknown connector "${id}" (known: ${this.#registry
          .connectors()
          .map((entry) => entry.id)
          .join(', ')})`,
        { parameter: 'connector' },
      );
    }
    return connector;
  }
}
