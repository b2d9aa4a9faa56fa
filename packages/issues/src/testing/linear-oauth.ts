import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpResponse, http, type RequestHandler } from 'msw';

/** A registered OAuth application. */
export interface LinearOAuthClient {
  clientId: string;
  clientSecret: string;
  name: string;
  /** Allowed redirect URIs; any http(s) URI when empty (a sandbox convenience). */
  redirectUris: string[];
}

/** A JSON snapshot of a `LinearOAuth` (see `LinearOAuth.export`). */
export interface LinearOAuthSnapshot {
  clients: LinearOAuthClient[];
  grants: LinearOAuthGrant[];
  /** Access token, index of its grant in `grants`, expiry (epoch milliseconds). */
  accessTokens: [string, number, number][];
  usedRefreshTokens: string[];
}

/** One authorization: the tokens it issued and what they may do. */
export interface LinearOAuthGrant {
  clientId: string;
  userId: string;
  scopes: string[];
  accessToken: string;
  /** Epoch milliseconds. */
  accessExpiresAt: number;
  refreshToken: string;
  /** Granted through PKCE, so the client may refresh without its secret. */
  pkce: boolean;
  revoked: boolean;
}

/** The token endpoint's answer. */
export interface LinearTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token: string;
}

interface PendingCode {
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | undefined;
  expiresAt: number;
  grant?: LinearOAuthGrant;
}

/** Scopes Linear's authorization endpoint accepts. */
export const LINEAR_SCOPES = [
  'read',
  'write',
  'issues:create',
  'comments:create',
  'timeSchedule:write',
  'admin',
];
/** Linear's access tokens live 24 hours. */
export const ACCESS_TOKEN_TTL_SECONDS = 86_399;

