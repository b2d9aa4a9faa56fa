import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearerAuth } from '../auth/simple-auth.js';
import { NetworkError } from '../errors/network-error.js';
import { ProviderError } from '../errors/provider-error.js';
import { RateLimitError } from '../errors/rate-limit-error.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { HttpClient } from './http-client.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer([
    http.get('*/v1/things', ({ request }) =>
      HttpResponse.json({ ok: true, q: new URL(request.url).searchParams.get('a') }),
    ),
    http.post('*/v1/things', async ({ request }) => HttpResponse.json({ got: await request.text() })),
    http.get('*/text', () => HttpResponse.text('hello')),
    http.get(
      '*/bytes',
      () => new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'application/pdf' } }),
    ),
  ]);
});
afterEach(() => {
  server.reset();
  server.resetHandlers();
  server.clearFaults();
});
afterAll(() => server.close());

const client = (extra = {}) =>
  new HttpClient({
    provider: 'Test',
    baseUrls: { default: `${server.url}/v1` },
    auth: bearerAuth('sk_test_secret_123456'),
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    ...extra,
  });

describe('HttpClient', () => {
  it('joins the base URL, encodes the query and sends credentials', async () => {
    const http = client();
    const res = await http.request<{ ok: boolean; q: string }>({
      method: 'GET',
      path: '/things',
      query: { a: 'x y' },
    });
    expect(res.data).toEqual({ ok: true, q: 'x y' });
    expect(server.calls[0]?.path).toBe('/v1/things');
    expect(server.calls[0]?.headers.authorization).toBe('Bearer sk_test_secret_123456');
    await http.close();
  });

  it('form-encodes bodies with brackets and adds one idempotency key reused on retry', async () => {
    const http = client({ idempotency: { header: 'Idempotency-Key', methods: ['POST'] } });
    server.fault({ type: 'status', status: 503, body: '{}' });
    const res = await http.request<{ got: string }>({
      method: 'POST',
      path: '/things',
      form: { metadata: { plan: 'gold' }, items: [{ price: 'price_1' }] },
    });
    expect(res.data.got).toBe('metadata[plan]=gold&items[0][price]=price_1');
    expect(server.calls).toHaveLength(2);
    const keys = server.calls.map((call) => call.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await http.close();
  });

  it('never repeats a POST without a key whose connection dropped after it was applied', async () => {
    const http = client();
    server.fault({ type: 'reset-after-handler' });
    const error = await http.request({ method: 'POST', path: '/things', form: { a: '1' } }).catch((e) => e);
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(true);
    expect(error.message).toMatch(/outcome is unknown/);
    expect(server.calls).toHaveLength(1);
    await http.close();
  });

  it('honours Retry-After on 429 and gives up past the wait cap', async () => {
    const http = client({ retry: { baseDelayMs: 5, maxTotalWaitMs: 500 } });
    server.fault({ type: 'status', status: 429, headers: { 'retry-after': '0' }, body: '{}' });
    const ok = await http.request({ method: 'GET', path: '/things' });
    expect(ok.status).toBe(200);
    server.fault({ type: 'status', status: 429, headers: { 'retry-after': '5' }, body: '{}' });
    const error = await http.request({ method: 'GET', path: '/things' }).catch((e) => e);
    expect(RateLimitError.isInstance(error)).toBe(true);
    expect(error.retryAfterMs).toBe(5000);
    await http.close();
  });

  it('parses text and keeps binary as bytes; malformed JSON is a ProviderError', async () => {
    const http = new HttpClient({ provider: 'Test', baseUrls: { default: server.url } });
    expect((await http.request({ method: 'GET', path: '/text' })).data).toBe('hello');
    const bytes = (await http.request({ method: 'GET', path: '/bytes' })).data;
    expect(bytes).toBeInstanceOf(Uint8Array);
    server.use(http_bad());
    const error = await http.request({ method: 'GET', path: '/bad' }).catch((e) => e);
    expect(ProviderError.isInstance(error)).toBe(true);
    await http.close();
  });

  it('never shows the credential in errors', async () => {
    const http = client();
    server.fault({ type: 'status', status: 401, body: '{"message":"bad key sk_test_secret_123456"}' });
    const error = await http.request({ method: 'GET', path: '/things' }).catch((e) => e);
    expect(JSON.stringify(error.toJSON())).not.toContain('sk_test_secret_123456');
    expect(error.message).not.toContain('sk_test_secret_123456');
    await http.close();
  });
});

function http_bad() {
  return http.get(
    '*/bad',
    () => new HttpResponse('{not json', { headers: { 'content-type': 'application/json' } }),
  );
}
