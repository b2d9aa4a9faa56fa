import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConnectors } from '../connectors.js';
import { createHttpServer } from '../http/server.js';
import { type Sandbox, startSandbox } from '../sandbox/sandbox.js';
import { approve, call, cookieFrom } from '../test-support/http.js';
import { tempHost } from '../test-support/temp-host.js';

let host: Awaited<ReturnType<typeof tempHost>>;
let sandbox: Sandbox;
let app: FastifyInstance;
let base: string;
let port: number;

beforeAll(async () => {
  host = await tempHost(await loadConnectors(['issues', 'docs']), { token: 'oauth-test-token-000000' });
  await host.access.init();
  sandbox = await startSandbox(host);
  app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await app.close();
  await sandbox.close();
  await host.cleanup();
});

/** A browser signed in to the host through a one-time link. */
async function browser(): Promise<{ cookies: Record<string, string>; header(): string }> {
  const signIn = await call(base, 'GET', `/auth?token=${await host.access.createLoginToken()}`);
  const cookies: Record<string, string> = {};
  const session = cookieFrom(signIn, `c_host_session_${port}=`)!;
  cookies.session = session;
  return { cookies, header: () => Object.values(cookies).join('; ') };
}

/** Starts Connect in the browser; returns the authorization URL and keeps the binding cookie. */
async function start(client: Awaited<ReturnType<typeof browser>>, connector: string, connection: string) {
  const response = await call(base, 'GET', `/api/oauth/${connector}/start?connection=${connection}`, {
    headers: { cookie: client.header() },
  });
  expect(response.status).toBe(302);
  const binding = cookieFrom(response, `c_host_oauth_${port}=`);
  if (binding) client.cookies.oauth = binding;
  const location = new URL(String(response.headers.location));
  expect(location.searchParams.get('code_challenge_method')).toBe('S256');
  expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(location.searchParams.get('redirect_uri')).toBe(`${base}/api/oauth/callback`);
  return location.toString();
}

async function callback(client: Awaited<ReturnType<typeof browser>> | undefined, location: string) {
  const url = new URL(location);
  const response = await call(base, 'GET', `${url.pathname}${url.search}`, {
    headers: client ? { cookie: client.header() } : {},
  });
  const message = /const m=(\{.*?\});/.exec(response.text)?.[1];
  return { status: response.status, message: message ? JSON.parse(message) : undefined, text: response.text };
}

describe.each([
  ['issues', 'issues.searchTeams', { name: 'eng' }],
  ['docs', 'docs.searchDocuments', { name: 'sync' }],
])('OAuth Connect and Reconnect: %s', (connector, commandId, input) => {
  const name = `${connector}-oauth`;

  it('connects through the provider: PKCE, state, tokens stored encrypted, commands work', async () => {
    const client = await browser();
    const back = await callback(client, await approve(await start(client, connector, name)));
    expect(back.status).toBe(200);
    expect(back.message).toEqual({ type: 'c-host:oauth', ok: true, connection: name });
    const view = await host.connections.get(name);
    expect(view).toMatchObject({ connector, status: 'ok', sandbox: true });
    expect(view.credentialHints.accessToken).toContain('…');
    expect(JSON.stringify(view)).not.toContain(
      (await host.store.connections.get(name))!.credentials.accessToken as string,
    );
    await expect(host.runner.call(commandId, input, { connection: name })).resolves.toBeDefined();
  });

  it('refuses an unknown state, a replayed state and a callback from another browser', async () => {
    const client = await browser();
    const redirect = await approve(await start(client, connector, `${name}-x`));
    const forged = new URL(redirect);
    forged.searchParams.set('state', 'forged-state-value');
    const unknown = await callback(client, forged.toString());
    expect(unknown.status).toBe(400);
    expect(unknown.message).toMatchObject({ ok: false });

    const other = await browser();
    const elsewhere = await callback(other, redirect);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.message.error).toMatch(/another browser/);
    // The state was spent by that attempt: the right browser cannot use it either now.
    const replay = await callback(client, redirect);
    expect(replay.status).toBe(400);
    expect(replay.message.error).toMatch(/already used/);
    await expect(host.connections.get(`${name}-x`)).rejects.toMatchObject({ kind: 'not_found' });

    const fresh = await approve(await start(client, connector, `${name}-y`));
    expect((await callback(client, fresh)).status).toBe(200);
    expect((await callback(client, fresh)).status).toBe(400);
  });

  it('marks the connection needs_reconnect after the grant is revoked, and Reconnect clears it', async () => {
    const record = (await host.store.connections.get(name))!;
    const oauth = sandbox.simulators[connector]!.oauth!;
    const revokeUrl = oauth.revocationUrl!;
    const accessToken = record.credentials.accessToken as string;
    // Linear's revocation names the token `access_token`; Google's (RFC 7009) names it `token`.
    const revoked = await call(revokeUrl, 'POST', revokeUrl, {
      form: connector === 'issues' ? { access_token: accessToken } : { token: accessToken },
    });
    expect(revoked.status).toBe(200);
    const error = (await host.runner
      .call(commandId, input, { connection: name })
      .catch((caught: unknown) => caught)) as { kind: string; toJSON(): { needsReconnect?: boolean } };
    expect(error).toMatchObject({ kind: 'auth' });
    expect(error.toJSON().needsReconnect).toBe(true);
    expect((await host.connections.get(name)).status).toBe('needs_reconnect');
    const list = await call(base, 'GET', '/api/connections', {
      headers: { authorization: 'Bearer oauth-test-token-000000' },
    });
    expect(list.json.find((view: { name: string }) => view.name === name).status).toBe('needs_reconnect');

    const client = await browser();
    const back = await callback(client, await approve(await start(client, connector, name)));
    expect(back.message).toMatchObject({ ok: true, connection: name });
    expect((await host.connections.get(name)).status).toBe('ok');
    await expect(host.runner.call(commandId, input, { connection: name })).resolves.toBeDefined();
  });
});
