import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../test-support/cli.js';
import { approve, call, cookieFrom } from '../test-support/http.js';
import { tempDir } from '../test-support/temp-host.js';
import { linkNote, tokenNotes } from './serve.js';

const dirs: { path: string; remove(): void }[] = [];
afterAll(() => {
  for (const dir of dirs) dir.remove();
});
function dataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir.path;
}

describe('c-host serve', () => {
  it('a SIGTERM while it starts still shuts it down cleanly: exit 0, no server.json left behind', async () => {
    const dir = dataDir();
    const serve = startCli(['serve', '--sandbox', '--port', '0', '--no-open'], { C_HOST_DATA_DIR: dir });
    // The token line comes before the sandbox and the server start: stop right then.
    await serve.waitFor(/shown only this once/);
    const code = await serve.stop();
    expect(code, serve.stderr()).toBe(0);
    expect(existsSync(join(dir, 'server.json'))).toBe(false);
  });

  it('c-host link without a running server says so and how to get one, naming no secret', async () => {
    const run = await runCli(['link'], { env: { C_HOST_DATA_DIR: dataDir() } });
    expect(run.code).toBe(2);
    expect(run.error).toMatchObject({ kind: 'validation', parameter: 'data-dir' });
    expect(run.error.message).toContain('c-host serve');
    expect(run.stdout).toBe('');
  });

  it('serves the sandbox: simulators, labelled connections, a one-time sign-in link, every surface', async () => {
    const dir = dataDir();
    const serve = startCli(['serve', '--sandbox', '--port', '0', '--no-open'], { C_HOST_DATA_DIR: dir });
    try {
      const [, token] = await serve.waitFor(/shown only this once[^\n]*\n\s+(\S+)/);
      const [, link, base, port] = await serve
        .waitFor(/\s(http:\/\/127\.0\.0\.1:(\d+))\/auth\?token=\S+/)
        .then((match) => [match[0], match[0].trim(), match[1]!, match[2]!] as const);
      expect(existsSync(join(dir, 'server.json'))).toBe(true);
      const health = await call(base, 'GET', '/api/health');
      expect(health.json.ok).toBe(true);

      const signIn = await call(base, 'GET', link.slice(base.length));
      expect(signIn.status).toBe(302);
      const cookie = cookieFrom(signIn, `c_host_session_${port}=`)!;
      expect((await call(base, 'GET', link.slice(base.length))).status).toBe(401);
      // Signing in again needs no new token: `c-host link` asks the running server's store for a link.
      const relink = await runCli(['link'], { env: { C_HOST_DATA_DIR: dir } });
      expect(relink.code, relink.stderr).toBe(0);
      expect(relink.json.link).toMatch(new RegExp(`^${base}/auth\\?token=\\S+$`));
      expect((await call(base, 'GET', relink.json.link.slice(base.length))).status).toBe(302);

      const connections = await call(base, 'GET', '/api/connections', { headers: { cookie } });
      expect(connections.json.map((view: { name: string }) => view.name).sort(), serve.stderr()).toEqual([
        'sandbox-analytics',
        'sandbox-docs',
        'sandbox-issues',
        'sandbox-payments',
      ]);
      for (const view of connections.json)
        expect(view).toMatchObject({ sandbox: true, isDefault: true, status: 'ok' });

      const bearer = { authorization: `Bearer ${token}` };
      for (const [id, input] of [
        ['payments.getCustomers', { limit: 2 }],
        ['issues.searchTeams', { name: 'eng' }],
        ['docs.searchDocuments', { name: 'sync' }],
        ['analytics.behavioralCohorts', {}],
      ] as const) {
        const run = await call(base, 'POST', `/api/commands/${id}/run`, { headers: bearer, body: { input } });
        expect(run.status, `${id}: ${run.text}`).toBe(200);
        expect(run.json.result, id).toBeDefined();
      }
      expect(serve.stderr()).not.toMatch(/sk_test_[A-Za-z0-9]{8,}/);
      // Not a terminal: the output says plainly that whatever keeps it now holds the token.
      expect(serve.stderr()).toMatch(/stderr is not a terminal, so whatever keeps this output/);

      // `c-host connect issues` goes through this running server: it prints a sign-in link that leads
      // to the provider, and finishes once the callback has stored the tokens.
      const connect = startCli(['connect', 'issues', '--name', 'linear-cli', '--no-open'], {
        C_HOST_DATA_DIR: dir,
      });
      const [connectLink] = await connect.waitFor(/http:\/\/127\.0\.0\.1:\d+\/auth\?token=\S+/);
      const signedIn = await call(base, 'GET', connectLink.slice(base.length));
      const browserCookies = [cookieFrom(signedIn, `c_host_session_${port}=`)!];
      const started = await call(base, 'GET', String(signedIn.headers.location), {
        headers: { cookie: browserCookies.join('; ') },
      });
      expect(started.status).toBe(302);
      browserCookies.push(cookieFrom(started, `c_host_oauth_${port}=`)!);
      const back = new URL(await approve(String(started.headers.location)));
      const landed = await call(base, 'GET', `${back.pathname}${back.search}`, {
        headers: { cookie: browserCookies.join('; ') },
      });
      expect(landed.status).toBe(200);
      expect(await connect.done).toBe(0);
      expect(JSON.parse(connect.stdout())).toMatchObject({
        name: 'linear-cli',
        connector: 'issues',
        status: 'ok',
      });
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    expect(existsSync(join(dir, 'server.json'))).toBe(false);

    // The token was shown once: a second start does not print it again.
    const again = startCli(['serve', '--port', '0', '--no-open'], { C_HOST_DATA_DIR: dir });
    try {
      await again.waitFor(/\/auth\?token=/);
      expect(again.stderr()).not.toMatch(/shown only this once/);
    } finally {
      await again.stop();
    }
  }, 120_000);

  it('refuses --sandbox with a shared PostgreSQL database, before connecting, without repeating the URL', async () => {
    // Nothing listens on port 1: a host that tried to open the database would fail otherwise.
    const url = 'postgres://fleet:sandbox-db-secret@127.0.0.1:1/hosts';
    for (const [args, env] of [
      [['serve', '--sandbox', '--port', '0', '--no-open'], { C_HOST_DATABASE_URL: url }],
      [['serve', '--sandbox', '--port', '0', '--no-open', '--database-url', url], {}],
      [['mcp', '--sandbox'], { C_HOST_DATABASE_URL: url }],
    ] as const) {
      const dir = dataDir();
      const result = await runCli([...args], { env: { C_HOST_DATA_DIR: dir, ...env } });
      expect(result.code, result.stderr).toBe(2);
      expect(result.error).toMatchObject({ kind: 'validation', parameter: 'sandbox' });
      expect(result.error.message).toMatch(/cannot be combined with a shared PostgreSQL database/);
      expect(result.stderr).not.toContain('sandbox-db-secret');
      expect(result.stderr).not.toMatch(/Sandbox:|auth\?token=/);
    }
  });

  it('refuses to bind a non-loopback address without an explicit token', async () => {
    const result = await runCli(['serve', '--bind', '0.0.0.0', '--port', '0', '--no-open'], {
      env: { C_HOST_DATA_DIR: dataDir() },
    });
    expect(result.code).toBe(2);
    expect(result.error).toMatchObject({ kind: 'validation', parameter: 'bind' });
  });

  it('refuses a weak token beyond loopback, naming C_HOST_TOKEN and --token, before printing any secret', async () => {
    for (const [args, env] of [
      [['--token', 'short-token'], {}],
      [['--token', 'a'.repeat(48)], {}],
      [[], { C_HOST_TOKEN: 'x' }],
    ] as const) {
      const result = await runCli(['serve', '--bind', '0.0.0.0', '--port', '0', '--no-open', ...args], {
        env: { C_HOST_DATA_DIR: dataDir(), ...env },
      });
      expect(result.code, result.stderr).toBe(2);
      expect(result.error).toMatchObject({ kind: 'validation', parameter: 'token' });
      expect(result.error.message).toMatch(/C_HOST_TOKEN or --token/);
      expect(result.error.message).toMatch(/at least 32/);
      expect(result.stderr).not.toMatch(/access token was created|auth\?token=/);
    }
  });

  it('beyond loopback, prints the addresses it really listens on and warns that the traffic is plain HTTP', async () => {
    const token = 'b7Rq2vXk9LmN4pWs8TzY3cHf6JdG1aEu';
    const serve = startCli(['serve', '--bind', '0.0.0.0', '--port', '0', '--no-open'], {
      C_HOST_DATA_DIR: dataDir(),
      C_HOST_TOKEN: token,
    });
    try {
      const [banner, port] = await serve.waitFor(
        /listening on every interface \(0\.0\.0\.0 port (\d+)\):[^\n]*/,
      );
      await serve.waitFor(/Open the web UI/);
      const external = Object.values(networkInterfaces())
        .flat()
        .filter((entry) => entry?.family === 'IPv4');
      for (const entry of external) expect(banner).toContain(`http://${entry!.address}:${port}`);
      expect(serve.stderr()).not.toMatch(/listening on http:\/\/127\.0\.0\.1/);
      expect(serve.stderr()).toMatch(/plain HTTP[^\n]*TLS terminator/);
      // The operator set the token: no secret needs to reach the (non-terminal) output.
      expect(serve.stderr()).not.toContain('/auth?token=');
      expect(serve.stderr()).not.toContain(token);
      const health = await call(`http://127.0.0.1:${port}`, 'GET', '/api/health');
      expect(health.status).toBe(200);
    } finally {
      await serve.stop();
    }
  }, 60_000);

  it('says so when the port is taken', async () => {
    const dir = dataDir();
    const first = startCli(['serve', '--port', '0', '--no-open'], { C_HOST_DATA_DIR: dir });
    try {
      const [, port] = await first.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
      const second = await runCli(['serve', '--port', port!, '--no-open'], {
        env: { C_HOST_DATA_DIR: dataDir() },
      });
      expect(second.code).toBe(2);
      expect(second.error).toMatchObject({ kind: 'validation', parameter: 'port' });
    } finally {
      await first.stop();
    }
  }, 60_000);
});

describe('what serve prints about signing in', () => {
  const url = 'http://127.0.0.1:8787';
  const link = `${url}/auth?token=L1NK`;

  it('prints the token and the link plainly on a terminal', () => {
    const terminal = { isTTY: true };
    const lines = [
      ...tokenNotes('T0KEN', terminal),
      linkNote({ url, link, explicit: false, stream: terminal }),
    ];
    expect(lines.join('\n')).toContain('T0KEN');
    expect(lines.join('\n')).toContain(link);
    expect(lines.join('\n')).not.toMatch(/not a terminal/);
  });

  it('off a terminal, leaves the link out when the operator set the token', () => {
    const line = linkNote({ url, link, explicit: true, stream: { isTTY: false } });
    expect(line).not.toContain('L1NK');
    expect(line).toContain(`at ${url} and sign in with the access token`);
  });

  it('off a terminal, prints what is the only way in, saying that logs keep it', () => {
    const token = tokenNotes('T0KEN', {}).join('\n');
    expect(token).toContain('T0KEN');
    expect(token).toMatch(/holds that token\. Set C_HOST_TOKEN/);
    const line = linkNote({ url, link, explicit: false, stream: {} });
    expect(line).toContain(link);
    expect(line).toMatch(/logs keep it until then/);
  });
});
