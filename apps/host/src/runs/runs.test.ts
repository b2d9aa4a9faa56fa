// Async runs on the embedded store, with real `c-host serve` processes: one is killed (SIGKILL)
// while it runs a read and a write; the next start on the same data directory takes the read up
// again and ends the write `failed` with `outcomeUnknown`, since sending it again could apply it
// twice. The provider (the Amplitude simulator, in this process) holds each first request until the
// test has seen it arrive, so the kill lands mid-run whatever the machine's speed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { type AmplitudeSandbox, startAnalyticsSimulator } from '@c/analytics/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommand, hostRoot, runCli } from '../test-support/cli.js';
import { type HostProcess, startHostProcess } from '../test-support/fleet.js';
import { call } from '../test-support/http.js';
import { holdOnce, runEnded, submitRun } from '../test-support/runs.js';
import { freePort } from '../test-support/system.js';
import { tempDir } from '../test-support/temp-host.js';

const EVENTS = 2500;
const EXPORT = { start: '20240101T00', end: '20240101T05', maxEvents: EVENTS };
const SEND = { events: [{ event_type: 'signup', user_id: 'user-1' }] };

let amplitude: AmplitudeSandbox;
let env: NodeJS.ProcessEnv;
let token: string;
const dir = tempDir();
const processes: HostProcess[] = [];

beforeAll(async () => {
  amplitude = await startAnalyticsSimulator({ export: { events: EVENTS } });
  env = {
    C_HOST_DATA_DIR: dir.path,
    C_ANALYTICS_API_KEY: amplitude.connection.credentials.apiKey,
    C_ANALYTICS_SECRET_KEY: amplitude.connection.credentials.secretKey,
    C_ANALYTICS_BASE_URL: amplitude.connection.options.baseUrl,
    C_ANALYTICS_INGESTION_BASE_URL: amplitude.connection.options.ingestionBaseUrl,
  };
  const made = await runCli(['token'], { env });
  expect(made.code, made.stderr).toBe(0);
  token = made.json.token;
});

afterAll(async () => {
  await Promise.all(processes.map((process) => process.kill()));
  await amplitude.close();
  dir.remove();
});

async function serve(): Promise<HostProcess> {
  const started = await startHostProcess({ address: '127.0.0.1', port: await freePort(), env });
  processes.push(started);
  return started;
}

const bearer = () => ({ authorization: `Bearer ${token}` });

const submit = (base: string, body: unknown) => submitRun(base, token, body);
const ended = (base: string, id: string) => runEnded(base, token, id);

const requests = (path: string) => amplitude.server.calls.filter((entry) => entry.path === path).length;

