import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HostStore } from './store/host-store.js';

const TOKEN_HASH_SETTING = 'access_token_sha256';
const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
const LOGIN_TTL_MS = 10 * 60 * 1000;

/** SHA-256 in hex; tokens are 256-bit random values, so a plain hash is the right tool. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A URL-safe random token of 32 bytes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The host's access token, browser sessions and one-time login links. The token comes from
 * configuration (`C_HOST_TOKEN`, never stored) or is generated once, shown once and kept only as a
 * hash. Sessions and login links are random values whose hashes live in the store, so several host
 * instances sharing one store accept each other's sessions. Each belongs to the token generation it
 * was made under: a new token (`c-host token`, or another `C_HOST_TOKEN`) ends them all at once, on
 * every instance.
 */
export class AccessControl {
  readonly #store: Pick<HostStore, 'settings' | 'locks'>;
  readonly #explicitHash: string | undefined;

  constructor(store: Pick<HostStore, 'settings' | 'locks'>, options: { token?: string | undefined } = {}) {
    this.#store = store;
    this.#explicitHash = options.token ? sha256(options.token) : undefined;
  }

  /** Whether the token was set explicitly (required before binding a non-loopback address). */
  get explicit(): boolean {
    return this.#explicitHash !== undefined;
  }

  /**
   * Loads the token's hash; generates a token on first start and returns it (once: only its hash is
   * kept). Returns undefined when a token already exists.
   */
  async init(): Promise<string | undefined> {
    if (this.#explicitHash || (await this.#store.settings.getSetting(TOKEN_HASH_SETTING))) return undefined;
    // Instances of a fleet starting at once on an empty database: one of them makes the token.
    return this.#store.locks.withLock('access-token-init', async () =>
      (await this.#store.settings.getSetting(TOKEN_HASH_SETTING)) ? undefined : this.rotate(),
    );
  }

  /**
   * Makes a new access token, replacing the stored one (running servers see it at once), and returns
   * it. Every browser session and sign-in link made before stops working.
   */
  async rotate(): Promise<string> {
    const token = randomToken();
    await this.#store.settings.setSetting(TOKEN_HASH_SETTING, sha256(token));
    return token;
  }

  /** True when the token is the host's access token. */
  async checkToken(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    // Read on every check, so a rotation by `c-host token` or another instance applies at once.
    const hash = this.#explicitHash ?? (await this.#store.settings.getSetting(TOKEN_HASH_SETTING));
    return hash !== undefined && sameHash(sha256(token), hash);
  }

  /**
   * Names the token in force and every rotation: the explicit token's hash and the stored one's.
   * A rotation changes the stored hash even while `C_HOST_TOKEN` is set, so it always ends sessions.
   */
  async #generation(): Promise<string> {
    return sha256(
      `${this.#explicitHash ?? ''}|${(await this.#store.settings.getSetting(TOKEN_HASH_SETTING)) ?? ''}`,
    );
  }

  /** Whether a session or sign-in link value belongs to the current token generation. */
  async #current(value: string | undefined): Promise<boolean> {
    return value !== undefined && sameHash(value, await this.#generation());
  }

  /** Starts a browser session under the current token; returns the cookie value. */
  async createSession(): Promise<string> {
    const id = randomToken();
    await this.#store.settings.putEphemeral(
      'session',
      sha256(id),
      await this.#generation(),
      Date.now() + SESSION_TTL_MS,
    );
    return id;
  }

  /** True for a live session made under the token in force now. */
  async checkSession(id: string | undefined): Promise<boolean> {
    if (!id) return false;
    return this.#current(await this.#store.settings.getEphemeral('session', sha256(id)));
  }

  /** Ends one session (signing out). */
  async endSession(id: string | undefined): Promise<void> {
    if (id) await this.#store.settings.takeEphemeral('session', sha256(id));
  }

  /** A one-time login token for a link like `/auth?token=…` (valid 10 minutes, once). */
  async createLoginToken(): Promise<string> {
    const token = randomToken();
    await this.#store.settings.putEphemeral(
      'login',
      sha256(token),
      await this.#generation(),
      Date.now() + LOGIN_TTL_MS,
    );
    return token;
  }

  /** Consumes a one-time login token; true when it was valid and made under the token in force. */
  async redeemLoginToken(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    return this.#current(await this.#store.settings.takeEphemeral('login', sha256(token)));
  }
}
