import { createHash, randomBytes } from 'node:crypto';
import { type Connector, HttpClient, lazySchema, ValidationError, zod } from '@c/core';
import { sha256 } from '../access.js';
import type { Registry } from '../registry.js';
import type { HostStore } from '../store/host-store.js';
import type { ConnectionManager, ConnectionView } from './connection-manager.js';

const STATE_TTL_MS = 10 * 60 * 1000;

/** An OAuth client registered with a provider, and where that provider lives. */
export interface OAuthClientConfig {
  clientId: string;
  clientSecret?: string | undefined;
  authorizationUrl: string;
  tokenUrl: string;
  scopes: string[];
  authorizationParams?: Record<string, string> | undefined;
  /** Options of connections made by Connect (the sandbox points them at its simulator). */
  connectionOptions?: Record<string, unknown> | undefined;
  /** Connections made by Connect are sandbox connections. */
  sandbox?: boolean | undefined;
}

/** What a pending authorization remembers between start and callback. */
interface PendingAuthorization {
  connector: string;
  connection: string;
  verifier: string;
  binding: string;
  redirectUri: string;
}

/**
 * The OAuth client of a connector from the environment: `C_<ID>_OAUTH_CLIENT_ID`, `_CLIENT_SECRET`,
 * and optionally `_AUTHORIZATION_URL`, `_TOKEN_URL`, `_SCOPES` (space separated) over the
 * connector's own provider URLs.
 */
export function oauthConfigFromEnv(
  connector: Connector,
  env: NodeJS.ProcessEnv,
): OAuthClientConfig | undefined {
  if (connector.auth.type !== 'oauth2') return undefined;
  const prefix = `C_${connector.id.toUpperCase()}_OAUTH_`;
  const clientId = env[`${prefix}CLIENT_ID`];
  if (!clientId) return undefined;
  const scopes = env[`${prefix}SCOPES`];
  return {
    clientId,
    clientSecret: env[`${prefix}CLIENT_SECRET`] || undefined,
    authorizationUrl: env[`${prefix}AUTHORIZATION_URL`] || connector.auth.authorizationUrl,
    tokenUrl: env[`${prefix}TOKEN_URL`] || connector.auth.tokenUrl,
    scopes: scopes ? scopes.split(/[\s,]+/).filter(Boolean) : connector.auth.scopes,
    authorizationParams: connector.auth.authorizationParams,
  };
}

/** The property names a JSON Schema object (or a union of objects) allows. */
function schemaKeys(schema: unknown): Set<string> {
  const keys = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    if (object.properties && typeof object.properties === 'object') {
      for (const key of Object.keys(object.properties)) keys.add(key);
    }
    for (const branch of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(object[branch])) for (const item of object[branch]) visit(item);
    }
  };
  visit(schema);
  return keys;
}

const tokenResponse = lazySchema((z) =>
  z.object({
    access_token: z.string().min(1),
    refresh_token: z.string().optional(),
    expires_in: z.coerce.number().optional(),
  }),
);

/** The fields of a token endpoint's answer that Connect keeps. */
interface TokenResponse {
  access_token: string;
  refresh_token?: string | undefined;
  expires_in?: number | undefined;
}

/** Why a callback was refused; shown on the callback page and posted to the opener. */
export class OAuthCallbackError extends Error {
  constructor(
    message: string,
    readonly connection?: string,
  ) {
    super(message);
    this.name = 'OAuthCallbackError';
  }
}

/**
 * Connect and Reconnect for OAuth connectors: the authorization-code flow with PKCE (S256) and a
 * single-use `state` bound to the browser that started it. Tokens land in the connection store;
 * refreshing them later is core's job (`oauth2Auth`), which hands rotations back to the store.
 */
export class OAuthFlow {
  readonly #registry: Registry;
  readonly #connections: ConnectionManager;
  /** Connections (to know a reconnect from a connect) and short-lived values (each flow's state). */
  readonly #store: Pick<HostStore, 'connections' | 'settings'>;
  readonly #configs = new Map<string, OAuthClientConfig>();

  constructor(options: {
    registry: Registry;
    connections: ConnectionManager;
    store: Pick<HostStore, 'connections' | 'settings'>;
    env?: NodeJS.ProcessEnv;
  }) {
    this.#registry = options.registry;
    this.#connections = options.connections;
    this.#store = options.store;
    const env = options.env ?? process.env;
    for (const connector of this.#registry.connectors()) {
      const config = oauthConfigFromEnv(connector, env);
      if (config) this.#configs.set(connector.id, config);
    }
  }

  /** Sets (or replaces) a connector's OAuth client, e.g. the sandbox simulator's. */
  configure(connectorId: string, config: OAuthClientConfig): void {
    this.#configs.set(connectorId, config);
  }

