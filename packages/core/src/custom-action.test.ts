import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearerAuth } from './auth/simple-auth.js';
import { defineConnector } from './connector.js';
import {
  customActionResultSchema,
  defineCustomAction,
  guardHeaders,
  guardPath,
  shapeCustomResult,
} from './custom-action.js';
import { ValidationError } from './errors/validation-error.js';
import { HttpClient } from './http/http-client.js';
import { createTestServer, type TestServer } from './testing/test-server.js';

const PREFIXES = ['/v1/'];

describe('guardPath', () => {
  const refused = [
    'https://evil.example/v1/x',
    'http://127.0.0.1/v1/x',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    '//evil.example/v1/x',
    '/\\evil.example',
    '\\\\evil.example',
    'v1/customers',
    '/v1/../admin',
    '/v1/%2e%2e/admin',
    '/v1/%252e%252e/admin',
    '/v1/.%2E/admin',
    '/v1/./customers',
    '/v1/customers%2f..%2fadmin',
    '/v1/customers\r\nHost: evil',
    '/v1/customers%0d%0aX: y',
    '/v1/customers#frag',
    '/v2/customers',
    '/%2f%2fevil.example/v1/',
    '/v1/customers %20',
    '/v1/%zz',
    '@evil.example/v1/',
    '/v1/customers\u0000',
  ];
  it.each(refused)('refuses %j before any request', (path) => {
    expect(() => guardPath(path, PREFIXES)).toThrow(ValidationError);
    try {
      guardPath(path, PREFIXES);
    } catch (error) {
      expect((error as ValidationError).parameter).toBe('path');
    }
  });

  it('accepts paths under the prefix, splits the query and folds repeated slashes', () => {
    expect(guardPath('/v1/customers', PREFIXES)).toEqual({ path: '/v1/customers', search: '' });
    expect(guardPath('/v1//events?limit=3', PREFIXES)).toEqual({ path: '/v1/events', search: 'limit=3' });
    expect(guardPath('/v1/documents/abc:batchUpdate', PREFIXES).path).toBe('/v1/documents/abc:batchUpdate');
    expect(guardPath('/v1/customers/cus_%41', PREFIXES).path).toBe('/v1/customers/cus_%41');
  });
});

describe('guardHeaders', () => {
  it.each([
    [{ Authorization: 'Bearer x' }, 'headers.Authorization'],
    [{ host: 'evil' }, 'headers.host'],
    [{ 'Proxy-Authorization': 'x' }, 'headers.Proxy-Authorization'],
    [{ 'X-Ok': 'a\r\nInjected: 1' }, 'headers.X-Ok'],
    [{ 'X-Ok': 'a\nb' }, 'headers.X-Ok'],
    [{ 'Bad Name': 'x' }, 'headers.Bad Name'],
    [{ Cookie: 'a=b' }, 'headers.Cookie'],
    [{ 'X-Note': 'Zażółć' }, 'headers.X-Note'],
    [{ 'X-Note': 'tab\tok but bell \u0007' }, 'headers.X-Note'],
  ])('refuses %j naming %s', (headers, parameter) => {
    try {
      guardHeaders(headers as Record<string, string>);
      expect.unreachable();
    } catch (error) {
      expect(ValidationError.isInstance(error)).toBe(true);
      expect((error as ValidationError).parameter).toBe(parameter);
    }
  });

  it('passes ordinary headers, lower-cased', () => {
    expect(guardHeaders({ 'Stripe-Account': 'acct_1', Accept: 'application/json' })).toEqual({
      'stripe-account': 'acct_1',
      accept: 'application/json',
    });
  });
});

