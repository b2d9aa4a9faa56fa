import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useIssuesSimulator } from './linear-test-helpers.js';

const h = useIssuesSimulator();

const REDIRECT = 'http://127.0.0.1:9/callback';
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const post = (path: string, body: URLSearchParams, headers: Record<string, string> = {}) =>
  fetch(`${h.sim.url}${path}`, { method: 'POST', body, headers, redirect: 'manual' });
const viewer = (authorization: string) =>
  fetch(h.sim.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query: 'query Me { viewer { name } }' }),
  });

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeParams(extra: Record<string, string> = {}) {
  return {
    client_id: h.sim.oauth.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'read,write',
    state: 'st-42',
    ...extra,
  };
}

async function approve(params: Record<string, string>): Promise<URL> {
  const response = await post('/oauth/authorize', form({ ...params, decision: 'approve' }));
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

async function exchange(code: string, extra: Record<string, string> = {}) {
  return post(
    '/oauth/token',
    form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: h.sim.oauth.clientId,
      client_secret: h.sim.oauth.clientSecret,
      ...extra,
    }),
  );
}

describe('the simulator’s OAuth server', () => {
  it('shows an authorization page with Approve and Deny that carries the request on', async () => {
    const { challenge } = pkce();
    const url = new URL(h.sim.oauth.authorizationUrl);
    for (const [key, value] of Object.entries(
      authorizeParams({ code_challenge: challenge, code_challenge_method: 'S256' }),
    )) {
      url.searchParams.set(key, value);
    }
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<button type="submit" name="decision" value="approve">Approve</button>');
    expect(html).toContain(`name="code_challenge" value="${challenge}"`);
    expect(html).toContain('<li>write</li>');
  });

  it('runs the authorization-code flow with PKCE S256 and issues working, expiring tokens', async () => {
    const { verifier, challenge } = pkce();
    const callback = await approve(
      authorizeParams({ code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get('state')).toBe('st-42');
    const code = callback.searchParams.get('code')!;
    const wrong = await exchange(code, { code_verifier: 'not-the-verifier' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const response = await exchange(code, { code_verifier: verifier });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Record<string, unknown>;
    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^lin_oauth_/),
      token_type: 'Bearer',
      expires_in: 86_399,
      scope: 'read write',
      refresh_token: expect.stringMatching(/^lin_refresh_/),
    });
    const me = await viewer(`Bearer ${tokens.access_token}`);
    expect(await me.json()).toEqual({ data: { viewer: { name: 'Ada Lovelace' } } });
  });

  it('lets a PKCE client exchange its code without a secret, but not a client without PKCE', async () => {
    const { verifier, challenge } = pkce();
    const withPkce = await approve(
      authorizeParams({ code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    const wrongSecret = await exchange(withPkce.searchParams.get('code')!, {
      client_secret: 'wrong',
      code_verifier: verifier,
    });
    expect(wrongSecret.status).toBe(401);
    const noSecret = form({
      grant_type: 'authorization_code',
      code: withPkce.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      client_id: h.sim.oauth.clientId,
      code_verifier: verifier,
    });
    expect((await post('/oauth/token', noSecret)).status).toBe(200);
    const plain = await approve(authorizeParams());
    const refused = await post(
      '/oauth/token',
      form({
        grant_type: 'authorization_code',
        code: plain.searchParams.get('code')!,
        redirect_uri: REDIRECT,
        client_id: h.sim.oauth.clientId,
      }),
    );
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses a code used twice and revokes what it issued', async () => {
    const callback = await approve(authorizeParams());
    const code = callback.searchParams.get('code')!;
    const first = (await (await exchange(code)).json()) as { access_token: string };
    const second = await exchange(code);
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await viewer(`Bearer ${first.access_token}`)).status).toBe(401);
  });

  it('checks the redirect URI of the exchange against the authorization request', async () => {
    const callback = await approve(authorizeParams());
    const response = await exchange(callback.searchParams.get('code')!, {
      redirect_uri: 'http://127.0.0.1:9/other',
    });
    expect(response.status).toBe(400);
  });

  it('redirects a denial and a bad scope back with an error, and shows an unknown client an error page', async () => {
    const denied = await post('/oauth/authorize', form({ ...authorizeParams(), decision: 'deny' }));
    const deniedUrl = new URL(denied.headers.get('location')!);
    expect(Object.fromEntries(deniedUrl.searchParams)).toEqual({ error: 'access_denied', state: 'st-42' });
    const scoped = await fetch(
      `${h.sim.oauth.authorizationUrl}?${form(authorizeParams({ scope: 'read,everything' }))}`,
      {
        redirect: 'manual',
      },
    );
    expect(scoped.status).toBe(302);
    expect(new URL(scoped.headers.get('location')!).searchParams.get('error')).toBe('invalid_scope');
    const unknown = await fetch(
      `${h.sim.oauth.authorizationUrl}?${form(authorizeParams({ client_id: 'nobody' }))}`,
      {
        redirect: 'manual',
      },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('location')).toBeNull();
  });

  it('rotates refresh tokens: the old one is refused, the old access token lives until it expires', async () => {
    const { credentials } = h.sim.connection;
    const refresh = (token: string) =>
      post(
        '/oauth/token',
        form({
          grant_type: 'refresh_token',
          refresh_token: token,
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        }),
      );
    const response = await refresh(credentials.refreshToken);
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as { access_token: string; refresh_token: string };
    expect(tokens.refresh_token).not.toBe(credentials.refreshToken);
    expect(tokens.access_token).not.toBe(credentials.accessToken);
    const again = await refresh(credentials.refreshToken);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token was already used.',
    });
    expect((await viewer(`Bearer ${credentials.accessToken}`)).status).toBe(200);
    expect((await viewer(`Bearer ${tokens.access_token}`)).status).toBe(200);
  });

  it('revokes a grant by either of its tokens, as Linear answers: 200, then 400, and 401 for an unknown one', async () => {
    const { credentials } = h.sim.connection;
    const response = await post('/oauth/revoke', form({ refresh_token: credentials.refreshToken }));
    expect(response.status).toBe(200);
    expect((await viewer(`Bearer ${credentials.accessToken}`)).status).toBe(401);
    const again = await post('/oauth/revoke', new URLSearchParams(), {
      authorization: `Bearer ${credentials.accessToken}`,
    });
    expect(again.status).toBe(400);
    const unknown = await post('/oauth/revoke', form({ access_token: 'lin_oauth_nobody' }));
    expect(unknown.status).toBe(401);
    const refresh = await post(
      '/oauth/token',
      form({
        grant_type: 'refresh_token',
        refresh_token: credentials.refreshToken,
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      }),
    );
    expect(refresh.status).toBe(400);
  });

  it('keeps a read-only token from writing: Linear’s FORBIDDEN', async () => {
    const grant = h.sim.state.oauth.issueGrant({
      clientId: h.sim.oauth.clientId,
      userId: h.sim.viewerId,
      scopes: ['read'],
    });
    const response = await fetch(h.sim.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${grant.accessToken}` },
      body: JSON.stringify({ query: 'mutation Archive { issueArchive(id: "ENG-1") { success } }' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { errors: { extensions: Record<string, unknown> }[] };
    expect(body.errors[0]?.extensions).toMatchObject({ type: 'forbidden', code: 'FORBIDDEN' });
    expect(h.sim.workspace.findIssue('ENG-1')?.archivedAt).toBeNull();
  });
});