  /** The connectors Connect can run for. */
  configured(): string[] {
    return [...this.#configs.keys()];
  }

  /**
   * Begins Connect (or Reconnect, when the connection exists) and returns the provider's
   * authorization URL. `binding` is a secret held by the browser (a cookie) that the callback must
   * present again.
   */
  async start(input: {
    connector: string;
    connection: string;
    redirectUri: string;
    binding: string;
  }): Promise<string> {
    const config = this.#config(input.connector);
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(input.connection) || input.connection === 'env') {
      throw new ValidationError(
        'Invalid parameter "connection": use 1 to 63 letters, digits, ".", "_" or "-"',
        {
          parameter: 'connection',
        },
      );
    }
    const existing = await this.#store.connections.get(input.connection);
    if (existing && existing.connector !== input.connector) {
      throw new ValidationError(
        `Invalid parameter "connection": "${input.connection}" is a ${existing.connector} connection`,
        { parameter: 'connection' },
      );
    }
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    const pending: PendingAuthorization = {
      connector: input.connector,
      connection: input.connection,
      verifier,
      binding: sha256(input.binding),
      redirectUri: input.redirectUri,
    };
    await this.#store.settings.putEphemeral(
      'oauth_state',
      sha256(state),
      JSON.stringify(pending),
      Date.now() + STATE_TTL_MS,
    );
    const url = new URL(config.authorizationUrl);
    const params: Record<string, string> = {
      ...config.authorizationParams,
      response_type: 'code',
      client_id: config.clientId,
      redirect_uri: input.redirectUri,
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    };
    if (config.scopes.length > 0) params.scope = config.scopes.join(' ');
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  /**
   * Finishes the flow: the state must be known, unused, unexpired and presented by the same browser;
   * then the code is exchanged (with the PKCE verifier) and the tokens saved.
   */
  async complete(input: {
    state: string | undefined;
    code: string | undefined;
    binding: string | undefined;
    error?: string | undefined;
  }): Promise<ConnectionView> {
    const raw = input.state
      ? await this.#store.settings.takeEphemeral('oauth_state', sha256(input.state))
      : undefined;
    if (!raw) {
      throw new OAuthCallbackError(
        'This sign-in link is unknown, expired or already used. Start Connect again.',
      );
    }
    const pending = JSON.parse(raw) as PendingAuthorization;
    if (!input.binding || sha256(input.binding) !== pending.binding) {
      throw new OAuthCallbackError(
        'This sign-in was started in another browser session. Start Connect again here.',
        pending.connection,
      );
    }
    if (input.error) {
      throw new OAuthCallbackError(`The provider did not grant access (${input.error}).`, pending.connection);
    }
    if (!input.code)
      throw new OAuthCallbackError('The provider sent no authorization code.', pending.connection);
    const config = this.#config(pending.connector);
    const connector = this.#registry.connector(pending.connector)!;
    const tokens = await this.#exchange(connector, config, pending, input.code);
    const credentials = this.#credentials(connector, config, tokens);
    const existing = (await this.#store.connections.get(pending.connection)) !== undefined;
    if (existing) return this.#connections.replaceCredentials(pending.connection, credentials);
    return this.#connections.create(
      {
        name: pending.connection,
        connector: connector.id,
        credentials,
        options: this.#options(connector, config),
      },
      { verify: false, sandbox: config.sandbox ?? false },
    );
  }

  async #exchange(
    connector: Connector,
    config: OAuthClientConfig,
    pending: PendingAuthorization,
    code: string,
  ): Promise<TokenResponse> {
    const http = new HttpClient({
      provider: connector.title,
      baseUrls: { token: config.tokenUrl },
      // An authorization code works once: a retry after an unknown outcome could only fail.
      retry: { maxRetries: 0 },
    });
    try {
      const response = await http.request({
        api: 'token',
        method: 'POST',
        path: '',
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: pending.redirectUri,
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code_verifier: pending.verifier,
        },
        responseType: 'json',
      });
      const parsed = tokenResponse().safeParse(response.data);
      if (!parsed.success) {
        throw new OAuthCallbackError('The provider answered without an access token.', pending.connection);
      }
      return parsed.data;
    } finally {
      await http.close();
    }
  }

  /** Builds the connector's credentials from a token response, with the client where refresh needs it. */
  #credentials(
    connector: Connector,
    config: OAuthClientConfig,
    tokens: TokenResponse,
  ): Record<string, unknown> {
    const keys = schemaKeys(
      zod().toJSONSchema(connector.credentials, { io: 'input', unrepresentable: 'any' }),
    );
    const credentials: Record<string, unknown> = { accessToken: tokens.access_token };
    if (tokens.refresh_token) credentials.refreshToken = tokens.refresh_token;
    if (tokens.expires_in !== undefined && keys.has('expiresAt')) {
      credentials.expiresAt = Date.now() + tokens.expires_in * 1000;
    }
    if (keys.has('clientId')) credentials.clientId = config.clientId;
    if (keys.has('clientSecret') && config.clientSecret) credentials.clientSecret = config.clientSecret;
    return credentials;
  }

  #options(connector: Connector, config: OAuthClientConfig): Record<string, unknown> {
    const options: Record<string, unknown> = { ...config.connectionOptions };
    if ('tokenUrl' in connector.options.shape && connector.auth.type === 'oauth2') {
      if (config.tokenUrl !== connector.auth.tokenUrl) options.tokenUrl = config.tokenUrl;
    }
    return options;
  }

  #config(connectorId: string): OAuthClientConfig {
    const connector = this.#registry.connector(connectorId);
    if (connector?.auth.type !== 'oauth2') {
      throw new ValidationError(`Invalid parameter "connector": ${connectorId} does not connect with OAuth`, {
        parameter: 'connector',
      });
    }
    const config = this.#configs.get(connectorId);
    if (!config) {
      const prefix = `C_${connectorId.toUpperCase()}_OAUTH_`;
      throw new ValidationError(
        `Invalid parameter "connector": OAuth is not configured for ${connectorId}. Set ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET (or run \`c-host serve --sandbox\`).`,
        { parameter: 'connector' },
      );
    }
    return config;
  }
}