describe('async runs on the embedded store, across a killed process', () => {
  it('takes a read up again at the next start, and ends an unkeyed write failed with outcomeUnknown', async () => {
    const exportHeld = holdOnce(amplitude.server, 'get', '*/api/2/export');
    const sendHeld = holdOnce(amplitude.server, 'post', '*/2/httpapi');
    const first = await serve();
    const read = await submit(first.url, { command: 'analytics.exportData', input: EXPORT });
    const write = await submit(first.url, { command: 'analytics.sendEvents', input: SEND });
    await Promise.all([exportHeld.arrived, sendHeld.arrived]);
    for (const id of [read, write]) {
      const run = await call(first.url, 'GET', `/api/runs/${id}`, { headers: bearer() });
      expect(run.json.status).toBe('running');
    }
    await first.kill();

    const second = await serve();
    const failed = await ended(second.url, write);
    expect(failed).toMatchObject({
      status: 'failed',
      result: null,
      error: { kind: 'internal', outcomeUnknown: true, details: { run: write } },
    });
    expect(failed.error.message).toMatch(/outcome is unknown/);
    expect(failed.error.message).toMatch(/idempotency key/);
    // The write an operator must check at the provider is in the audit log, once, as unknown.
    const audit = await call(second.url, 'GET', '/api/audit', { headers: bearer() });
    const unknown = audit.json.filter(
      (entry: { action: string; outcome: string }) =>
        entry.action === 'command.run' && entry.outcome === 'unknown',
    );
    expect(unknown).toEqual([
      expect.objectContaining({ target: 'analytics.sendEvents', connection: 'env', outcome: 'unknown' }),
    ]);
    const done = await ended(second.url, read);
    expect(done).toMatchObject({ status: 'succeeded', error: null, connection: 'env' });
    expect(done.result.events).toHaveLength(EVENTS);
    // The read was asked for again; the write was not sent a second time.
    expect(requests('/api/2/export')).toBe(2);
    expect(requests('/2/httpapi')).toBe(1);
    exportHeld.release();
    sendHeld.release();
    await second.stop();
    // Two host processes started, one killed: allow for a busy machine.
  }, 120_000);

  it('runs a run queued by `c-host run --async --no-wait` in a worker of its own when no server runs', async () => {
    const queued = await runCli(
      ['run', 'analytics.exportData', '--async', '--no-wait', '--input', JSON.stringify(EXPORT)],
      { env },
    );
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.json).toEqual({ id: expect.any(String), status: 'queued' });
    // The CLI has exited; the worker it started runs the export and stops once the queue is empty.
    for (;;) {
      const got = await runCli(['runs', 'get', queued.json.id], { env });
      expect(got.code, got.stderr).toBe(0);
      // Indented as ever, though its list is written a stored piece at a time.
      expect(got.stdout).toBe(`${JSON.stringify(got.json, null, 2)}\n`);
      if (got.json.status === 'succeeded') {
        expect(got.json.result.count).toBe(EVENTS);
        expect(got.json.result.events).toHaveLength(EVENTS);
        break;
      }
      expect(['queued', 'running']).toContain(got.json.status);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  it('stops quietly when the reader of `runs get` closes the pipe early (`| head`)', async () => {
    const done = await runCli(
      ['run', 'analytics.exportData', '--async', '--wait', '--input', JSON.stringify(EXPORT)],
      { env },
    );
    expect(done.code, done.stderr).toBe(0);
    const id = done.stdout.match(/"id": "([^"]+)"/)?.[1];
    expect(id).toBeDefined();
    // The run's 2500 events are written a stored piece at a time; the reader hangs up after the first.
    const child = spawn(cliCommand.command, [...cliCommand.args, 'runs', 'get', id!], {
      cwd: hostRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const [code] = (await once(child, 'close')) as [number | null];
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(0);
  });

  it('follows a run to its end with --wait and writes its list as NDJSON with --output', async () => {
    const file = `${dir.path}/events.ndjson`;
    const followed = await runCli(
      [
        'run',
        'analytics.exportData',
        '--async',
        '--wait',
        '--output',
        file,
        '--input',
        JSON.stringify(EXPORT),
      ],
      { env },
    );
    expect(followed.code, followed.stderr).toBe(0);
    const [first, last] = followed.stdout
      .trim()
      .split(/\n(?=\{)/)
      .map((text) => JSON.parse(text));
    expect(first).toEqual({ id: expect.any(String), status: 'queued' });
    expect(last).toEqual({ output: file, count: EVENTS });
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file, 'utf8').trimEnd().split('\n')).toHaveLength(EVENTS);
  });

  it('cancels a run with `c-host runs cancel`: its worker cuts the call off and it ends canceled', async () => {
    const held = holdOnce(amplitude.server, 'get', '*/api/2/export');
    const queued = await runCli(
      ['run', 'analytics.exportData', '--async', '--no-wait', '--input', JSON.stringify(EXPORT)],
      { env },
    );
    expect(queued.code, queued.stderr).toBe(0);
    await held.arrived;
    const canceled = await runCli(['runs', 'cancel', queued.json.id], { env });
    expect(canceled.code, canceled.stderr).toBe(0);
    expect(canceled.json).toMatchObject({ id: queued.json.id, status: 'canceling', result: null });
    // The worker is another process: it hears of the cancel at its next lease renewal.
    await held.aborted;
    for (;;) {
      const got = await runCli(['runs', 'get', queued.json.id], { env });
      if (got.json.status === 'canceled') {
        expect(got.json.result).toBeNull();
        break;
      }
      expect(got.json.status).toBe('canceling');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    held.release();
    const again = await runCli(['runs', 'cancel', queued.json.id], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.json.status).toBe('canceled');
    const unknown = await runCli(['runs', 'cancel', '00000000-0000-4000-8000-000000000000'], { env });
    expect(unknown.code).toBe(1);
    expect(unknown.error).toMatchObject({ kind: 'not_found' });
  });

  it('refuses --no-wait with --output, and --dry-run, before anything is queued', async () => {
    const output = await runCli(
      [
        'run',
        'analytics.exportData',
        '--async',
        '--no-wait',
        '--output',
        `${dir.path}/x.ndjson`,
        '--input',
        '{}',
      ],
      { env },
    );
    expect(output.code).toBe(2);
    expect(output.error).toMatchObject({ kind: 'validation', parameter: 'output' });
    const dry = await runCli(['run', 'analytics.exportData', '--async', '--dry-run', '--input', '{}'], {
      env,
    });
    expect(dry.code).toBe(2);
    expect(dry.error).toMatchObject({ kind: 'validation', parameter: 'dryRun' });
    const missing = await runCli(['runs', 'get', '00000000-0000-4000-8000-000000000000'], { env });
    expect(missing.code).toBe(1);
    expect(missing.error).toMatchObject({ kind: 'not_found' });
  });
});
