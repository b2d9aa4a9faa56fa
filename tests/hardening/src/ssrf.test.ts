// Every Custom Action goes through core's guard: a list of SSRF attempts per connector and API, each
// refused as a ValidationError before any request, and credentials sent only to the connection's own
// base URLs. Every base URL option of every connector refuses user info, a query or a fragment at
// connect(), before any request (a query would turn the path guard into a query value). A provider
// answering with a redirect is an error that says where it points, never followed (the credentials
// would go with it) and never a success (a wrong base URL must fail the connection check).
import { ProviderError, ValidationError } from '@c/core';
import { createTestServer, type TestServer } from '@c/core/testing';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectors, connectTo, FAKE_SECRETS } from './connectors.js';

let server: TestServer;
// Started before the tests are collected: the attempts below aim at its real loopback address.
const elsewhere: TestServer = await createTestServer([
  http.all('*', () => HttpResponse.json({ stolen: true })),
]);
beforeAll(async () => {
  server = await createTestServer([http.all('*', () => HttpResponse.json({ ok: true }))]);
});
afterAll(async () => {
  await server.close();
  await elsewhere.close();
});

/** Paths an attacker (or a confused model) might hand to a Custom Action. */
function attempts(prefix: string): string[] {
  const host = new URL(elsewhere.url).host;
  return [
    `http://${host}${prefix}x`,
    `https://${host}${prefix}x`,
    `//${host}${prefix}x`,
    `///${host}${prefix}x`,
    `\\\\${host}${prefix}x`,
    `/\\${host}${prefix}x`,
    `${prefix}../../admin`,
    `${prefix}..%2f..%2fadmin`,
    `${prefix}%2e%2e/%2e%2e/admin`,
    `${prefix}%252e%252e/admin`,
    `${prefix}%c0%ae%c0%ae/admin`,
    `${prefix}x%0d%0aHost:%20${host}`,
    `${prefix}x\r\nHost: ${host}`,
    `http://user:pass@${host}${prefix}`,
    `http://${host}@127.0.0.1${prefix}`,
    `http://[::1]${prefix}x`,
    `http://[::ffff:127.0.0.1]${prefix}x`,
    `http://0x7f000001${prefix}x`,
    `http://2130706433${prefix}x`,
    `@${host}${prefix}x`,
    `${prefix}x#@${host}`,
    `file:///etc/passwd`,
    `gopher://${host}/`,
    `/etc/passwd`,
    ``,
  ];
}

const customActions: { connector: string; api?: string; prefix: string }[] = [
  { connector: 'payments', prefix: '/v1/' },
  { connector: 'analytics', api: 'dashboard', prefix: '/api/2/' },
  { connector: 'analytics', api: 'ingestion', prefix: '/2/' },
  { connector: 'docs', api: 'files', prefix: '/drive/v3/' },
  { connector: 'docs', api: 'docs', prefix: '/v1/documents/' },
];

describe.each(customActions)('$connector customAction ($api)', ({ connector: id, api, prefix }) => {
  const connector = connectors.find((candidate) => candidate.id === id)!;

  it.each(attempts(prefix).map((path) => [path]))('refuses %j before sending', async (path) => {
    const client = connectTo(connector, server.url);
    const before = server.calls.length + elsewhere.calls.length;
    const error = await client
      .runUnknown('customAction', { method: 'GET', path, ...(api ? { api } : {}) })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(ValidationError.isInstance(error), `${path} was not refused`).toBe(true);
    expect(server.calls.length + elsewhere.calls.length).toBe(before);
    await client.close();
  });

  it.each([
    [{ Authorization: 'Bearer attacker' }],
    [{ host: new URL('http://example.com').host }],
    [{ 'X-Injected': 'a\r\nAuthorization: Bearer x' }],
    [{ 'Proxy-Authorization': 'Basic eA==' }],
  ])('refuses headers %j', async (headers) => {
    const client = connectTo(connector, server.url);
    const before = server.calls.length;
    const error = await client
      .runUnknown('customAction', { method: 'GET', path: `${prefix}x`, headers, ...(api ? { api } : {}) })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(server.calls.length).toBe(before);
    await client.close();
  });

  it('sends an allowed path to the connection’s own base URL, with its credentials, and nowhere else', async () => {
    const client = connectTo(connector, server.url);
    server.reset();
    await client.runUnknown('customAction', { method: 'GET', path: `${prefix}x`, ...(api ? { api } : {}) });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.path.startsWith(prefix.replace(/\/$/, ''))).toBe(true);
    expect(elsewhere.calls).toHaveLength(0);
    await client.close();
  });
});

