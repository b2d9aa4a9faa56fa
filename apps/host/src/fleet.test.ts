// FLEET.md, checked with real processes: three `c-host serve` instances on one PostgreSQL database,
// behind nginx, each on its own loopback address (as each machine of a fleet has its own), with the
// providers' simulators in this process. PostgreSQL and nginx come from Debian's packages; without
// them these tests skip locally and fail in CI.
import { randomBytes } from 'node:crypto';
import { startAnalyticsSimulator } from '@c/analytics/testing';
import { startIssuesSimulator } from '@c/issues/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostStore } from './store/host-store.js';
import { PostgresHostStore } from './store/postgres-store.js';
import { runCli } from './test-support/cli.js';
import { type HostProcess, portFreeOn, startHostProcess } from './test-support/fleet.js';
import { approve, call, cookieFrom, type TestResponse } from './test-support/http.js';
import { nginxMissing, startNginx, type TestNginx } from './test-support/nginx.js';
import { postgresForTests } from './test-support/postgres.js';
import { tempDir } from './test-support/temp-host.js';

const postgres = await postgresForTests();
const missing = postgres.available ? nginxMissing() : postgres.reason;
const cluster = postgres.available ? postgres.postgres : undefined;

const ADDRESSES = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];
const SECRET_KEY = randomBytes(32).toString('base64');

let databaseUrl: string;
let port: number;
let nginx: TestNginx;
let instances: HostProcess[];
/** Every instance started, killed ones included, for what they printed. */
const started: HostProcess[] = [];
let env: NodeJS.ProcessEnv;
let token: string;
let store: HostStore;
let linear: Awaited<ReturnType<typeof startIssuesSimulator>>;
let amplitude: Awaited<ReturnType<typeof startAnalyticsSimulator>>;
const dirs: { remove(): void }[] = [];

/** The environment of instance `index`: the fleet's, plus a data directory of its own. */
function instanceEnv(): NodeJS.ProcessEnv {
  const dir = tempDir('c-host-fleet-');
  dirs.push(dir);
  return { ...env, C_HOST_DATA_DIR: dir.path };
}

/** What nginx sends on to an instance: the client's own `Host`, which every instance allows. */
const viaNginx = () => ({ host: `127.0.0.1:${nginx.port}` });
const bearer = () => ({ authorization: `Bearer ${token}` });
const sessionCookie = (response: TestResponse) => cookieFrom(response, `c_host_session_${port}=`);

async function runOn(base: string, command: string, input: unknown): Promise<TestResponse> {
  return call(base, 'POST', `/api/commands/${command}/run`, { headers: bearer(), body: { input } });
}

