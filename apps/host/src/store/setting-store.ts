/**
 * The settings role: host settings (the access token's hash, the key record, the sandbox's owner)
 * and short-lived values (a browser session, an OAuth state, a one-time login token, an
 * idempotency key's stored result), the latter sealed at rest like credentials.
 */
export interface SettingStore {
  /** A host setting (e.g. the access token's hash). */
  getSetting(key: string): Promise<string | undefined>;
  setSetting(key: string, value: string): Promise<void>;
  deleteSetting(key: string): Promise<void>;
  /**
   * Keeps a short-lived value under a kind and key until `expiresAt` (epoch ms). Keys are hashes
   * chosen by the caller.
   */
  putEphemeral(kind: string, key: string, value: string, expiresAt: number): Promise<void>;
  /** Reads a live short-lived value; undefined when unknown or expired. */
  getEphemeral(kind: string, key: string): Promise<string | undefined>;
  /** Returns and deletes a short-lived value in one step, so a single-use value works only once. */
  takeEphemeral(kind: string, key: string): Promise<string | undefined>;
}
