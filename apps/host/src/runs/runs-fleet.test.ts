// FLEET.md guarantee 5, with real processes on a throwaway PostgreSQL cluster: async runs are pg-boss
// jobs, and when the instance running one is killed (SIGKILL) another takes it up where repeating
// is safe (a read) and ends it `failed` with `outcomeUnknown` where it is not (an unkeyed write).
// The provider (the Amplitude simulator, in this process) holds each first request until the test
// has seen it arrive, so the kill lands mid-run. A cancel asked of one instance reaches the worker
// of another through the database. Without PostgreSQL this skips locally and fails in CI.
import { randomBytes } from 'node:crypto';
import { type AmplitudeSandbox, startAnalyticsSimulator } from '@c/analytics/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { type HostProcess, portFreeOn, startHostProcess } from '../test-support/fleet.js';
import { call } from '../test-support/http.js';
import { postgresForTests } from '../test-support/postgres.js';
import { holdOnce, runEnded, submitRun } from '../test-support/runs.js';
import { tempDir } from '../test-support/temp-host.js';

const postgres = await postgresForTests();
const cluster = postgres.available ? postgres.postgres : undefined;

const EVENTS = 2500;
const EXPORT = { start: '20240101T00', end: '20240101T05', maxEvents: EVENTS };
const SEND = { events: [{ event_type: 'signup', user_id: 'user-1' }] };

let amplitude: AmplitudeSandbox;
let env: NodeJS.ProcessEnv;
let token: string;
let port: number;
/** The instance that survives the first test, and the one the second starts. */
let survivor: HostProcess;
let third: HostProcess;
const dirs: { remove(): void }[] = [];
const processes: HostProcess[] = [];

/** The fleet's environment, plus a data directory of the instance's own. */
function instanceEnv(): NodeJS.ProcessEnv {
  const dir = tempDir('c-host-runs-fleet-');
  dirs.push(dir);
  return { ...env, C_HOST_DATA_DIR: dir.path };
}

async function instance(address: string): Promise<HostProcess> {
  const started = await startHostProcess({ address, port, env: instanceEnv() });
  processes.push(started);
  return started;
}

const bearer = () => ({ authorization: `Bearer ${token}` });

const submit = (base: string, body: unknown) => submitRun(base, token, body);
const ended = (base: string, id: string) => runEnded(base, token, id);

const requests = (path: string) => amplitude.server.calls.filter((entry) => entry.path === path).length;