describe.skipIf(missing !== undefined)(
  `a fleet: three c-host serve behind nginx on one PostgreSQL${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    beforeAll(async () => {
      databaseUrl = await cluster!.createDatabase();
      port = await portFreeOn(ADDRESSES);
      nginx = await startNginx(ADDRESSES.map((address) => `${address}:${port}`));
      linear = await startIssuesSimulator({ seed: true });
      // Latency makes requests overlap, so a budget that did not hold would be seen.
      amplitude = await startAnalyticsSimulator({ seed: true, latencyMs: 150 });
      env = {
        C_HOST_DATABASE_URL: databaseUrl,
        C_HOST_SECRET_KEY: SECRET_KEY,
        C_HOST_ALLOWED_HOSTS: `127.0.0.1:${nginx.port}`,
        // nginx reaches the instances from 127.0.0.1 and sets X-Forwarded-For: believe it from there.
        C_HOST_TRUST_PROXY: '127.0.0.1',
        C_ISSUES_OAUTH_CLIENT_ID: linear.oauth!.clientId,
        C_ISSUES_OAUTH_CLIENT_SECRET: linear.oauth!.clientSecret,
        C_ISSUES_OAUTH_AUTHORIZATION_URL: linear.oauth!.authorizationUrl,
        C_ISSUES_OAUTH_TOKEN_URL: linear.oauth!.tokenUrl,
      };
      // `c-host token` on any machine sets the fleet's token: it lives in the database.
      const made = await runCli(['token'], { env: instanceEnv() });
      expect(made.code, made.stderr).toBe(0);
      token = made.json.token;
      instances = await Promise.all(
        ADDRESSES.map((address) => startHostProcess({ address, port, env: instanceEnv() })),
      );
      started.push(...instances);
      store = await PostgresHostStore.open({ url: databaseUrl, secretKey: SECRET_KEY });
    }, 180_000);

    afterAll(async () => {
      await store?.close();
      await Promise.all((instances ?? []).map((instance) => instance.stop()));
      await nginx?.stop();
      await linear?.close();
      await amplitude?.close();
      await cluster?.stop();
      for (const dir of dirs) dir.remove();
    }, 60_000);

    it('any instance answers: each is ready on the same state, and nginx spreads requests over them', async () => {
      await store.connections.create({
        name: 'shared',
        connector: 'analytics',
        credentials: amplitude.connection.credentials,
        options: amplitude.connection.options,
      });
      for (const instance of instances) {
        const ready = await call(instance.url, 'GET', '/api/ready');
        expect(ready.status, instance.address).toBe(200);
        expect(ready.json).toMatchObject({ ok: true, store: 'postgres', schemaVersion: expect.any(Number) });
        const listed = await call(instance.url, 'GET', '/api/connections', { headers: bearer() });
        expect(
          listed.json.map((view: { name: string }) => view.name),
          instance.address,
        ).toEqual(['shared']);
      }
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => call(nginx.url, 'GET', '/api/connections', { headers: bearer() })),
      );
      for (const answer of answers) expect(answer.status).toBe(200);
      expect((await call(nginx.url, 'GET', '/api/ready')).status).toBe(200);
      await store.connections.remove('shared');
    });

    it('behind nginx, a token guesser is throttled by its own address: the other clients still get in', async () => {
      const guesser = '127.0.0.40';
      // nginx spreads the guesses over all three; a fresh X-Forwarded-For of the guesser's own is
      // not believed (nginx appends the address it really came from).
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const response = await call(nginx.url, 'GET', '/api/connections', {
          headers: { authorization: `Bearer wrong-${attempt}`, 'x-forwarded-for': `198.51.100.${attempt}` },
          localAddress: guesser,
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          call(nginx.url, 'GET', '/api/connections', { headers: bearer(), localAddress: '127.0.0.41' }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    });

    it('answers a parallel burst of wrong tokens spread over the fleet "wrong" ten times in all, the rest 429', async () => {
      // Thirty guesses at once, ten to each instance: each read the shared count before any was
      // recorded, so every one was checked and answered 401. Now each instance checks one client's
      // guesses one after another, and a guess answered 401 is one the database counted within ten.
      const guesser = '203.0.113.90';
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, attempt) =>
          call(instances[attempt % instances.length]!.url, 'GET', '/api/connections', {
            headers: { 'x-forwarded-for': guesser, authorization: `Bearer burst-${attempt}` },
            localAddress: '127.0.0.1',
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    });

    it('counts a guesser’s wrong tokens for the whole fleet: ten spread over the instances, then 429 on each', async () => {
      // As nginx sends them (from 127.0.0.1, a trusted proxy, naming the client), round robin; each
      // instance alone has seen three or four, so only a count shared through the database stops it.
      const from = (client: string) => ({ 'x-forwarded-for': client });
      const guesser = '203.0.113.77';
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const response = await call(instances[attempt % instances.length]!.url, 'GET', '/api/connections', {
          headers: { ...from(guesser), authorization: `Bearer wrong-${attempt}` },
          localAddress: '127.0.0.1',
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual(Array(10).fill(401));
      // The eleventh is refused unchecked on any instance, even with the right token.
      for (const instance of instances) {
        const refused = await call(instance.url, 'GET', '/api/connections', {
          headers: { ...from(guesser), ...bearer() },
          localAddress: '127.0.0.1',
        });
        expect(refused.status, instance.address).toBe(429);
        expect(Number(refused.headers['retry-after']), instance.address).toBeGreaterThanOrEqual(1);
        expect(Number(refused.headers['retry-after']), instance.address).toBeLessThanOrEqual(60);
      }
      // Another client, through the same proxy, is not blocked anywhere.
      for (const instance of instances) {
        const other = await call(instance.url, 'GET', '/api/connections', {
          headers: { ...from('203.0.113.78'), ...bearer() },
          localAddress: '127.0.0.1',
        });
        expect(other.status, instance.address).toBe(200);
      }
    });

    it('a sign-in link printed by one instance works on another, once', async () => {
      const link = new URL(instances[0]!.link);
      expect(link.host).toBe(`127.0.0.1:${port}`);
      const signedIn = await call(instances[1]!.url, 'GET', `${link.pathname}${link.search}`);
      expect(signedIn.status).toBe(302);
      const cookie = sessionCookie(signedIn)!;
      expect(cookie).toBeDefined();
      expect((await call(instances[2]!.url, 'GET', '/api/connections', { headers: { cookie } })).status).toBe(
        200,
      );
      // Single-use across the fleet: neither the instance that printed it nor a third takes it again.
      for (const instance of [instances[0]!, instances[2]!]) {
        expect((await call(instance.url, 'GET', `${link.pathname}${link.search}`)).status).toBe(401);
      }
    });

    it('a session made on one instance is honoured by all, and signing out on one ends it everywhere', async () => {
      const signIn = await call(instances[2]!.url, 'POST', '/api/session', { body: { token } });
      expect(signIn.status).toBe(200);
      const cookie = sessionCookie(signIn)!;
      for (const base of [...instances.map((instance) => instance.url), nginx.url]) {
        expect((await call(base, 'GET', '/api/connections', { headers: { cookie } })).status, base).toBe(200);
      }
      expect((await call(instances[0]!.url, 'DELETE', '/api/session', { headers: { cookie } })).status).toBe(
        204,
      );
      for (const instance of instances) {
        expect(
          (await call(instance.url, 'GET', '/api/connections', { headers: { cookie } })).status,
          instance.address,
        ).toBe(401);
      }
    });

    it('an OAuth Connect started on one instance completes on another', async () => {
      const signIn = await call(instances[0]!.url, 'POST', '/api/session', { body: { token } });
      const session = sessionCookie(signIn)!;
      // The browser is at nginx's address: every instance sees that Host, and builds the same callback.
      const start = await call(instances[0]!.url, 'GET', '/api/oauth/issues/start?connection=linear', {
        headers: { ...viaNginx(), cookie: session },
      });
      expect(start.status, start.text).toBe(302);
      const binding = cookieFrom(start, `c_host_oauth_${port}=`)!;
      const callback = new URL(await approve(start.headers.location as string));
      expect(callback.origin).toBe(nginx.url);
      const done = await call(instances[1]!.url, 'GET', `${callback.pathname}${callback.search}`, {
        headers: { ...viaNginx(), cookie: binding },
      });
      expect(done.status, done.text).toBe(200);
      expect(done.text).toContain('Connected <code>linear</code>');
      const listed = await call(instances[2]!.url, 'GET', '/api/connections', { headers: bearer() });
      expect(listed.json).toEqual([
        expect.objectContaining({ name: 'linear', connector: 'issues', status: 'ok', isDefault: true }),
      ]);
      // The state was single-use for the fleet: replaying the callback on a third instance fails.
      const replay = await call(instances[2]!.url, 'GET', `${callback.pathname}${callback.search}`, {
        headers: { ...viaNginx(), cookie: binding },
      });
      expect(replay.status).toBe(400);
    });

    it('refreshes an expired OAuth token once at the provider, however many runs on every instance need it', async () => {
      await store.connections.remove('linear');
      await store.connections.create({
        name: 'linear-refresh',
        connector: 'issues',
        credentials: linear.connection.credentials,
        options: linear.connection.options,
        isDefault: true,
      });
      const refreshes = () =>
        linear.server.calls.filter(
          (entry) => entry.path === '/oauth/token' && entry.bodyForm?.get('grant_type') === 'refresh_token',
        ).length;
      const before = refreshes();
      for (let round = 1; round <= 3; round += 1) {
        // The stored access token has expired: every run on every instance wants a new one at once.
        await store.connections.updateCredentials('linear-refresh', (current) => ({
          ...current,
          expiresAt: Date.now() - 1000,
        }));
        const outcomes = await Promise.all(
          instances.flatMap((instance) =>
            Array.from({ length: 6 }, () => runOn(instance.url, 'issues.searchTeams', { name: 'eng' })),
          ),
        );
        for (const outcome of outcomes) expect(outcome.status, outcome.text).toBe(200);
        expect(refreshes() - before, `round ${round}`).toBe(round);
        // The rotated refresh token was stored: the grant is intact.
        const stored = (await store.connections.get('linear-refresh'))!;
        expect(stored.status).toBe('ok');
        expect(stored.credentials.expiresAt as number).toBeGreaterThan(Date.now());
      }
    });

    it('keeps a connection’s concurrency limit across instances: Amplitude’s 5 concurrent requests', async () => {
      await store.connections.create({
        name: 'amplitude',
        connector: 'analytics',
        credentials: amplitude.connection.credentials,
        options: amplitude.connection.options,
        isDefault: true,
      });
      const cohorts = () => amplitude.server.calls.filter((entry) => entry.path === '/api/3/cohorts').length;
      const before = cohorts();
      amplitude.state.maxInFlight = 0;
      const runs = 8;
      const outcomes = await Promise.all(
        instances.flatMap((instance) =>
          Array.from({ length: runs }, () => runOn(instance.url, 'analytics.behavioralCohorts', {})),
        ),
      );
      for (const outcome of outcomes) expect(outcome.status, outcome.text).toBe(200);
      // Each instance alone would send 5 at once (15 together): the shared budget kept them to 5, so
      // the project never refused one (a refused request would have been retried: more calls than runs).
      expect(amplitude.state.maxInFlight).toBe(5);
      expect(cohorts() - before).toBe(runs * instances.length);
    });

    it('loses nothing an instance acknowledged when it is killed with SIGKILL; the rest of the fleet carries on', async () => {
      const victim = instances[1]!;
      const signIn = await call(victim.url, 'POST', '/api/session', { body: { token } });
      const cookie = sessionCookie(signIn)!;
      // Four clients writing to it without pause; it is killed in the middle of their writes.
      const acknowledged: string[] = [];
      const writer = async (lane: number) => {
        for (let index = 0; ; index += 1) {
          const name = `kill-${lane}-${index}`;
          try {
            const response = await call(victim.url, 'POST', '/api/connections', {
              headers: bearer(),
              body: {
                name,
                connector: 'issues',
                credentials: { apiKey: linear.apiKey },
                options: { baseUrl: linear.url },
              },
            });
            expect(response.status, response.text).toBe(201);
            acknowledged.push(name);
          } catch (error) {
            // Cut by the kill (reset, then refused): not acknowledged, so either outcome is allowed.
            if (!(error as NodeJS.ErrnoException).code) throw error;
            return;
          }
        }
      };
      const lanes = [0, 1, 2, 3].map(writer);
      while (acknowledged.length < 12) await new Promise((resolve) => setTimeout(resolve, 2));
      await victim.kill();
      await Promise.all(lanes);

      const listed = await call(instances[0]!.url, 'GET', '/api/connections', { headers: bearer() });
      const names = listed.json.map((view: { name: string }) => view.name);
      for (const name of acknowledged) expect(names, name).toContain(name);
      // The session it acknowledged is honoured by the survivors.
      expect((await call(instances[2]!.url, 'GET', '/api/ready', { headers: { cookie } })).status).toBe(200);
      expect((await call(instances[2]!.url, 'GET', '/api/connections', { headers: { cookie } })).status).toBe(
        200,
      );
      // nginx passes over the dead instance: every request through it is answered.
      const answers = await Promise.all(
        Array.from({ length: 9 }, () => call(nginx.url, 'GET', '/api/connections', { headers: bearer() })),
      );
      for (const answer of answers) expect(answer.status).toBe(200);

      // Back as an upgrade would bring it: same address and port, ready at once on the same state.
      instances[1] = await startHostProcess({ address: victim.address, port, env: instanceEnv() });
      started.push(instances[1]);
      expect((await call(instances[1].url, 'GET', '/api/ready')).status).toBe(200);
      const again = await call(instances[1].url, 'GET', '/api/connections', { headers: { cookie } });
      expect(again.json.map((view: { name: string }) => view.name)).toEqual(names);
    }, 60_000);

    it('prints no secret: not the key, not the database password, no access or provider token', async () => {
      const stored = (await store.connections.get('linear-refresh'))!.credentials;
      const secrets = [
        SECRET_KEY,
        new URL(databaseUrl).password,
        token,
        stored.accessToken as string,
        stored.refreshToken as string,
        linear.apiKey,
        amplitude.connection.credentials.secretKey,
      ];
      for (const instance of started) {
        for (const secret of secrets) expect(instance.stderr()).not.toContain(secret);
      }
    });
  },
);