const CODE_TTL_MS = 10 * 60_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function oauthError(status: number, error: string, description: string): Response {
  return HttpResponse.json({ error, error_description: description }, { status });
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Linear's scope list is comma-separated (`read,write`); spaces are accepted too. */
export function parseScopes(raw: string | null): string[] {
  return [...new Set((raw ?? 'read').split(/[\s,]+/).filter(Boolean))];
}

/**
 * Linear's OAuth 2.0 server, for the sandbox, as Linear documents it
 * (linear.app/developers/oauth-2-0-authentication): an authorization page with Approve and Deny,
 * authorization codes bound to the redirect URI and (when sent) a PKCE S256 challenge, 24-hour
 * access tokens (`expires_in: 86399`, `scope` space-separated), refresh tokens that rotate (every
 * refresh answers a new access token and a new refresh token; the used refresh token is refused
 * afterwards), client authentication by HTTP Basic or form fields (a PKCE grant refreshes with the
 * client id alone), and revocation of a grant by either of its tokens.
 */
export class LinearOAuth {
  readonly clients = new Map<string, LinearOAuthClient>();
  readonly #codes = new Map<string, PendingCode>();
  /** Every access token issued, with its own expiry: a rotated one stays valid until it expires. */
  readonly #byAccess = new Map<string, { grant: LinearOAuthGrant; expiresAt: number }>();
  readonly #byRefresh = new Map<string, LinearOAuthGrant>();
  readonly #usedRefresh = new Set<string>();
  readonly #now: () => number;
  readonly #ttlSeconds: number;
  readonly #approver: () => string;

  /** `approver` names the user who approves on the authorization page (the sandbox's viewer). */
  constructor(options: { approver: () => string; accessTokenTtlSeconds?: number; now?: () => number }) {
    this.#approver = options.approver;
    this.#ttlSeconds = options.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
    this.#now = options.now ?? Date.now;
  }

  /** Registers an application. */
  addClient(input: Partial<LinearOAuthClient> & { name: string }): LinearOAuthClient {
    const client: LinearOAuthClient = {
      clientId: input.clientId ?? randomBytes(16).toString('hex'),
      clientSecret: input.clientSecret ?? randomBytes(16).toString('hex'),
      name: input.name,
      redirectUris: input.redirectUris ?? [],
    };
    this.clients.set(client.clientId, client);
    return client;
  }

  /**
   * Issues a grant directly (what completing the consent flow would give). Given tokens are issued
   * as they are: a simulator's reset hands its connection's grant back unchanged.
   */
  issueGrant(
    input: {
      clientId: string;
      userId: string;
      scopes: string[];
      pkce?: boolean;
    } & Partial<Pick<LinearOAuthGrant, 'accessToken' | 'refreshToken' | 'accessExpiresAt'>>,
  ): LinearOAuthGrant {
    const grant: LinearOAuthGrant = {
      clientId: input.clientId,
      userId: input.userId,
      scopes: input.scopes,
      accessToken: input.accessToken ?? `lin_oauth_${randomBytes(32).toString('hex')}`,
      accessExpiresAt: input.accessExpiresAt ?? this.#now() + this.#ttlSeconds * 1000,
      refreshToken: input.refreshToken ?? `lin_refresh_${randomBytes(32).toString('hex')}`,
      pkce: input.pkce ?? false,
      revoked: false,
    };
    this.#byAccess.set(grant.accessToken, { grant, expiresAt: grant.accessExpiresAt });
    this.#byRefresh.set(grant.refreshToken, grant);
    return grant;
  }

  /** The live grant behind an access token, if the token is valid now. */
  authenticate(accessToken: string): LinearOAuthGrant | undefined {
    const entry = this.#byAccess.get(accessToken);
    if (!entry || entry.grant.revoked || this.#now() >= entry.expiresAt) return undefined;
    return entry.grant;
  }

  /**
   * Revokes the grant that issued this access or refresh token: `revoked`, `already` when it was
   * revoked before, `unknown` when no grant issued it.
   */
  revoke(token: string): 'revoked' | 'already' | 'unknown' {
    const grant = this.#byAccess.get(token)?.grant ?? this.#byRefresh.get(token);
    if (!grant) return 'unknown';
    if (grant.revoked) return 'already';
    grant.revoked = true;
    return 'revoked';
  }

  /** Forgets every application, pending code and grant (a simulator's reset, before it registers its own again). */
  clear(): void {
    this.clients.clear();
    this.#codes.clear();
    this.#byAccess.clear();
    this.#byRefresh.clear();
    this.#usedRefresh.clear();
  }

  /**
   * A JSON copy of the applications and grants, with every access token still known (an old one
   * stays valid until it expires) and the refresh tokens already used. Pending codes are not kept.
   */
  export(): LinearOAuthSnapshot {
    const grants = [
      ...new Set([...this.#byRefresh.values(), ...[...this.#byAccess.values()].map((entry) => entry.grant)]),
    ];
    return structuredClone({
      clients: [...this.clients.values()],
      grants,
      accessTokens: [...this.#byAccess].map(([token, entry]): [string, number, number] => [
        token,
        grants.indexOf(entry.grant),
        entry.expiresAt,
      ]),
      usedRefreshTokens: [...this.#usedRefresh],
    });
  }

  /** Replaces every application and grant with a snapshot `export` returned; throws, changing nothing, when it is incomplete. */
  load(snapshot: LinearOAuthSnapshot): void {
    const { clients, grants, accessTokens, usedRefreshTokens } = structuredClone(
      snapshot ?? ({} as LinearOAuthSnapshot),
    );
    if (![clients, grants, accessTokens, usedRefreshTokens].every(Array.isArray)) {
      throw new Error('The Linear OAuth state is incomplete');
    }
    const byAccess = accessTokens.map(([token, index, expiresAt]) => {
      const grant = grants[index];
      if (!grant) throw new Error('The Linear OAuth state names a grant it does not hold');
      return [token, { grant, expiresAt }] as const;
    });
    this.clear();
    for (const client of clients) this.clients.set(client.clientId, client);
    for (const grant of grants) this.#byRefresh.set(grant.refreshToken, grant);
    for (const [token, entry] of byAccess) this.#byAccess.set(token, entry);
    for (const token of usedRefreshTokens) this.#usedRefresh.add(token);
  }

  /** Makes every access token expired now, so the next call needs a refresh. */
  expireAccessTokens(): void {
    const past = this.#now() - 1;
    for (const entry of this.#byAccess.values()) {
      entry.expiresAt = past;
      entry.grant.accessExpiresAt = past;
    }
  }

  #tokenResponse(grant: LinearOAuthGrant): LinearTokenResponse {
    return {
      access_token: grant.accessToken,
      token_type: 'Bearer',
      expires_in: Math.max(0, Math.round((grant.accessExpiresAt - this.#now()) / 1000)),
      scope: grant.scopes.join(' '),
      refresh_token: grant.refreshToken,
    };
  }

  #rotate(grant: LinearOAuthGrant): void {
    // The old access token stays valid until it expires; the old refresh token dies now.
    this.#usedRefresh.add(grant.refreshToken);
    this.#byRefresh.delete(grant.refreshToken);
    grant.accessToken = `lin_oauth_${randomBytes(32).toString('hex')}`;
    grant.accessExpiresAt = this.#now() + this.#ttlSeconds * 1000;
    grant.refreshToken = `lin_refresh_${randomBytes(32).toString('hex')}`;
    this.#byAccess.set(grant.accessToken, { grant, expiresAt: grant.accessExpiresAt });
    this.#byRefresh.set(grant.refreshToken, grant);
  }

  /**
   * Checks an authorization request: a `fatal` problem is shown on a page (the redirect URI cannot be
   * trusted), a `redirectError` goes back to the client, else the client, redirect URI and scopes.
   */
  #checkAuthorization(
    params: URLSearchParams,
  ):
    | { client: LinearOAuthClient; redirectUri: string; scopes: string[]; challenge: string | undefined }
    | { fatal: string }
    | { redirectError: string; redirectUri: string; description: string } {
    const client = this.clients.get(params.get('client_id') ?? '');
    if (!client) return { fatal: 'Unknown client_id.' };
    const redirectUri = params.get('redirect_uri') ?? '';
    let parsed: URL;
    try {
      parsed = new URL(redirectUri);
    } catch {
      return { fatal: 'redirect_uri must be an absolute URL.' };
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      return { fatal: 'redirect_uri must be http(s).' };
    if (client.redirectUris.length > 0 && !client.redirectUris.includes(redirectUri)) {
      return { fatal: 'redirect_uri is not registered for this application.' };
    }
    if (params.get('response_type') !== 'code') {
      return {
        redirectError: 'unsupported_response_type',
        redirectUri,
        description: 'response_type must be code',
      };
    }
    const scopes = parseScopes(params.get('scope'));
    if (scopes.some((scope) => !LINEAR_SCOPES.includes(scope))) {
      return {
        redirectError: 'invalid_scope',
        redirectUri,
        description: `Scopes must be among ${LINEAR_SCOPES.join(', ')}`,
      };
    }
    const challenge = params.get('code_challenge') ?? undefined;
    const method = params.get('code_challenge_method');
    if (challenge && method !== 'S256') {
      return {
        redirectError: 'invalid_request',
        redirectUri,
        description: 'code_challenge_method must be S256',
      };
    }
    return { client, redirectUri, scopes, challenge };
  }

  /** msw handlers for `/oauth/authorize` (GET page, POST decision), `/oauth/token`, `/oauth/revoke`. */
  handlers(): RequestHandler[] {
    const redirect = (redirectUri: string, params: Record<string, string | null>) => {
      const url = new URL(redirectUri);
      for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
      return new HttpResponse(null, { status: 302, headers: { location: url.toString() } });
    };
    return [
      http.get('*/oauth/authorize', ({ request }) => {
        const params = new URL(request.url).searchParams;
        const checked = this.#checkAuthorization(params);
        if ('fatal' in checked) return HttpResponse.text(checked.fatal, { status: 400 });
        if ('redirectError' in checked) {
          return redirect(checked.redirectUri, {
            error: checked.redirectError,
            error_description: checked.description,
            state: params.get('state'),
          });
        }
        const hidden = [...params.entries()]
          .map(
            ([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`,
          )
          .join('\n      ');
        const scopes = checked.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('');
        const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Authorize ${escapeHtml(checked.client.name)} (Linear sandbox)</title></head>
  <body>
    <h1>${escapeHtml(checked.client.name)} wants to access your Linear sandbox workspace</h1>
    <p>It asks for:</p>
    <ul>${scopes}</ul>
    <form method="post" action="/oauth/authorize">
      ${hidden}
      <button type="submit" name="decision" value="approve">Approve</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </form>
  </body>
</html>`;
        return new HttpResponse(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      }),
      http.post('*/oauth/authorize', async ({ request }) => {
        const params = new URLSearchParams(await request.text());
        const checked = this.#checkAuthorization(params);
        if ('fatal' in checked) return HttpResponse.text(checked.fatal, { status: 400 });
        if ('redirectError' in checked) {
          return redirect(checked.redirectUri, { error: checked.redirectError, state: params.get('state') });
        }
        if (params.get('decision') !== 'approve') {
          return redirect(checked.redirectUri, { error: 'access_denied', state: params.get('state') });
        }
        const code = randomBytes(24).toString('hex');
        this.#codes.set(code, {
          clientId: checked.client.clientId,
          userId: this.#approver(),
          redirectUri: checked.redirectUri,
          scopes: checked.scopes,
          codeChallenge: checked.challenge,
          expiresAt: this.#now() + CODE_TTL_MS,
        });
        return redirect(checked.redirectUri, { code, state: params.get('state') });
      }),
      http.post('*/oauth/token', async ({ request }) => {
        const params = new URLSearchParams(await request.text());
        const basic = /^Basic\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
        const [basicId, basicSecret] = basic
          ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')
          : [];
        const client = this.clients.get(params.get('client_id') ?? basicId ?? '');
        if (!client) return oauthError(401, 'invalid_client', 'Unknown client.');
        const secret = params.get('client_secret') ?? basicSecret;
        const secretOk = secret !== undefined && secret !== null && sameSecret(secret, client.clientSecret);
        const grantType = params.get('grant_type');
        if (grantType === 'authorization_code') {
          const code = this.#codes.get(params.get('code') ?? '');
          if (!code || code.clientId !== client.clientId || this.#now() > code.expiresAt) {
            return oauthError(400, 'invalid_grant', 'The authorization code is invalid or expired.');
          }
          if (code.grant) {
            // A code used twice revokes what it issued (RFC 6749 §4.1.2).
            code.grant.revoked = true;
            return oauthError(400, 'invalid_grant', 'The authorization code was already used.');
          }
          if (!secretOk && !code.codeChallenge)
            return oauthError(401, 'invalid_client', 'Client authentication failed.');
          if (secret && !secretOk) return oauthError(401, 'invalid_client', 'Client authentication failed.');
          if (params.get('redirect_uri') !== code.redirectUri) {
            return oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
          }
          if (code.codeChallenge) {
            const verifier = params.get('code_verifier') ?? '';
            const computed = createHash('sha256').update(verifier).digest('base64url');
            if (!verifier || computed !== code.codeChallenge) {
              return oauthError(400, 'invalid_grant', 'PKCE verification failed.');
            }
          }
          code.grant = this.issueGrant({
            clientId: client.clientId,
            userId: code.userId,
            scopes: code.scopes,
            pkce: !!code.codeChallenge,
          });
          return HttpResponse.json(this.#tokenResponse(code.grant));
        }
        if (grantType === 'refresh_token') {
          const token = params.get('refresh_token') ?? '';
          const grant = this.#byRefresh.get(token);
          if (!grant || grant.revoked || grant.clientId !== client.clientId) {
            const reason = this.#usedRefresh.has(token)
              ? 'The refresh token was already used.'
              : 'The refresh token is invalid.';
            return oauthError(400, 'invalid_grant', reason);
          }
          if (!secretOk && !grant.pkce)
            return oauthError(401, 'invalid_client', 'Client authentication failed.');
          this.#rotate(grant);
          return HttpResponse.json(this.#tokenResponse(grant));
        }
        return oauthError(
          400,
          'unsupported_grant_type',
          'grant_type must be authorization_code or refresh_token.',
        );
      }),
      // Linear's revocation: the access token as Bearer or `access_token`, or the `refresh_token`;
      // 200 when revoked, 400 when it was already, 401 for a token Linear does not know.
      http.post('*/oauth/revoke', async ({ request }) => {
        const params = new URLSearchParams(await request.text());
        const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
        const token = params.get('access_token') ?? params.get('refresh_token') ?? bearer;
        if (!token) return oauthError(400, 'invalid_request', 'access_token or refresh_token is required.');
        const outcome = this.revoke(token);
        if (outcome === 'unknown') return oauthError(401, 'invalid_token', 'The token is not valid.');
        if (outcome === 'already')
          return oauthError(400, 'invalid_request', 'The token was already revoked.');
        return new HttpResponse(null, { status: 200 });
      }),
    ];
  }
}
