import {
  AuthError,
  type ConcurrencySlots,
  type Connector,
  type ConnectorClient,
  checkIdempotencyKey,
  maskSecret,
  NetworkError,
  NotFoundError,
  type OAuthTokens,
  parseWith,
  type RefreshCoordinator,
  type RunOptions,
  ValidationError,
} from '@c/core';
import { Operations } from '../observability/operations.js';
import type { RegisteredCommand, Registry } from '../registry.js';
import { IdempotencyLedger } from '../run/idempotency.js';
import { sandboxRunning } from '../sandbox/sandbox.js';
import {
  ConnectionExistsError,
  type ConnectionRecord,
  type ConnectionStatus,
} from '../store/connection-store.js';
import type { HostStore } from '../store/host-store.js';
import { closestNames, didYouMean } from '../suggest.js';

/** The name of the implicit connection made from a connector's environment variables. */
export const ENV_CONNECTION = 'env';

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

/** A connection as every surface shows it: secrets only as masked hints. */
export interface ConnectionView {
  name: string;
  connector: string;
  isDefault: boolean;
  sandbox: boolean;
  /**
   * `ok`; `needs_reconnect` when the provider refused the credentials; `unreadable` when the secret
   * key cannot open them; `check_failed` when the last check (`connections test`, Test) failed for
   * another reason, until a check succeeds or the credentials are replaced; `sandbox_stopped` for a
   * sandbox connection while no `serve --sandbox` (or `mcp --sandbox`) runs its simulators.
   */
  status: ConnectionViewStatus;
  /** Why the status is not `ok`, in a sentence, for `check_failed` and `sandbox_stopped`. */
  statusMessage?: string;
  /** Each credential as a hint such as `sk_test_…4242`; never the value. Empty when `unreadable`. */
  credentialHints: Record<string, string>;
  options: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** The status every surface shows: the stored one, or what the last check and the sandbox say. */
export type ConnectionViewStatus = ConnectionStatus | 'check_failed' | 'sandbox_stopped';

/** The setting that keeps a connection's last failed check (deleted when a check succeeds). */
const checkSetting = (name: string) => `connection_check:${name}`;

/** A failed check, as kept in the store's settings. */
interface FailedCheck {
  at: string;
  kind: string;
  message: string;
}

/** What saving a connection takes (the body of `POST /api/connections`). */
export interface ConnectionInput {
  name: string;
  connector: string;
  credentials: Record<string, unknown>;
  options?: Record<string, unknown> | undefined;
  isDefault?: boolean | undefined;
}

/** Options of `ConnectionManager.run`. */
export interface ManagedRunOptions extends RunOptions {
  /** The connection's name; the connector's default (or its `env` connection) when absent. */
  connection?: string | undefined;
  /**
   * Called when `idempotencyKey` was used before for this same call, so the result is the first
   * run's (stored by the host) and nothing was sent; with when that run was.
   */
  onReplay?: ((firstRunAt: string) => void) | undefined;
}

/** The masked form of a credentials object. */
export function credentialHints(credentials: Record<string, unknown>): Record<string, string> {
  const hints: Record<string, string> = {};
  for (const [key, value] of Object.entries(credentials)) {
    if (typeof value === 'string' && value.length > 0) hints[key] = maskSecret(value);
  }
  return hints;
}

/** A connection record without its secrets. */
export function toView(record: ConnectionRecord): ConnectionView {
  return {
    name: record.name,
    connector: record.connector,
    isDefault: record.isDefault,
    sandbox: record.sandbox,
    status: record.status,
    credentialHints: credentialHints(record.credentials),
    options: record.options,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** The connection a connector's environment variables describe, if any credential is set. */
export function envConnection(connector: Connector, env: NodeJS.ProcessEnv): ConnectionRecord | undefined {
  const credentials: Record<string, unknown> = {};
  const options: Record<string, unknown> = {};
  for (const [variable, target] of Object.entries(connector.env ?? {})) {
    const value = env[variable];
    if (value === undefined || value === '') continue;
    if (target.startsWith('credentials.')) credentials[target.slice('credentials.'.length)] = value;
    else options[target] = value;
  }
  if (Object.keys(credentials).length === 0) return undefined;
  const epoch = new Date(0).toISOString();
  return {
    name: ENV_CONNECTION,
    connector: connector.id,
    credentials,
    options,
    isDefault: false,
    sandbox: false,
    status: 'ok',
    createdAt: epoch,
    updatedAt: epoch,
  };
}

interface CachedClient {
  client: ConnectorClient<any>;
  /** The record version the client was built from; a newer one (another process rotated tokens) rebuilds it. */
  version: string;
}

/**
 * The store's roles connections use: the connections, settings (failed checks, the sandbox's
 * owner), locks and slots (token refreshes, concurrency budgets), and the audit log.
 */
export type ConnectionRoles = Pick<HostStore, 'connections' | 'settings' | 'locks' | 'audit'>;

/**
 * Connections over a store: resolution (named, default, or from the environment), one client per
 * connection kept for reuse, rotated OAuth tokens written back atomically, and `needs_reconnect`
 * set when the provider refuses the credentials.
 */
export class ConnectionManager {
  readonly #registry: Registry;
  readonly #store: ConnectionRoles;
  readonly #env: NodeJS.ProcessEnv;
  readonly #clients = new Map<string, CachedClient>();

  readonly #ledger: IdempotencyLedger;
  readonly #operations: Operations;

  constructor(options: { registry: Registry; store: ConnectionRoles; env?: NodeJS.ProcessEnv }) {
    this.#registry = options.registry;
    this.#store = options.store;
    this.#env = options.env ?? process.env;
    this.#ledger = new IdempotencyLedger(options.store);
    this.#operations = new Operations(options.store.audit);
  }

  /** Where logs, traces, metrics and the audit log hear of runs and connection changes. */
  get operations(): Operations {
    return this.#operations;
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
    let credentials: Record<string, unknown> = { ...(input.credentials ?? {}) };
    const connectorOptions = input.options ?? {};
    // Checked before anything is stored: options can never carry or replace a credential.
    connector.parseOptions(connectorOptions);
    // Verifying may refresh an expired OAuth token and rotate the refresh token: keep what it hands
    // back, or the stored refresh token would already be spent.
    const client = connector.connect({
      ...connectorOptions,
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
      if (options.verify !== false) await client.verify();
    } finally {
      await client.close();
    }
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
    parseWith(connector.credentials, credentials, 'credentials');
    if (options) connector.parseOptions(options);
    const updated = await this.#store.connections.updateCredentials(name, credentials, {
      status: 'ok',
      ...(options ? { options } : {}),
    });
    if (!updated) throw connectionNotFound(name);
    await this.#store.settings.deleteSetting(checkSetting(name));
    await this.#drop(name);
    return toView(updated);
  }

  async remove(name: string): Promise<void> {
    return this.#operations.change('connection.remove', name, () => this.#remove(name));
  }

  async #remove(name: string): Promise<void> {
    if (!(await this.#store.connections.remove(name)))
      throw connectionNotFound(name, await this.#closestConnections(name));
    await this.#store.settings.deleteSetting(checkSetting(name));
    await this.#drop(name);
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
   * Runs a command (its registry entry, or its qualified id) on a connection. The input is parsed
   * here, once: that parsed input is what runs and what an idempotency record is bound to. With
   * `idempotencyKey` (write commands only) the host keeps the first result for 24 hours in its
   * store: a repeat of the same call returns it and sends nothing, the same key for another call is
   * a `ValidationError` (see `IdempotencyLedger`). With `dryRun` it returns the requests the run
   * would send and sends nothing.
   */
  async run(
    command: RegisteredCommand | string,
    input: unknown,
    options: ManagedRunOptions = {},
  ): Promise<unknown> {
    // A surface that looked the command up (to answer 404, to read its schema) hands the entry over.
    const entry = typeof command === 'string' ? this.#registry.require(command) : command;
    // Validate first: bad input fails the same way whether or not a connection exists.
    const parsed = entry.command.parse(input);
    const key = checkIdempotencyKey(options.idempotencyKey, !entry.command.annotations.readOnly, entry.id);
    const record = await this.resolve(entry.connectorId, options.connection);
    const runOptions: RunOptions = {
      signal: options.signal,
      onProgress: options.onProgress,
      timeoutMs: options.timeoutMs,
      idempotencyKey: key,
      dryRun: options.dryRun,
    };
    const observed = this.#operations.startRun({
      command: entry.id,
      connector: entry.connectorId,
      connection: record.name,
      write: !entry.command.annotations.readOnly,
      dryRun: options.dryRun === true,
    });
    runOptions.observer = observed.observer;
    const execute = async () => {
      if (!options.dryRun) await this.#requireLiveSandbox(record);
      return this.#watch(record, (client) => client.runParsed(entry.command, parsed, runOptions));
    };
    if (key === undefined || options.dryRun) return observed.finish(execute());
    return observed.finish(
      this.#ledger.run({ key, command: entry.id, connection: record.name, input: parsed }, execute, {
        signal: options.signal,
        onReplay: (firstRunAt) => {
          observed.replayed();
          options.onReplay?.(firstRunAt);
        },
      }),
    );
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
    const record = await this.resolve(connectorId, name);
    await this.#requireLiveSandbox(record);
    return this.#watch(record, work);
  }

  /** Closes every cached client (their keep-alive pools). */
  async close(): Promise<void> {
    const cached = [...this.#clients.values()];
    this.#clients.clear();
    await Promise.all(cached.map((entry) => entry.client.close()));
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
      return await work(this.#client(record));
    } catch (error) {
      if (!AuthError.isInstance(error) || record.name === ENV_CONNECTION) throw error;
      const latest = await this.#store.connections.get(record.name);
      if (latest && latest.updatedAt !== record.updatedAt && latest.status === 'ok') {
        const cached = this.#clients.get(record.name);
        const ownRotation = cached && cached.version === `${latest.updatedAt}|${latest.status}`;
        if (!ownRotation) return this.#watch(latest, work);
      }
      await this.#store.connections.setStatus(record.name, 'needs_reconnect');
      if (record.status !== 'needs_reconnect') await this.#operations.needsReconnect(record.name);
      throw error;
    }
  }

  #client(record: ConnectionRecord): ConnectorClient<any> {
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
    const connector = this.#connector(record.connector);
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
      this.#store.locks.withLock(`oauth-refresh:${name}`, async () => {
        const latest = await this.#store.connections.get(name);
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
      const release = await this.#store.locks.acquireSlot(`budget:${key}:${scope}`, limit, { signal });
      // A release that fails (the database briefly away) leaves the slot to expire with its lease.
      return () => void release().catch(() => {});
    };
  }

