import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/http-client.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import type { AuthStrategy, AuthTransport } from './auth-strategy.js';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer([
    http.post('*/token', () => HttpResponse.json({ access_token: 'at_fresh_token_value' })),
  ]);
});
afterAll(() => server.close());

describe('AuthStrategy.attach', () => {
  it('hands the strategy a transport for its own calls, not the client', async () => {
    let given: AuthTransport | undefined;
    const strategy: AuthStrategy = {
      headers: () => ({ authorization: 'Bearer at_old_token_value' }),
      attach(transport) {
        given = transport;
      },
    };
    const client = new HttpClient({
      provider: 'Test',
      baseUrls: { default: `${server.url}/api`, token: `${server.url}/token` },
      auth: strategy,
    });
    expect(given).toBeDefined();
    expect(given).not.toBeInstanceOf(HttpClient);
    expect(Object.keys(given ?? {})).toEqual(['request']);

    // Its calls go through the client: the named base URL, and no credentials when asked for none.
    const response = await given?.request<{ access_token: string }>({
      api: 'token',
      method: 'POST',
      path: '',
      auth: false,
      form: { grant_type: 'refresh_token' },
    });
    expect(response?.data.access_token).toBe('at_fresh_token_value');
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.path).toBe('/token');
    expect(server.calls[0]?.headers.authorization).toBeUndefined();
    expect(server.calls[0]?.bodyForm?.get('grant_type')).toBe('refresh_token');
    await client.close();
  });
});
