// FLEET.md under a database outage, with real processes: three `c-host serve` instances on one
// PostgreSQL database, under load (connections created, keyed writes holding a store lock, an event
// stream open on each), while the database's sessions are terminated and then PostgreSQL itself is
// restarted (`pg_ctl stop -m fast`, as a restart, a failover or a proxy reset does). PostgreSQL comes
// from Debian's package; without it this test skips locally and fails in CI.
import { request as httpRequest } from 'node:http';
import { startIssuesSimulator } from '@c/issues/testing';
import { startPaymentsSimulator } from '@c/payments/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresHostStore } from './store/postgres-store.js';
import { runCli } from './test-support/cli.js';
import { type HostProcess, portFreeOn, startHostProcess } from './test-support/fleet.js';
import { call, type TestResponse } from './test-support/http.js';
import { postgresForTests } from './test-support/postgres.js';
import { tempDir } from './test-support/temp-host.js';

const postgres = await postgresForTests();
const cluster = postgres.available ? postgres.postgres : undefined;

const ADDRESSES = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];
const SECRET_KEY = Buffer.from('fleet-outage-test-key-0123456789').toString('base64');

let databaseUrl: string;
let instances: HostProcess[] = [];
let token: string;
let linear: Awaited<ReturnType<typeof startIssuesSimulator>>;
let payments: Awaited<ReturnType<typeof startPaymentsSimulator>>;
const dirs: { remove(): void }[] = [];
const bearer = () => ({ authorization: `Bearer ${token}` });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An answer that is not a success, kept to check that every one is a retryable 503. */
interface Refusal {
  route: string;
  status: number;
  error: { kind?: string; message?: string; retryable?: boolean } | undefined;
}

/** A client of one instance's event stream: whether the instance ended it. */
function openStream(base: string): { ended: () => boolean; close: () => void } {
  let ended = false;
  const req = httpRequest(new URL('/api/events/stream', base), { headers: bearer() }, (response) => {
    response.on('data', () => {});
    response.on('end', () => {
      ended = true;
    });
  });
  req.on('error', () => {
    ended = true;
  });
  req.end();
  return { ended: () => ended, close: () => req.destroy() };
}