/** Working credentials of each connector, so that only the base URL can be refused. */
const CREDENTIALS: Record<string, Record<string, string>> = {
  payments: { apiKey: FAKE_SECRETS.payments },
  analytics: { apiKey: FAKE_SECRETS.analyticsKey, secretKey: FAKE_SECRETS.analyticsSecret },
  issues: { apiKey: FAKE_SECRETS.issues },
  docs: { accessToken: FAKE_SECRETS.docs },
};

describe.each(connectors.map((connector) => [connector.id, connector] as const))(
  '%s base URL options',
  (_id, connector) => {
    const urlOptions = Object.keys(connector.options.shape).filter((key) => /Url$/.test(key));
    const shapes = (url: string) => [
      `${url}/admin?x=`,
      `${url}/admin?`,
      `${url}/v1#x`,
      url.replace('://', '://user:pw@'),
      url.replace('://', '://@'),
    ];

    it('has base URL options to check', () => {
      expect(urlOptions.length).toBeGreaterThan(0);
    });

    it.each(urlOptions.flatMap((option) => shapes('http://127.0.0.1:1').map((bad) => [option, bad])))(
      'refuses %s = %j at connect, naming it, before any request',
      (option, bad) => {
        const before = server.calls.length + elsewhere.calls.length;
        const url = bad.replace('http://127.0.0.1:1', server.url);
        const good = Object.fromEntries(urlOptions.map((key) => [key, server.url]));
        let error: unknown;
        try {
          const client = connector.connect({
            credentials: CREDENTIALS[connector.id],
            ...good,
            [option]: url,
          } as never);
          void client.close();
        } catch (caught) {
          error = caught;
        }
        expect(ValidationError.isInstance(error), `${option}=${url} was accepted`).toBe(true);
        expect((error as ValidationError).parameter).toBe(option);
        expect(JSON.stringify(error)).not.toContain('pw@');
        expect(server.calls.length + elsewhere.calls.length).toBe(before);
      },
    );
  },
);

describe.each(connectors.map((connector) => [connector.id, connector] as const))(
  '%s against a base URL that redirects',
  (id, connector) => {
    let redirecting: TestServer;
    beforeAll(async () => {
      redirecting = await createTestServer([
        http.all('*', ({ request }) => {
          const { pathname, search } = new URL(request.url);
          return new HttpResponse(null, {
            status: 301,
            headers: { location: `${elsewhere.url}${pathname}${search}` },
          });
        }),
      ]);
    });
    afterAll(() => redirecting.close());

    it('fails the connection check with a ProviderError naming the Location, and follows nothing', async () => {
      const client = connectTo(connector, redirecting.url);
      const before = elsewhere.calls.length;
      const error = await client.verify().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(ProviderError.isInstance(error), `${id} verify passed against a redirect`).toBe(true);
      expect((error as ProviderError).status).toBe(301);
      expect((error as ProviderError).retryable).toBe(false);
      expect((error as Error).message).toContain(elsewhere.url);
      expect(redirecting.calls.length).toBeGreaterThan(0);
      expect(elsewhere.calls.length).toBe(before);
      await client.close();
    });
  },
);

it('payments createCustomer against a redirecting server fails once, sending nothing elsewhere', async () => {
  const redirecting = await createTestServer([
    http.all(
      '*',
      () => new HttpResponse(null, { status: 302, headers: { location: `${elsewhere.url}/v1/customers` } }),
    ),
  ]);
  const client = connectTo(connectors.find((connector) => connector.id === 'payments')!, redirecting.url);
  const before = elsewhere.calls.length;
  const error = await client.runUnknown('createCustomer', { email: 'a@example.com' }).then(
    (result: unknown) => result,
    (caught: unknown) => caught,
  );
  expect(ProviderError.isInstance(error), `createCustomer returned ${JSON.stringify(error)}`).toBe(true);
  expect((error as Error).message).toContain(`${elsewhere.url}/v1/customers`);
  expect(redirecting.calls).toHaveLength(1);
  expect(elsewhere.calls.length).toBe(before);
  await client.close();
  await redirecting.close();
});