describe('defineCustomAction', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer([
      http.all('*', async ({ request }) => {
        const url = new URL(request.url);
        if (url.pathname.endsWith('.pdf')) {
          return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
            headers: { 'content-type': 'application/pdf' },
          });
        }
        if (url.pathname.endsWith('.txt')) return HttpResponse.text('plain');
        if (url.pathname.endsWith('/echo')) {
          const auth = request.headers.get('authorization') ?? '';
          const format = url.searchParams.get('as');
          if (format === 'text') return HttpResponse.text(`you sent ${auth}`);
          if (format === 'bytes') {
            return new HttpResponse(Buffer.from(`you sent ${auth}`), {
              headers: { 'content-type': 'application/octet-stream' },
            });
          }
          return HttpResponse.json({ youSent: auth });
        }
        return HttpResponse.json({ path: url.pathname, query: url.search, body: await request.text() });
      }),
    ]);
  });
  afterEach(() => server.reset());
  afterAll(() => server.close());

  const connector = () =>
    defineConnector({
      id: 'test',
      title: 'Test',
      description: 'test',
      credentials: z.object({ apiKey: z.string() }),
      options: z.object({ baseUrl: z.string() }),
      auth: { type: 'apiKey' },
      commands: {
        customAction: defineCustomAction({
          apis: { default: ['/v1/'] },
          defaultApi: 'default',
          bodyEncoding: 'form',
          description: 'Any /v1/ endpoint',
          pathDescription: 'Path under /v1/',
        }),
      },
      createContext: ({ credentials, options }) => {
        const client = new HttpClient({
          provider: 'Test',
          baseUrls: { default: options.baseUrl },
          auth: bearerAuth(credentials.apiKey),
        });
        return { http: client, close: () => client.close() };
      },
    });

  it('sends form bodies and queries to the base URL with the connection credentials', async () => {
    const client = connector().connect({
      credentials: { apiKey: 'sk_test_custom_key' },
      baseUrl: server.url,
    });
    const result = await client.runUnknown('customAction', {
      method: 'POST',
      path: '/v1/coupons?expand[]=x',
      query: { a: 1 },
      body: { percent_off: 25, duration: 'once' },
    });
    expect(result).toEqual({
      path: '/v1/coupons',
      query: '?expand[]=x&a=1',
      body: 'percent_off=25&duration=once',
    });
    expect(server.calls[0]?.headers.authorization).toBe('Bearer sk_test_custom_key');
    await client.close();
  });

  it('returns text as {text} and binary as {contentType, size, base64}', async () => {
    const client = connector().connect({
      credentials: { apiKey: 'sk_test_custom_key' },
      baseUrl: server.url,
    });
    expect(await client.runUnknown('customAction', { method: 'GET', path: '/v1/file.txt' })).toEqual({
      text: 'plain',
    });
    expect(await client.runUnknown('customAction', { method: 'GET', path: '/v1/file.pdf' })).toEqual({
      contentType: 'application/pdf',
      size: 4,
      base64: 'JVBERg==',
    });
    await client.close();
  });

  it('sends nothing for a refused path or header', async () => {
    const client = connector().connect({
      credentials: { apiKey: 'sk_test_custom_key' },
      baseUrl: server.url,
    });
    await expect(
      client.runUnknown('customAction', { method: 'GET', path: '//evil.example/v1/' }),
    ).rejects.toThrow(ValidationError);
    await expect(
      client.runUnknown('customAction', {
        method: 'GET',
        path: '/v1/x',
        headers: { Authorization: 'Bearer other' },
      }),
    ).rejects.toThrow(/cannot be set/);
    expect(server.calls).toHaveLength(0);
    await client.close();
  });

  it('refuses at connect a base URL whose query would make the /v1/ guard a query value', async () => {
    // With the query kept as a prefix, `/v1/x` went to `/admin?x=/v1/x` and the answer came back.
    let error: unknown;
    try {
      connector().connect({
        credentials: { apiKey: 'sk_test_custom_key' },
        baseUrl: `${server.url}/admin?x=`,
      });
    } catch (caught) {
      error = caught;
    }
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).parameter).toBe('baseUrl');
    expect(server.calls).toHaveLength(0);
  });

  it('refuses a header above U+00FF naming it, before anything is sent', async () => {
    const client = connector().connect({
      credentials: { apiKey: 'sk_test_custom_key' },
      baseUrl: server.url,
    });
    const error = await client
      .runUnknown('customAction', { method: 'GET', path: '/v1/x', headers: { 'X-Note': 'Łódź' } })
      .catch((caught: unknown) => caught);
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).parameter).toBe('headers.X-Note');
    expect(server.calls).toHaveLength(0);
    await client.close();
  });

  it.each([
    ['json', { youSent: 'Bearer [REDACTED]' }],
    ['text', { text: 'you sent Bearer [REDACTED]' }],
  ])('masks the key an endpoint echoes in its %s answer', async (as, expected) => {
    const client = connector().connect({
      credentials: { apiKey: 'sk_test_custom_key' },
      baseUrl: server.url,
    });
    expect(await client.runUnknown('customAction', { method: 'GET', path: `/v1/echo?as=${as}` })).toEqual(
      expected,
    );
    await client.close();
  });

  it('masks the key an endpoint echoes in a binary answer, whose base64 would hide it from a scan', async () => {
    const client = connector().connect({
      credentials: { apiKey: 'sk_test_custom_key' },
      baseUrl: server.url,
    });
    const result = (await client.runUnknown('customAction', {
      method: 'GET',
      path: '/v1/echo?as=bytes',
    })) as {
      base64: string;
    };
    expect(Buffer.from(result.base64, 'base64').toString('utf8')).toBe('you sent Bearer [REDACTED]');
    await client.close();
  });
});

describe('shapeCustomResult', () => {
  it('returns an empty object for an empty body (a 204)', () => {
    expect(shapeCustomResult('', undefined)).toEqual({});
    expect(shapeCustomResult(undefined, 'application/json')).toEqual({});
    expect(shapeCustomResult('ok', 'text/plain')).toEqual({ text: 'ok' });
  });
});

describe('customActionResultSchema', () => {
  const schema = customActionResultSchema(z, 'Acme', { object: z.string().optional() });

  it('lets any JSON answer through as it came, and the shaped text and binary answers', () => {
    const answer = { object: 'thing', id: 'th_1', size: '1234', nested: { a: [1] } };
    expect(schema.parse(answer)).toEqual(answer);
    expect(schema.parse(shapeCustomResult('plain', 'text/plain'))).toEqual({ text: 'plain' });
    const bytes = shapeCustomResult(new Uint8Array([1, 2, 3]), 'application/pdf');
    expect(schema.parse(bytes)).toEqual({ contentType: 'application/pdf', size: 3, base64: 'AQID' });
  });

  it('refuses a declared field of the wrong type, and names the provider in its description', () => {
    expect(schema.safeParse({ object: 42 }).success).toBe(false);
    expect(schema.safeParse({ text: 1 }).success).toBe(false);
    const json = z.toJSONSchema(schema) as { type?: string; description?: string };
    expect(json.type).toBe('object');
    expect(json.description).toMatch(/^Acme's JSON answer/);
  });
});