describe.skipIf(!cluster)(
  `async runs in a fleet: pg-boss jobs across instances${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`,
  () => {
    beforeAll(async () => {
      amplitude = await startAnalyticsSimulator({ export: { events: EVENTS } });
      port = await portFreeOn(['127.0.0.1', '127.0.0.2', '127.0.0.3']);
      env = {
        C_HOST_DATABASE_URL: await cluster!.createDatabase(),
        C_HOST_SECRET_KEY: randomBytes(32).toString('base64'),
        C_ANALYTICS_API_KEY: amplitude.connection.credentials.apiKey,
        C_ANALYTICS_SECRET_KEY: amplitude.connection.credentials.secretKey,
        C_ANALYTICS_BASE_URL: amplitude.connection.options.baseUrl,
        C_ANALYTICS_INGESTION_BASE_URL: amplitude.connection.options.ingestionBaseUrl,
      };
      const made = await runCli(['token'], { env: instanceEnv() });
      expect(made.code, made.stderr).toBe(0);
      token = made.json.token;
    });

    afterAll(async () => {
      await Promise.all(processes.map((process) => process.kill()));
      await amplitude?.close();
      await cluster?.stop();
      for (const dir of dirs) dir.remove();
    });

    it('hands a killed instance’s read to another instance, which finishes it; an unkeyed write ends outcomeUnknown', async () => {
      const exportHeld = holdOnce(amplitude.server, 'get', '*/api/2/export');
      const sendHeld = holdOnce(amplitude.server, 'post', '*/2/httpapi');
      // Only the first instance is up when the runs are queued: both jobs are surely its own.
      const first = await instance('127.0.0.1');
      const read = await submit(first.url, { command: 'analytics.exportData', input: EXPORT });
      const write = await submit(first.url, { command: 'analytics.sendEvents', input: SEND });
      await Promise.all([exportHeld.arrived, sendHeld.arrived]);
      const second = await instance('127.0.0.2');
      survivor = second;
      // Any instance answers for any run: the record is in the shared database.
      const seen = await call(second.url, 'GET', `/api/runs/${read}`, { headers: bearer() });
      expect(seen.json).toMatchObject({ id: read, status: 'running' });
      await first.kill();

      const done = await ended(second.url, read);
      expect(done).toMatchObject({ status: 'succeeded', error: null, command: 'analytics.exportData' });
      expect(done.result.events).toHaveLength(EVENTS);
      const failed = await ended(second.url, write);
      expect(failed).toMatchObject({
        status: 'failed',
        result: null,
        error: { kind: 'internal', outcomeUnknown: true, details: { run: write } },
      });
      // The write an operator must check at the provider is in the audit log, once, as unknown.
      const audit = await call(second.url, 'GET', '/api/audit', { headers: bearer() });
      const unknown = audit.json.filter(
        (entry: { action: string; outcome: string }) =>
          entry.action === 'command.run' && entry.outcome === 'unknown',
      );
      expect(unknown).toEqual([
        expect.objectContaining({ target: 'analytics.sendEvents', outcome: 'unknown' }),
      ]);
      // The read was asked for again by the second instance; the write was never sent twice.
      expect(requests('/api/2/export')).toBe(2);
      expect(requests('/2/httpapi')).toBe(1);
      exportHeld.release();
      sendHeld.release();
    }, 120_000);

    it('streams a run submitted on one instance to a follower on another, to its end', async () => {
      third = await instance('127.0.0.3');
      const id = await submit(survivor.url, { command: 'analytics.exportData', input: EXPORT });
      const events = await call(third.url, 'GET', `/api/runs/${id}/events`, { headers: bearer() });
      expect(events.status).toBe(200);
      expect(events.text).toMatch(/^event: status\n/);
      expect(events.text).toMatch(
        /event: end\ndata: \{"id":"[^"]+","status":"succeeded","error":null\}\n\n$/,
      );
      expect((await ended(third.url, id)).result.count).toBe(EVENTS);
    }, 60_000);

    it('takes a run queued by `c-host run --async --no-wait` on any machine of the fleet, and the CLI exits at once', async () => {
      const queued = await runCli(
        ['run', 'analytics.exportData', '--async', '--no-wait', '--input', JSON.stringify(EXPORT)],
        { env: instanceEnv() },
      );
      expect(queued.code, queued.stderr).toBe(0);
      expect(queued.json).toEqual({ id: expect.any(String), status: 'queued' });
      expect((await ended(survivor.url, queued.json.id)).result.count).toBe(EVENTS);
      const got = await runCli(['runs', 'get', queued.json.id], { env: instanceEnv() });
      expect(got.json).toMatchObject({ id: queued.json.id, status: 'succeeded', connection: 'env' });
    }, 60_000);

    it('cancels through one instance a run that another is running: its worker cuts the call off at its next renewal', async () => {
      // Only the survivor works when the run is queued: the run is surely its own.
      await third.stop();
      const held = holdOnce(amplitude.server, 'get', '*/api/2/export');
      const before = requests('/api/2/export');
      const id = await submit(survivor.url, { command: 'analytics.exportData', input: EXPORT });
      await held.arrived;
      const other = await instance('127.0.0.3');
      const asked = await call(other.url, 'POST', `/api/runs/${id}/cancel`, { headers: bearer() });
      expect(asked.status, asked.text).toBe(202);
      expect(asked.json).toMatchObject({ id, status: 'canceling' });
      // The survivor heard of it through the shared database and hung up on the provider.
      await held.aborted;
      const run = await ended(other.url, id);
      held.release();
      expect(run).toMatchObject({ status: 'canceled', result: null, error: null });
      const again = await call(survivor.url, 'POST', `/api/runs/${id}/cancel`, { headers: bearer() });
      expect(again.status).toBe(200);
      expect(requests('/api/2/export')).toBe(before + 1);
    }, 120_000);
  },
);