  async #saveTokens(name: string, tokens: OAuthTokens): Promise<void> {
    this.#operations.refreshed(name);
    const updated = await this.#store.connections.updateCredentials(name, (current) => ({
      ...current,
      accessToken: tokens.accessToken,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      expiresAt: tokens.expiresAt,
    }));
    // The client already holds these tokens: keep it rather than rebuilding it for its own rotation.
    const cached = this.#clients.get(name);
    if (updated && cached) cached.version = `${updated.updatedAt}|${updated.status}`;
  }

  async #drop(name: string): Promise<void> {
    const cached = this.#clients.get(name);
    this.#clients.delete(name);
    await cached?.client.close();
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

/** A connection whose credentials the current secret key cannot open. */
function unreadable(name: string): AuthError {
  return new AuthError(
    `The credentials of connection "${name}" cannot be decrypted with the current secret key (C_HOST_SECRET_KEY or secret.key): they were sealed with another key. Supply that key, or reconnect "${name}" to replace them.`,
    { details: { connection: name, unreadable: true } },
  );
}

/**
 * A run or check on a sandbox connection while its simulators are stopped: nothing was sent (a
 * `NetworkError`, safe to repeat once the sandbox runs), and the message says how to start it.
 */
function sandboxStopped(name: string): NetworkError {
  return new NetworkError(
    `The sandbox is not running: connection "${name}" points at a local simulator that runs only while \`c-host serve --sandbox\` (or \`c-host mcp --sandbox\`) does. Start it and try again.`,
    // Not worth retrying as it is: nothing changes until someone starts the sandbox.
    { retryable: false, details: { connection: name, sandboxStopped: true } },
  );
}

function parseFailedCheck(value: string | undefined): FailedCheck | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<FailedCheck>;
    return typeof parsed.at === 'string' && typeof parsed.message === 'string'
      ? { at: parsed.at, kind: String(parsed.kind ?? 'internal'), message: parsed.message }
      : undefined;
  } catch {
    return undefined;
  }
}

function connectionNotFound(name: string, suggestions: string[] = []): NotFoundError {
  return new NotFoundError(`There is no connection named "${name}".${didYouMean(suggestions)}`, {
    details: { connection: name, ...(suggestions.length > 0 ? { suggestions } : {}) },
  });
}

/** A taken name: a `ValidationError` on `name`, marked so HTTP answers 409. */
function connectionExists(name: string): ValidationError {
  return new ValidationError(`Invalid parameter "name": a connection named "${name}" already exists`, {
    parameter: 'name',
    details: { conflict: true },
  });
}
