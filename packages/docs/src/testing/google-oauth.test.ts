import { createHash, randomBytes } from 'node:crypto';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docs } from '../docs-connector.js';
import { docsSimulator } from './google-simulator.js';
import { DOCUMENTS_SCOPE, DRIVE_SCOPE } from './google-state.js';
import { connectDocs } from './google-test-helpers.js';

const t = useSimulator(docsSimulator, {
  start: { seed: true, client: { redirectUris: ['http://127.0.0.1:4444/oauth/callback'] } },
  connect: connectDocs,
});
const REDIRECT = 'http://127.0.0.1:4444/oauth/callback';

/** Opens the consent screen as a browser would and answers it; returns the redirect's query. */
async function consent(
  options: { scopes?: string[]; decision?: 'approve' | 'deny'; extra?: Record<string, string> } = {},
) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL(t.sim.oauth.authorizationUrl);
  for (const [key, value] of Object.entries({
    client_id: t.sim.oauth.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: t.sim.oauth.scopes.join(' '),
    state: 'st-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...(docs.auth.type === 'oauth2' ? docs.auth.authorizationParams : {}),
    ...options.extra,
  })) {
    authorize.searchParams.set(key, value);
  }
  const page = await fetch(authorize);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('Connector Sandbox wants access to your Google Account');
  expect(html).toContain('value="approve"');
  const consentId = /name="consent" value="([^"]+)"/.exec(html)![1]!;
  const form = new URLSearchParams({ consent: consentId, decision: options.decision ?? 'approve' });
  for (const scope of options.scopes ?? t.sim.oauth.scopes) form.append('scope', scope);
  const answer = await fetch(new URL('/o/oauth2/v2/auth/approve', t.sim.url), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  return { query: location.searchParams, verifier };
}

async function token(fields: Record<string, string>) {
  const response = await fetch(t.sim.oauth.tokenUrl, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const client = () => ({ client_id: t.sim.oauth.clientId, client_secret: t.sim.oauth.clientSecret });

describe('OAuth endpoints', () => {
  it('runs the authorization code flow with PKCE, and the tokens work with the connector', async () => {
    const { query, verifier } = await consent();
    expect(query.get('state')).toBe('st-123');
    expect(query.get('scope')).toBe(`${DOCUMENTS_SCOPE} ${DRIVE_SCOPE}`);
    const exchanged = await token({
      grant_type: 'authorization_code',
      code: query.get('code')!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      ...client(),
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toEqual({
      access_token: expect.stringMatching(/^ya29\./),
      expires_in: 3599,
      refresh_token: expect.stringMatching(/^1\/\/0/),
      scope: `${DOCUMENTS_SCOPE} ${DRIVE_SCOPE}`,
      token_type: 'Bearer',
    });
    const connection = t.connect({
      credentials: {
        accessToken: exchanged.body.access_token as string,
        refreshToken: exchanged.body.refresh_token as string,
        expiresAt: Date.now() + 3599_000,
      },
    });
    const found = await connection.run('searchDocuments', { name: 'spec' });
    expect(found.files).toHaveLength(1);
    // The code works once; presenting it again revokes what it gave.
    const again = await token({
      grant_type: 'authorization_code',
      code: query.get('code')!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      ...client(),
    });
    expect(again).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Bad Request' },
    });
    const after = await connection.run('searchDocuments', { name: 'spec' }).catch((caught) => caught);
    expect(after.kind).toBe('auth');
  });

  it('checks the PKCE verifier, the redirect URI and the client', async () => {
    const { query, verifier } = await consent();
    const code = query.get('code')!;
    const base = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...client() };
    expect(await token({ ...base, code_verifier: `${verifier}x` })).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid code verifier.' },
    });
    expect((await token({ ...base })).body.error_description).toBe('Missing code verifier.');
    expect(
      (await token({ ...base, code_verifier: verifier, redirect_uri: 'http://127.0.0.1:4444/other' })).body
        .error,
    ).toBe('redirect_uri_mismatch');
    expect(await token({ ...base, code_verifier: verifier, client_secret: 'wrong' })).toEqual({
      status: 401,
      body: { error: 'invalid_client', error_description: 'Unauthorized' },
    });
    expect((await token({ ...base, code_verifier: verifier })).status).toBe(200);
  });

  it('hands out a refresh token only for offline access', async () => {
    const { query, verifier } = await consent({ extra: { access_type: 'online' } });
    const exchanged = await token({
      grant_type: 'authorization_code',
      code: query.get('code')!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      ...client(),
    });
    expect(exchanged.body.refresh_token).toBeUndefined();
  });

  it('grants only the boxes ticked; denying redirects with access_denied', async () => {
    const partial = await consent({ scopes: [DOCUMENTS_SCOPE] });
    expect(partial.query.get('scope')).toBe(DOCUMENTS_SCOPE);
    const denied = await consent({ decision: 'deny' });
    expect(Object.fromEntries(denied.query)).toEqual({ state: 'st-123', error: 'access_denied' });
  });

  it('never redirects to an unregistered URI or for an unknown client', async () => {
    const url = new URL(t.sim.oauth.authorizationUrl);
    url.search = new URLSearchParams({
      client_id: t.sim.oauth.clientId,
      redirect_uri: 'https://evil.example/cb',
      response_type: 'code',
      scope: DOCUMENTS_SCOPE,
    }).toString();
    const mismatch = await fetch(url, { redirect: 'manual' });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('redirect_uri_mismatch');
    url.searchParams.set('client_id', 'unknown.apps.googleusercontent.com');
    const unknown = await fetch(url, { redirect: 'manual' });
    expect(unknown.status).toBe(401);
  });

  it('keeps the refresh token as Google does (no rotation, reuse works), and the revoke endpoint ends the grant', async () => {
    const tokens = t.sim.state.issueTokens();
    const refresh = () =>
      token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken, ...client() });
    const first = await refresh();
    expect(first.status).toBe(200);
    // Google's answer to a refresh has no refresh_token: the one the client holds stays valid.
    expect(Object.keys(first.body).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    const second = await refresh();
    expect(second.status).toBe(200);
    expect(second.body.access_token).not.toBe(first.body.access_token);
    for (const issued of [first, second]) {
      const about = await fetch(`${t.sim.url}/drive/v3/about?fields=user`, {
        headers: { authorization: `Bearer ${issued.body.access_token}` },
      });
      expect(about.status).toBe(200);
    }
    const revoked = await fetch(t.sim.oauth.revocationUrl, {
      method: 'POST',
      body: new URLSearchParams({ token: tokens.refreshToken }),
    });
    expect(revoked.status).toBe(200);
    const after = await refresh();
    expect(after).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    });
    const again = await fetch(t.sim.oauth.revocationUrl, {
      method: 'POST',
      body: new URLSearchParams({ token: tokens.refreshToken }),
    });
    expect(again.status).toBe(400);
    expect((await token({ grant_type: 'password', ...client() })).body.error).toBe('unsupported_grant_type');
    // Sent on purpose: the contract check saw it too.
    expect(t.sim.server.violations).toEqual(['POST /token: unsupported grant_type password']);
    t.sim.server.reset();
  });
});
