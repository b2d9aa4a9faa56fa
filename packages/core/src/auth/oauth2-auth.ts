import { AuthError } from '../errors/auth-error.js';
import { ConnectorError } from '../errors/connector-error.js';
import { ProviderError } from '../errors/provider-error.js';
import { Secret } from '../redact.js';
import type { AuthStrategy, AuthTransport } from './auth-strategy.js';

/** A token set as stored by a connection. `expiresAt` is epoch milliseconds. */
export interface OAuthTokens {
  accessToken: string;
  refreshToken?: string | undefined;
  expiresAt?: number | undefined;
}

/**
 * Makes token refresh single-flight across processes that share one stored connection (a host's CLI
 * beside its server, or several server instances on one database). It takes a lock shared by all of
 * them, reads the tokens stored for the connection, calls `refresh` with them (undefined when none
 * are stored) while holding the lock, and releases the lock once `refresh` settles, passing on its
 * outcome. `refresh` adopts stored tokens that another process already rotated, asking the provider
 * only when those have expired too; a provider refresh awaits `onTokens` before it resolves, so a
 * rotated refresh token is stored before the lock is released and anyone else can use it.
 */
export type RefreshCoordinator = (
  refresh: (stored: OAuthTokens | undefined) => Promise<void>,
) => Promise<void>;

/** Options of `oauth2Auth`. */
export interface OAuth2AuthOptions extends OAuthTokens {
  /** Needed to refresh; without them an expired token is an `AuthError`. */
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /** The client's base-URL name that holds the token endpoint (default `token`). */
  tokenApi?: string;
  /** Refresh this long before `expiresAt` (default 60 s). */
  skewMs?: number;
  /** Receives every new token set (with a rotated refresh token) so a store can persist it. */
  onTokens?: ((tokens: OAuthTokens) => void | Promise<void>) | undefined;
  /** A host's cross-process refresh lock; without it refresh is single-flight within this strategy. */
  coordinateRefresh?: RefreshCoordinator | undefined;
  /** Who to name in messages, e.g. "Google". */
  provider?: string;
  now?: () => number;
}

/** OAuth error codes (RFC 6749 §5.2) that mean the grant or client is no longer valid. */
const GRANT_ERRORS = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

/**
 * OAuth 2.0 bearer tokens with refresh: before a call when the token has expired, and once after a
 * 401. Refresh is single-flight: concurrent calls share one token request, and with
 * `coordinateRefresh` so do other processes. A refused refresh (`invalid_grant`) is an `AuthError`
 * telling the user to reconnect.
 */
