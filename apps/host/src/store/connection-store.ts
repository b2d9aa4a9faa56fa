/**
 * Whether a connection works, needs the user to reconnect (revoked grant, refused refresh, bad key),
 * or cannot be read: its credentials were sealed with another secret key (or damaged). `unreadable`
 * is never stored: it is how the row reads under the current key.
 */
export type ConnectionStatus = 'ok' | 'needs_reconnect' | 'unreadable';

/** A stored connection, credentials in clear (the store encrypts them at rest). */
export interface ConnectionRecord {
  name: string;
  connector: string;
  /** Empty when `status` is `unreadable`. */
  credentials: Record<string, unknown>;
  options: Record<string, unknown>;
  isDefault: boolean;
  /** Made by `serve --sandbox`, pointing at a local simulator. */
  sandbox: boolean;
  status: ConnectionStatus;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

/** What `create` needs. */
export interface NewConnection {
  name: string;
  connector: string;
  credentials: Record<string, unknown>;
  options: Record<string, unknown>;
  sandbox?: boolean;
  isDefault?: boolean;
}

/**
 * A changed credentials set, made from the current one inside the store's transaction; or a whole
 * new set, which replaces the current one without reading it (so it also replaces an unreadable one).
 */
export type CredentialsUpdate =
  | ((current: Record<string, unknown>) => Record<string, unknown>)
  | Record<string, unknown>;

/**
 * The connections role: each connection of a connector, its credentials sealed at rest (the store
 * encrypts them before they reach the database and opens them on the way out).
 */
export interface ConnectionStore {
  list(): Promise<ConnectionRecord[]>;
  get(name: string): Promise<ConnectionRecord | undefined>;
  /** The default connection of a connector, if one is marked. */
  getDefault(connector: string): Promise<ConnectionRecord | undefined>;
  /** Creates a connection; throws `ConnectionExistsError` when the name is taken. */
  create(input: NewConnection): Promise<ConnectionRecord>;
  /**
   * Replaces credentials atomically (read, change, write in one transaction: rotated OAuth tokens
   * from concurrent refreshes never interleave), optionally setting the status and options too.
   * Returns undefined when the connection does not exist. A function update of an unreadable
   * connection throws `UnreadableSecretError`; a whole new set replaces it.
   */
  updateCredentials(
    name: string,
    update: CredentialsUpdate,
    changes?: { status?: ConnectionStatus; options?: Record<string, unknown> },
  ): Promise<ConnectionRecord | undefined>;
  setStatus(name: string, status: ConnectionStatus): Promise<void>;
  /** Makes this connection its connector's only default; false when it does not exist. */
  setDefault(name: string): Promise<boolean>;
  /** Removes a connection; false when it did not exist. A removed default passes to the oldest other. */
  remove(name: string): Promise<boolean>;
}

/** A connection name is already in use. */
export class ConnectionExistsError extends Error {
  constructor(readonly connectionName: string) {
    super(`A connection named "${connectionName}" already exists`);
    this.name = 'ConnectionExistsError';
  }
}