describe.skipIf(!cluster)('a fleet through a database outage: three c-host serve on one PostgreSQL', () => {
  beforeAll(async () => {
    databaseUrl = await cluster!.createDatabase();
    const port = await portFreeOn(ADDRESSES);
    linear = await startIssuesSimulator({ seed: true });
    payments = await startPaymentsSimulator();
    const env = { C_HOST_DATABASE_URL: databaseUrl, C_HOST_SECRET_KEY: SECRET_KEY };
    const instanceEnv = () => {
      const dir = tempDir('c-host-outage-');
      dirs.push(dir);
      return { ...env, C_HOST_DATA_DIR: dir.path };
    };
    const made = await runCli(['token'], { env: instanceEnv() });
    expect(made.code, made.stderr).toBe(0);
    token = made.json.token;
    const store = await PostgresHostStore.open({ url: databaseUrl, secretKey: SECRET_KEY });
    await store.connections.create({
      name: 'stripe',
      connector: 'payments',
      credentials: payments.connection.credentials,
      options: payments.connection.options,
    });
    await store.close();
    instances = await Promise.all(
      ADDRESSES.map((address) => startHostProcess({ address, port, env: instanceEnv() })),
    );
  }, 300_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await linear?.close();
    await payments?.close();
    await cluster?.stop();
    for (const dir of dirs) dir.remove();
  }, 60_000);

  it('stays up through cut sessions and a restart, answers a retryable 503 meanwhile, recovers by itself, loses nothing acknowledged', async () => {
    const created: string[] = [];
    const keyed = new Map<string, string>();
    const refusals: Refusal[] = [];
    let stopping = false;
    const refused = (route: string, response: TestResponse) =>
      refusals.push({ route, status: response.status, error: response.json?.error });
    /** A request of a lane; an instance that does not answer at all is a refusal with status 0. */
    const send = async (instance: HostProcess, path: string, body: unknown) => {
      try {
        return await call(instance.url, 'POST', path, { headers: bearer(), body });
      } catch (error) {
        refusals.push({ route: path, status: 0, error: { message: (error as Error).message } });
        await pause(200);
        return undefined;
      }
    };

    const creator = async (instance: HostProcess, lane: string) => {
      for (let index = 0; !stopping; index += 1) {
        const name = `outage-${lane}-${index}`;
        const response = await send(instance, '/api/connections', {
          name,
          connector: 'issues',
          credentials: { apiKey: linear.apiKey },
          options: { baseUrl: linear.url },
        });
        if (response?.status === 201) created.push(name);
        else if (response) refused('POST /api/connections', response);
        await pause(15);
      }
    };
    // A keyed write holds a store lock (a checked-out connection) while it calls the provider.
    const writer = async (instance: HostProcess, lane: string) => {
      for (let index = 0; !stopping; index += 1) {
        const key = `outage-${lane}-${index}`;
        const response = await send(instance, '/api/commands/payments.createCustomer/run', {
          connection: 'stripe',
          input: { email: `${key}@example.com` },
          idempotencyKey: key,
        });
        if (response?.status === 200) keyed.set(key, response.json.result.id);
        else if (response) refused('POST /api/commands/payments.createCustomer/run', response);
        await pause(15);
      }
    };
    const streams = instances.map((instance) => openStream(instance.url));
    const lanes = instances.flatMap((instance, at) => [
      creator(instance, `${at}a`),
      creator(instance, `${at}b`),
      writer(instance, `${at}k`),
    ]);
    const until = async (what: string, done: () => boolean | Promise<boolean>, ms = 60_000) => {
      const deadline = Date.now() + ms;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await pause(50);
      }
    };
    await until('the first writes', () => created.length >= 9 && keyed.size >= 3);

    // Every session of the fleet cut at once, twice, while writes are under way.
    expect(await cluster!.terminateSessions(databaseUrl)).toBeGreaterThan(0);
    await pause(400);
    await cluster!.terminateSessions(databaseUrl);
    await pause(1_000);

    // PostgreSQL goes away: each instance says it is not ready, and the API says to retry.
    await cluster!.pause();
    try {
      for (const instance of instances) {
        const ready = await call(instance.url, 'GET', '/api/ready');
        expect(ready.status, instance.address).toBe(503);
        expect(ready.json).toMatchObject({ ok: false, store: 'postgres' });
        const listed = await call(instance.url, 'GET', '/api/connections', { headers: bearer() });
        expect(listed.status, listed.text).toBe(503);
        expect(listed.json.error).toMatchObject({ kind: 'network', retryable: true });
      }
      await pause(1_500);
    } finally {
      await cluster!.resume();
    }

    // Back by itself: ready again, and writing again, on every instance.
    for (const instance of instances) {
      expect(instance.running(), instance.stderr()).toBe(true);
      await until(
        `${instance.address} ready`,
        async () => (await call(instance.url, 'GET', '/api/ready')).status === 200,
      );
    }
    const [createdBefore, keyedBefore] = [created.length, keyed.size];
    await until(
      'writes after the restart',
      () => created.length >= createdBefore + 9 && keyed.size >= keyedBefore + 3,
    );
    stopping = true;
    await Promise.all(lanes);

    for (const instance of instances) {
      expect(instance.running(), instance.stderr()).toBe(true);
      expect(instance.stderr()).not.toMatch(/Unhandled|Emitted 'error' event/);
    }
    expect(streams.map((stream) => stream.ended())).toEqual([false, false, false]);
    for (const stream of streams) stream.close();

    // Every refusal was a retryable 503 that names no internal address.
    expect(refusals.length).toBeGreaterThan(0);
    const port = String(new URL(databaseUrl).port);
    for (const refusal of refusals) {
      expect(refusal, JSON.stringify(refusal)).toMatchObject({ status: 503, error: { retryable: true } });
      expect(refusal.error?.message).not.toContain('127.0.0.1');
      expect(refusal.error?.message).not.toContain(port);
    }

    // Nothing acknowledged is lost: every connection created is there, every keyed write replays.
    const listed = await call(instances[0]!.url, 'GET', '/api/connections', { headers: bearer() });
    const names = new Set(listed.json.map((view: { name: string }) => view.name));
    for (const name of created) expect(names.has(name), name).toBe(true);
    for (const [key, id] of keyed) {
      const again = await call(instances[2]!.url, 'POST', '/api/commands/payments.createCustomer/run', {
        headers: bearer(),
        body: { connection: 'stripe', input: { email: `${key}@example.com` }, idempotencyKey: key },
      });
      expect(again.json?.result?.id, `${key}: ${again.text}`).toBe(id);
    }
  }, 240_000);
});
