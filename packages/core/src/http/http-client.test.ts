import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, bearerAuth } from '../auth/simple-auth.js';
import { NetworkError } from '../errors/network-error.js';
import { ProviderError } from '../errors/provider-error.js';
import { RateLimitError } from '../errors/rate-limit-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { withTuning } from './client-options.js';
import type { ConcurrencySlots } from './concurrency.js';
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

  it('keeps an idempotency key the caller put in the headers', async () => {
    const http = client({ idempotency: { header: 'Idempotency-Key', methods: ['POST'] } });
    server.fault({ type: 'status', status: 500, body: '{}' });
    await http.request({
      method: 'POST',
      path: '/things',
      form: {},
      headers: { 'idempotency-key': 'mine-1' },
    });
    expect(server.calls.map((call) => call.headers['idempotency-key'])).toEqual(['mine-1', 'mine-1']);
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

describe('HttpClient failure paths', () => {
  it('retries a POST when the connection was refused (the request provably never left)', async () => {
    const closed = await createTestServer([]);
    const deadUrl = closed.url;
    await closed.close();
    const http = new HttpClient({
      provider: 'Test',
      baseUrls: { default: deadUrl },
      retry: { baseDelayMs: 1, maxRetries: 2 },
    });
    const error = await http.request({ method: 'POST', path: '/x', json: {} }).catch((e) => e);
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(false);
    expect(error.message).toMatch(/could not be reached/);
    await http.close();
  });

  it('retries a GET whose body was cut mid-response, and a GET that stalled past the header timeout', async () => {
    const http = client({ timeouts: { headersMs: 150 } });
    server.use(http_big());
    server.fault({ type: 'reset-mid-body', match: (call) => call.path === '/v1/big' });
    const res = await http.request<{ items: number[] }>({ method: 'GET', path: '/big' });
    expect(res.data.items).toHaveLength(20000);
    server.fault({ type: 'stall', match: (call) => call.path === '/v1/things' });
    const ok = await http.request({ method: 'GET', path: '/things' });
    expect(ok.status).toBe(200);
    expect(server.calls.filter((c) => c.path === '/v1/things')).toHaveLength(2);
    await http.close();
  });

  it('a POST that stalled is a TimeoutError whose outcome is unknown, sent once', async () => {
    const http = client({ timeouts: { headersMs: 150 } });
    server.fault({ type: 'stall' });
    const error = await http.request({ method: 'POST', path: '/things', json: { a: 1 } }).catch((e) => e);
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(true);
    expect(server.calls).toHaveLength(1);
    await http.close();
  });

  it('does not repeat a POST without key on 503, but does with a key', async () => {
    const http = client();
    server.fault({
      type: 'status',
      status: 503,
      body: '<html><body>down</body></html>',
      headers: { 'content-type': 'text/html' },
    });
    const error = await http.request({ method: 'POST', path: '/things', json: {} }).catch((e) => e);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error.status).toBe(503);
    expect(error.providerMessage).toBe('an HTML error page');
    expect(server.calls).toHaveLength(1);
    server.reset();
    server.fault({ type: 'status', status: 503, body: '{}' });
    await http.request({ method: 'POST', path: '/things', json: {}, idempotencyKey: 'key-1' });
    expect(server.calls).toHaveLength(2);
    await http.close();
  });

  it('follows the provider hint not to retry', async () => {
    const http = client({
      shouldRetry: ({ headers }: { headers: Record<string, string> }) =>
        headers['stripe-should-retry'] === undefined ? undefined : headers['stripe-should-retry'] === 'true',
    });
    server.fault({
      type: 'status',
      status: 500,
      headers: { 'stripe-should-retry': 'false', 'content-type': 'application/json' },
      body: '{}',
    });
    await http.request({ method: 'GET', path: '/things' }).catch(() => undefined);
    expect(server.calls).toHaveLength(1);
    await http.close();
  });

  it('ends the whole call at timeoutMs, and honours an AbortSignal', async () => {
    const http = client();
    server.fault({ type: 'stall', times: 5 });
    const error = await http.request({ method: 'GET', path: '/things', timeoutMs: 100 }).catch((e) => e);
    expect(TimeoutError.isInstance(error)).toBe(true);
    server.clearFaults();
    server.fault({ type: 'stall' });
    const controller = new AbortController();
    const pending = http
      .request({ method: 'GET', path: '/things', signal: controller.signal })
      .catch((e) => e);
    setTimeout(() => controller.abort(new Error('user stop')), 30);
    expect((await pending).message).toBe('user stop');
    await http.close();
  });

  it('keeps at most maxConcurrent calls in flight', async () => {
    const http = client({ maxConcurrent: 2 });
    let active = 0;
    let peak = 0;
    server.use(
      http_slow(
        () => {
          active += 1;
          peak = Math.max(peak, active);
        },
        () => {
          active -= 1;
        },
      ),
    );
    await Promise.all(Array.from({ length: 6 }, () => http.request({ method: 'GET', path: '/slow' })));
    expect(peak).toBe(2);
    await http.close();
  });

  it('keeps maxConcurrent across clients that share concurrencySlots (as host instances do)', async () => {
    // A budget shared by two clients, as a host's store shares one across processes.
    let held = 0;
    const waiting: (() => void)[] = [];
    const asked: { scope: string; limit: number }[] = [];
    const slots: ConcurrencySlots = async (scope, limit) => {
      asked.push({ scope, limit });
      while (held >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      held += 1;
      return () => {
        held -= 1;
        waiting.shift()?.();
      };
    };
    // One as a connector builds it from a connection's tuning, one given the option directly.
    const clients = [
      new HttpClient(
        withTuning(
          { provider: 'Test', baseUrls: { default: `${server.url}/v1` }, maxConcurrent: 2 },
          { concurrencySlots: slots },
        ),
      ),
      client({ maxConcurrent: 2, concurrencySlots: slots }),
    ];
    let active = 0;
    let peak = 0;
    server.use(
      http_slow(
        () => {
          active += 1;
          peak = Math.max(peak, active);
        },
        () => {
          active -= 1;
        },
      ),
    );
    await Promise.all(
      clients.flatMap((http) =>
        Array.from({ length: 5 }, () => http.request({ method: 'GET', path: '/slow' })),
      ),
    );
    // Each client alone would allow 2: together they still keep 2 in flight, not 4.
    expect(peak).toBe(2);
    expect(server.calls).toHaveLength(10);
    expect(held).toBe(0);
    expect(asked[0]).toEqual({ scope: 'Test', limit: 2 });
    // A client that cannot get a shared slot sends nothing and frees its own.
    const refused = client({
      maxConcurrent: 1,
      concurrencySlots: async () => {
        throw new TimeoutError('no slot');
      },
    });
    await expect(refused.request({ method: 'GET', path: '/slow' })).rejects.toThrow('no slot');
    expect(server.calls).toHaveLength(10);
    await Promise.all([...clients, refused].map((http) => http.close()));
  });

  it('lets the provider veto a retry, even of a 429, and tells it the request', async () => {
    const seen: string[] = [];
    const http = client({
      shouldRetry: ({ method, path, status }: { method: string; path: string; status: number }) => {
        seen.push(`${method} ${path} ${status}`);
        return false;
      },
    });
    server.fault({
      type: 'status',
      status: 429,
      headers: { 'retry-after': '0', 'content-type': 'application/json' },
      body: '{}',
    });
    const error = await http.request({ method: 'GET', path: '/things', query: { a: 1 } }).catch((e) => e);
    expect(RateLimitError.isInstance(error)).toBe(true);
    expect(server.calls).toHaveLength(1);
    expect(seen).toEqual(['GET /v1/things 429']);
    await http.close();
  });

  it('holds a concurrency slot until a streamed body is finished', async () => {
    const http = client({ maxConcurrent: 1 });
    const first = await http.request<NodeJS.ReadableStream & { destroy(): void }>({
      method: 'GET',
      path: '/things',
      responseType: 'stream',
    });
    let secondDone = false;
    const second = http.request({ method: 'GET', path: '/things' }).then(() => {
      secondDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(secondDone).toBe(false);
    for await (const _chunk of first.data) {
      // drain
    }
    await second;
    expect(secondDone).toBe(true);
    await http.close();
  });

  it('refuses a base URL with credentials or another scheme', () => {
    expect(
      () => new HttpClient({ provider: 'T', baseUrls: { default: 'https://user:pw@example.com' } }),
    ).toThrow(/credentials/);
    expect(() => new HttpClient({ provider: 'T', baseUrls: { default: 'file:///etc' } })).toThrow(
      /http or https/,
    );
  });
});

function http_big() {
  return http.get('*/v1/big', () => HttpResponse.json({ items: Array.from({ length: 20000 }, (_, i) => i) }));
}

function http_slow(enter: () => void, leave: () => void) {
  return http.get('*/v1/slow', async () => {
    enter();
    await new Promise((resolve) => setTimeout(resolve, 20));
    leave();
    return HttpResponse.json({});
  });
}

function http_bad() {
  return http.get(
    '*/bad',
    () => new HttpResponse('{not json', { headers: { 'content-type': 'application/json' } }),
  );
}

describe('deadlines through the caller signal', () => {
  it('a write cut by AbortSignal.timeout is a TimeoutError whose outcome is unknown', async () => {
    const http = client();
    server.fault({ type: 'stall' });
    const error = await http
      .request({ method: 'POST', path: '/things', json: {}, signal: AbortSignal.timeout(100) })
      .catch((e) => e);
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(true);
    await http.close();
  });
});

describe('base URLs', () => {
  const refusals: [string, RegExp][] = [
    ['https://api.example.com/v1?x=', /query string/],
    ['https://api.example.com/admin?x=/v1/', /query string/],
    ['https://api.example.com/v1?', /query string/],
    ['https://api.example.com/v1#frag', /fragment/],
    ['https://api.example.com/v1#', /fragment/],
    ['https://user:pw@api.example.com', /user info/],
    ['https://user@api.example.com', /user info/],
    ['https://@api.example.com', /user info/],
    ['file:///etc', /http or https/],
    ['not a url', /not a valid URL/],
  ];

  it.each(refusals)('refuses %j with a ValidationError naming baseUrl', (raw, message) => {
    const error = (() => {
      try {
        new HttpClient({ provider: 'T', baseUrls: { default: raw } });
      } catch (caught) {
        return caught;
      }
    })();
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).parameter).toBe('baseUrl');
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('pw');
  });

  it('names the option each base URL came from', () => {
    const parameterOf = (baseUrls: Record<string, string>, baseUrlOptions?: Record<string, string>) => {
      try {
        new HttpClient({ provider: 'T', baseUrls, baseUrlOptions });
      } catch (caught) {
        return (caught as ValidationError).parameter;
      }
    };
    const ok = 'https://api.example.com';
    expect(parameterOf({ dashboard: 'https://x.example/?a=1', ingestion: ok })).toBe('baseUrl');
    expect(parameterOf({ dashboard: ok, ingestion: 'https://x.example/?a=1' })).toBe('ingestionBaseUrl');
    expect(parameterOf({ default: ok, token: 'https://x.example/token?a=1' })).toBe('tokenUrl');
    expect(parameterOf({ docs: ok, files: 'https://x.example/#a' }, { files: 'fileApiBaseUrl' })).toBe(
      'fileApiBaseUrl',
    );
  });

  it('keeps a base path prefix', async () => {
    const api = new HttpClient({ provider: 'T', baseUrls: { default: `${server.url}/v1/` } });
    await api.request({ method: 'GET', path: '/things' });
    expect(server.calls[0]?.path).toBe('/v1/things');
    expect(api.url('/things')).toBe(`${server.url}/v1/things`);
    await api.close();
  });
});

describe('masking credentials in answers', () => {
  const KEY = 'sk_test_secret_123456';

  it('masks a key echoed in a text error body before cutting it to 500 characters', async () => {
    const api = client({ retry: false });
    // The key straddles the cut: cutting first would leave "sk_test_se" behind.
    const body = `${'x'.repeat(490)}${KEY}${'y'.repeat(40)}`;
    server.fault({ type: 'status', status: 400, headers: { 'content-type': 'text/plain' }, body });
    const error = await api.request({ method: 'GET', path: '/things' }).catch((e) => e);
    expect(ProviderError.isInstance(error)).toBe(true);
    const shown = JSON.stringify(error.toJSON());
    for (let start = 0; start + 8 <= KEY.length; start += 1) {
      expect(shown).not.toContain(KEY.slice(start, start + 8));
    }
    expect(error.providerMessage).toBe(`${'x'.repeat(490)}[REDACTED]…`);
    await api.close();
  });

  it('hands a connector’s error parser a body already masked', async () => {
    const seen: unknown[] = [];
    const api = client({
      parseError: (response: { body: unknown }) => {
        seen.push(response.body);
        return undefined;
      },
    });
    server.fault({ type: 'status', status: 401, body: JSON.stringify({ error: { message: `bad ${KEY}` } }) });
    await api.request({ method: 'GET', path: '/things' }).catch(() => undefined);
    expect(seen).toEqual([{ error: { message: 'bad [REDACTED]' } }]);
    await api.close();
  });

  it('masks the key a provider echoes in a successful JSON, text or binary answer, and in headers', async () => {
    server.use(
      http.get('*/v1/echo.json', ({ request }) =>
        HttpResponse.json(
          { auth: request.headers.get('authorization'), [KEY]: [KEY], n: 1 },
          { headers: { 'x-debug': `key=${KEY}` } },
        ),
      ),
      http.get('*/v1/echo.txt', () => HttpResponse.text(`your key is ${KEY}.`)),
      http.get(
        '*/v1/echo.bin',
        () =>
          new HttpResponse(Buffer.from(`\u0001${KEY}\u0002`), {
            headers: { 'content-type': 'application/octet-stream' },
          }),
      ),
    );
    const api = client();
    const json = await api.request({ method: 'GET', path: '/echo.json' });
    expect(json.data).toEqual({ auth: 'Bearer [REDACTED]', '[REDACTED]': ['[REDACTED]'], n: 1 });
    expect(json.headers['x-debug']).toBe('key=[REDACTED]');
    const text = await api.request({ method: 'GET', path: '/echo.txt' });
    expect(text.data).toBe('your key is [REDACTED].');
    const bytes = await api.request<Uint8Array>({ method: 'GET', path: '/echo.bin' });
    expect(Buffer.from(bytes.data).toString('latin1')).toBe('\u0001[REDACTED]\u0002');
    await api.close();
  });

  it('masks both halves of a Basic pair, and a call without credentials only when asked', async () => {
    server.use(
      http.all('*/v1/echo', ({ request }) => {
        const basic = request.headers.get('authorization')?.split(' ')[1];
        return HttpResponse.text(`user apiKey12345 secret secretKey6789 ${basic ? 'sent' : 'none'}`);
      }),
    );
    const api = new HttpClient({
      provider: 'Test',
      baseUrls: { default: `${server.url}/v1` },
      auth: basicAuth('apiKey12345', 'secretKey6789'),
    });
    // A token endpoint answers with credentials by design: a call with `auth: false` gets them whole.
    expect((await api.request({ method: 'GET', path: '/echo', auth: false })).data).toBe(
      'user apiKey12345 secret secretKey6789 none',
    );
    expect((await api.request({ method: 'GET', path: '/echo', auth: false, redact: true })).data).toBe(
      'user [REDACTED] secret [REDACTED] none',
    );
    expect((await api.request({ method: 'GET', path: '/echo' })).data).toBe(
      'user [REDACTED] secret [REDACTED] sent',
    );
    await api.close();
  });

  it('leaves an answer without any credential untouched', async () => {
    const api = client();
    const res = await api.request({ method: 'GET', path: '/things', query: { a: 'sk_test' } });
    expect(res.data).toEqual({ ok: true, q: 'sk_test' });
    await api.close();
  });
});

describe('redirects', () => {
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const statuses = [301, 302, 303, 307, 308];

  it.each(methods.flatMap((method) => statuses.map((status) => [method, status] as const)))(
    '%s answered %i is a ProviderError that says where it points, sent once and not followed',
    async (method, status) => {
      const elsewhere = await createTestServer([http.all('*', () => HttpResponse.json({ followed: true }))]);
      const api = client({ idempotency: { header: 'Idempotency-Key', methods: ['POST'] } });
      server.fault({ type: 'status', status, headers: { location: `${elsewhere.url}/v2/things` } });
      const error = await api
        .request({ method, path: '/things', ...(method === 'GET' ? {} : { json: {} }) })
        .catch((e) => e);
      expect(ProviderError.isInstance(error)).toBe(true);
      expect(error.status).toBe(status);
      expect(error.retryable).toBe(false);
      expect(error.message).toContain(`redirect to ${elsewhere.url}/v2/things`);
      expect(error.details).toEqual({ location: `${elsewhere.url}/v2/things` });
      expect(server.calls).toHaveLength(1);
      expect(elsewhere.calls).toHaveLength(0);
      await api.close();
      await elsewhere.close();
    },
  );

  it('masks user info and credentials in the Location, and resolves a relative one', async () => {
    const api = client();
    server.fault({
      type: 'status',
      status: 302,
      headers: { location: 'https://admin:hunter2secret@evil.example/x?key=sk_test_secret_123456' },
    });
    const error = await api.request({ method: 'GET', path: '/things' }).catch((e) => e);
    expect(error.message).toContain('https://[REDACTED]@evil.example/x?key=[REDACTED]');
    expect(JSON.stringify(error.toJSON())).not.toMatch(/hunter2|admin|sk_test_secret/);
    server.fault({ type: 'status', status: 301, headers: { location: '/v2/things' } });
    const relative = await api.request({ method: 'GET', path: '/things' }).catch((e) => e);
    expect(relative.message).toContain(`redirect to ${server.url}/v2/things`);
    server.fault({ type: 'status', status: 302 });
    const nowhere = await api.request({ method: 'GET', path: '/things' }).catch((e) => e);
    expect(nowhere.message).toContain('a redirect without a Location');
    await api.close();
  });

  it("hands a redirect back when asked, and follows a link without the connection's credentials or headers", async () => {
    const elsewhere = await createTestServer([
      http.get('*/file.csv', () =>
        HttpResponse.text('a,b\n1,2\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    ]);
    const api = client({ headers: { 'X-Account': 'acct_1' } });
    const link = `${elsewhere.url}/file.csv?X-Amz-Signature=abc123`;
    for (const responseType of ['auto', 'stream'] as const) {
      server.fault({ type: 'status', status: 302, headers: { location: link } });
      const answer = await api.request({ method: 'GET', path: '/things', redirect: 'return', responseType });
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(link);
      expect(answer.data).toBeUndefined();
    }
    const file = await api.request<string>({ method: 'GET', url: link, auth: false, responseType: 'text' });
    expect(file.data).toBe('a,b\n1,2\n');
    expect(elsewhere.calls[0]?.path).toBe('/file.csv');
    expect(elsewhere.calls[0]?.headers.authorization).toBeUndefined();
    expect(elsewhere.calls[0]?.headers['x-account']).toBeUndefined();
    await api.close();
    await elsewhere.close();
  });

  it('refuses a link called with credentials, or one that is not http(s), sending nothing', async () => {
    const api = client();
    for (const [url, auth] of [
      [`${server.url}/v1/things`, undefined],
      ['file:///etc/passwd', false],
    ] as const) {
      const error = await api.request({ method: 'GET', url, auth }).catch((e) => e);
      expect(ValidationError.isInstance(error)).toBe(true);
      expect(error.parameter).toBe('url');
    }
    expect(server.calls).toHaveLength(0);
    await api.close();
  });

  it('takes a 304 as an answer only to a conditional request', async () => {
    const api = client();
    server.fault({ type: 'status', status: 304, headers: {} });
    const error = await api.request({ method: 'GET', path: '/things' }).catch((e) => e);
    expect(ProviderError.isInstance(error)).toBe(true);
    server.fault({ type: 'status', status: 304, headers: {} });
    const res = await api.request({ method: 'GET', path: '/things', headers: { 'If-None-Match': '"v1"' } });
    expect(res.status).toBe(304);
    await api.close();
  });
});

describe('what HTTP cannot carry is the caller’s error, sent nowhere', () => {
  it.each([
    [{ 'X-Note': 'Zażółć' }, 'headers.X-Note'],
    [{ 'X-Note': 'emoji 🙂' }, 'headers.X-Note'],
    [{ 'X-Note': 'a\r\nInjected: 1' }, 'headers.X-Note'],
    [{ 'X-Note': 'nul\u0000' }, 'headers.X-Note'],
    [{ 'Bad Name': 'x' }, 'headers.Bad Name'],
  ])('refuses headers %j naming %s', async (headers, parameter) => {
    const api = client();
    const error = await api.request({ method: 'GET', path: '/things', headers }).catch((e) => e);
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(server.calls).toHaveLength(0);
    await api.close();
  });

  it('sends Latin-1 header text as it is', async () => {
    const api = client();
    await api.request({ method: 'GET', path: '/things', headers: { 'X-Note': 'café' } });
    expect(server.calls).toHaveLength(1);
    await api.close();
  });

  it('refuses a path with characters HTTP cannot carry', async () => {
    const api = client();
    const error = await api.request({ method: 'GET', path: '/things/Łódź' }).catch((e) => e);
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('path');
    expect(server.calls).toHaveLength(0);
    await api.close();
  });

  it('refuses a credential holding a line break without showing it', async () => {
    const api = new HttpClient({
      provider: 'Test',
      baseUrls: { default: server.url },
      auth: bearerAuth('sk_test_pasted_key_99\n'),
    });
    const error = await api.request({ method: 'GET', path: '/things' }).catch((e) => e);
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('credentials');
    expect(JSON.stringify(error.toJSON())).not.toContain('pasted_key');
    expect(server.calls).toHaveLength(0);
    await api.close();
  });
});