export function oauth2Auth(options: OAuth2AuthOptions): AuthStrategy & { tokens(): OAuthTokens } {
  const provider = options.provider ?? 'The provider';
  const now = options.now ?? Date.now;
  const skew = options.skewMs ?? 60_000;
  const clientSecret = options.clientSecret ? new Secret(options.clientSecret) : undefined;
  let access = new Secret(options.accessToken);
  let refresh = options.refreshToken ? new Secret(options.refreshToken) : undefined;
  let expiresAt = options.expiresAt;
  let transport: AuthTransport | undefined;
  const refreshing = singleFlight(() => doRefresh());

  const expired = () => expiresAt !== undefined && now() >= expiresAt - skew;

  /** Refreshes under the host's lock when there is one, after adopting what another process stored. */
  async function doRefresh(): Promise<void> {
    if (!options.coordinateRefresh) return refreshAtProvider();
    const held = currentTokens();
    await options.coordinateRefresh(async (stored) => {
      if (stored && (stored.accessToken !== held.accessToken || stored.refreshToken !== held.refreshToken)) {
        // Another process refreshed first: its refresh token is the live one (ours is spent).
        access = new Secret(stored.accessToken);
        refresh = stored.refreshToken ? new Secret(stored.refreshToken) : undefined;
        expiresAt = stored.expiresAt;
        if (!expired()) return;
      }
      await refreshAtProvider();
    });
  }

  async function refreshAtProvider(): Promise<void> {
    if (!refresh || !options.clientId || !transport) {
      throw new AuthError(
        `${provider} access token has expired and cannot be refreshed here. Reconnect the account.`,
      );
    }
    const body = await requestTokens(transport, options, refresh, clientSecret, provider);
    if (!body || typeof body.access_token !== 'string') {
      throw new ProviderError(`${provider} token endpoint answered without an access_token`);
    }
    // The old values stay registered for redaction: they may still appear in a late log line.
    access = new Secret(body.access_token);
    if (body.refresh_token) refresh = new Secret(body.refresh_token);
    expiresAt = typeof body.expires_in === 'number' ? now() + body.expires_in * 1000 : undefined;
    await options.onTokens?.(currentTokens());
  }

  function currentTokens(): OAuthTokens {
    return { accessToken: access.reveal(), refreshToken: refresh?.reveal(), expiresAt };
  }

  return {
    attach(given) {
      transport = given;
    },
    headers(signal) {
      // A valid token answers at once: no promise on every call, only when a refresh is awaited.
      if (!refreshing.pending() && !expired()) return { authorization: `Bearer ${access.reveal()}` };
      return refreshing.join(signal).then(() => ({
        authorization: `Bearer ${access.reveal()}`,
      }));
    },
    async handleUnauthorized(sent, signal) {
      if (!refresh || !options.clientId) return false;
      // Another call may have refreshed while this one was in flight: then just try again.
      if (sent.authorization !== `Bearer ${access.reveal()}`) return true;
      await refreshing.join(signal);
      return true;
    },
    tokens: currentTokens,
    dispose() {
      access.dispose();
      refresh?.dispose();
      clientSecret?.dispose();
    },
  };
}

/**
 * Asks the token endpoint for a new token set. A refused grant (RFC 6749 §5.2) or a bare 400 is an
 * `AuthError` telling the user to reconnect; a 429 or 5xx stays transient.
 */
async function requestTokens(
  transport: AuthTransport,
  options: OAuth2AuthOptions,
  refresh: Secret,
  clientSecret: Secret | undefined,
  provider: string,
): Promise<TokenResponse> {
  try {
    const response = await transport.request<TokenResponse>({
      api: options.tokenApi ?? 'token',
      method: 'POST',
      path: '',
      auth: false,
      form: {
        grant_type: 'refresh_token',
        refresh_token: refresh.reveal(),
        client_id: options.clientId,
        client_secret: clientSecret?.reveal(),
      },
      responseType: 'json',
      parseError: (response) => {
        const error = response.body as TokenResponse | undefined;
        // Only these OAuth errors mean the grant itself is gone; a 429 or 5xx is transient.
        if (!error?.error || !GRANT_ERRORS.has(error.error)) return undefined;
        return new AuthError(
          `${provider} refused to refresh the access token (${error.error}). The grant was revoked or has expired: reconnect the account.`,
          { status: response.status, providerCode: error.error, providerMessage: error.error_description },
        );
      },
    });
    return response.data;
  } catch (error) {
    if (ConnectorError.isInstance(error) && error.status === 400 && !AuthError.isInstance(error)) {
      // A 400 without a recognised OAuth error code: the refresh request itself was refused.
      throw new AuthError(
        `${provider} refused to refresh the access token (${error.providerCode ?? error.status}). Reconnect the account.`,
        { status: error.status, providerCode: error.providerCode, providerMessage: error.providerMessage },
      );
    }
    throw error;
  }
}

/**
 * One run shared by every caller until it settles. It runs without any caller's signal (one caller
 * giving up must not fail the others); each caller waits on it racing its own signal.
 */
function singleFlight(run: () => Promise<void>) {
  let inflight: Promise<void> | undefined;
  return {
    pending: () => inflight !== undefined,
    join(signal?: AbortSignal): Promise<void> {
      inflight ??= run().finally(() => {
        inflight = undefined;
      });
      return raceSignal(inflight, signal);
    },
  };
}

function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
