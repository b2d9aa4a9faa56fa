// Every Custom Action goes through core's guard: a list of SSRF attempts per connector and API, each
// refused as a ValidationError before any request, and credentials sent only to the connection's own
// base URLs.
import { ValidationError } from '@c/core';
import { createTestServer, type TestServer } from '@c/core/testing';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectors, connectTo } from './connectors.js';

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
