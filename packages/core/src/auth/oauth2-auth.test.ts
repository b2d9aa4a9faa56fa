import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthError } from '../errors/auth-error.js';
import { HttpClient } from '../http/http-client.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { type OAuthTokens, oauth2Auth, type RefreshCoordinator } from './oauth2-auth.js';

let server: TestServer;
let current = 'at_1';
let refreshCount = 0;
let grantRevoked = false;

beforeAll(async () => {
  server = await createTestServer([
    http.post('*/token', async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      refreshCount += 1;
      // Answer slowly so that concurrent callers pile up behind one refresh.
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (grantRevoked || form.get('refresh_token') !== `rt_${refreshCount}`) {
        return HttpResponse.json(
          { error: 'invalid_grant', error_description: 'Token has been revoked.' },
          { status: 400 },
        );
      }
      current = `at_${refreshCount + 1}`;
      return HttpResponse.json({
        access_token: current,
        refresh_token: `rt_${refreshCount + 1}`,
        expires_in: 3600,
      });
    }),
    http.get('*/api/me', ({ request }) =>
      request.headers.get('authorization') === `Bearer ${current}`
        ? HttpResponse.json({ ok: true })
        : HttpResponse.json({ error: 'expired' }, { status: 401 }),
    ),
  ]);
});
afterEach(() => {
  server.reset();
  current = 'at_1';
  refreshCount = 0;
  grantRevoked = false;
});
afterAll(() => server.close());

function setup(extra: Partial<Parameters<typeof oauth2Auth>[0]> = {}) {
  const rotated: OAuthTokens[] = [];
  const auth = oauth2Auth({
    accessToken: 'at_1',
    refreshToken: 'rt_1',
    clientId: 'client',
    clientSecret: 'client-secret-value',
    onTokens: (tokens) => {
      rotated.push(tokens);
    },
    ...extra,
  });
  const client = new HttpClient({
    provider: 'Test',
    baseUrls: { default: `${server.url}/api`, token: `${server.url}/token` },
    auth,
  });
  return { auth, client, rotated };
}

describe('oauth2Auth', () => {
  it('refreshes once after a 401 for many concurrent calls and hands rotated tokens to onTokens', async () => {
    const { client, rotated } = setup();
    current = 'at_server_side_new';
    // The server no longer accepts at_1; first refresh issues at_2.
    current = 'at_2';
    const results = await Promise.all(
      Array.from({ length: 8 }, () => client.request({ method: 'GET', path: '/me' })),
    );
    expect(results.every((r) => (r.data as { ok: boolean }).ok)).toBe(true);
    const tokenCalls = server.calls.filter((call) => call.path === '/token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]?.bodyForm?.get('grant_type')).toBe('refresh_token');
    expect(tokenCalls[0]?.bodyForm?.get('client_id')).toBe('client');
    expect(tokenCalls[0]?.headers.authorization).toBeUndefined();
    expect(rotated).toEqual([{ accessToken: 'at_2', refreshToken: 'rt_2', expiresAt: expect.any(Number) }]);
    await client.close();
  });

  it('refreshes before the call when the token has expired, single-flight', async () => {
    const { client } = setup({ expiresAt: Date.now() - 1000 });
    current = 'at_2';
    await Promise.all(Array.from({ length: 5 }, () => client.request({ method: 'GET', path: '/me' })));
    expect(server.calls.filter((call) => call.path === '/token')).toHaveLength(1);
    expect(
      server.calls
        .filter((call) => call.path === '/api/me')
        .every((c) => c.headers.authorization === 'Bearer at_2'),
    ).toBe(true);
    await client.close();
  });

  it('turns a refused refresh (invalid_grant) into an AuthError that says to reconnect, without secrets', async () => {
    const { client } = setup();
    grantRevoked = true;
    current = 'at_other';
    const error = await client.request({ method: 'GET', path: '/me' }).catch((e) => e);
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/reconnect/i);
    expect(error.providerCode).toBe('invalid_grant');
    const text = JSON.stringify(error.toJSON()) + error.message;
    for (const secret of ['rt_1', 'client-secret-value', 'at_1']) expect(text).not.toContain(secret);
    await client.close();
  });

  it('without a refresh token a 401 is final', async () => {
    const { client } = setup({ refreshToken: undefined });
    current = 'at_other';
    const error = await client.request({ method: 'GET', path: '/me' }).catch((e) => e);
    expect(AuthError.isInstance(error)).toBe(true);
    expect(server.calls.filter((call) => call.path === '/token')).toHaveLength(0);
    await client.close();
  });
});

describe('oauth2Auth with a cross-process refresh coordinator', () => {
  /** A lock that records what happened inside it, standing in for a host's store. */
  function coordinator(stored: () => OAuthTokens | undefined) {
    const events: string[] = [];
    const coordinateRefresh: RefreshCoordinator = async (refresh) => {
      events.push('lock');
      try {
        await refresh(stored());
      } finally {
        events.push('unlock');
      }
    };
    return { events, coordinateRefresh };
  }

  it('adopts tokens another process already rotated instead of spending its own refresh token', async () => {
    const lock = coordinator(() => ({
      accessToken: 'at_2',
      refreshToken: 'rt_2',
      expiresAt: Date.now() + 3600_000,
    }));
    const { client, rotated } = setup({
      expiresAt: Date.now() - 1000,
      coordinateRefresh: lock.coordinateRefresh,
    });
    current = 'at_2';
    await Promise.all(Array.from({ length: 4 }, () => client.request({ method: 'GET', path: '/me' })));
    expect(server.calls.filter((call) => call.path === '/token')).toHaveLength(0);
    expect(server.calls.every((call) => call.headers.authorization === 'Bearer at_2')).toBe(true);
    // They are already stored: nothing to hand back.
    expect(rotated).toEqual([]);
    expect(lock.events).toEqual(['lock', 'unlock']);
    await client.close();
  });

  it('refreshes inside the lock and stores the rotated tokens before releasing it', async () => {
    const events: string[] = [];
    const lock = coordinator(() => ({ accessToken: 'at_1', refreshToken: 'rt_1' }));
    const { client } = setup({
      expiresAt: Date.now() - 1000,
      coordinateRefresh: async (refresh) => {
        events.push('lock');
        await lock.coordinateRefresh(refresh);
        events.push('unlock');
      },
      onTokens: async (tokens) => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        events.push(`stored ${tokens.refreshToken}`);
      },
    });
    current = 'at_2';
    await client.request({ method: 'GET', path: '/me' });
    expect(server.calls.filter((call) => call.path === '/token')).toHaveLength(1);
    expect(events).toEqual(['lock', 'stored rt_2', 'unlock']);
    await client.close();
  });

  it('refreshes with the stored refresh token when the rotated set has expired too', async () => {
    refreshCount = 1;
    const lock = coordinator(() => ({
      accessToken: 'at_2',
      refreshToken: 'rt_2',
      expiresAt: Date.now() - 5000,
    }));
    const { client, rotated } = setup({
      expiresAt: Date.now() - 1000,
      coordinateRefresh: lock.coordinateRefresh,
    });
    current = 'at_3';
    await client.request({ method: 'GET', path: '/me' });
    const tokenCalls = server.calls.filter((call) => call.path === '/token');
    expect(tokenCalls.map((call) => call.bodyForm?.get('refresh_token'))).toEqual(['rt_2']);
    expect(rotated).toEqual([{ accessToken: 'at_3', refreshToken: 'rt_3', expiresAt: expect.any(Number) }]);
    await client.close();
  });
});

describe('oauth2Auth transient token-endpoint failures', () => {
  it('a 429 from the token endpoint is a RateLimitError, not a reconnect', async () => {
    const { client } = setup();
    current = 'at_other';
    server.use(
      http.post('*/token', () =>
        HttpResponse.json({ error: 'rate_limited' }, { status: 429, headers: { 'retry-after': '60' } }),
      ),
    );
    const error = await client.request({ method: 'GET', path: '/me' }).catch((e) => e);
    expect(error.kind).toBe('rate_limit');
    server.resetHandlers();
    await client.close();
  });

  it('one caller aborting does not fail the others waiting on the same refresh', async () => {
    const { client } = setup({ expiresAt: Date.now() - 1000 });
    current = 'at_2';
    const controller = new AbortController();
    const first = client.request({ method: 'GET', path: '/me', signal: controller.signal }).catch((e) => e);
    const others = Promise.all([1, 2, 3].map(() => client.request({ method: 'GET', path: '/me' })));
    controller.abort(new Error('first caller gave up'));
    expect((await first).message).toBe('first caller gave up');
    expect((await others).every((response) => (response.data as { ok: boolean }).ok)).toBe(true);
    expect(server.calls.filter((call) => call.path === '/token')).toHaveLength(1);
    await client.close();
  });
});
