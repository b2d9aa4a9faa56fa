import { type AmplitudeSandbox, startAnalyticsSimulator } from '@c/analytics/testing';
import type { TestServer } from '@c/core/testing';
import type { FastifyInstance } from 'fastify';
import { http } from 'msw';
import { expect } from 'vitest';
import { loadConnectors } from '../connectors.js';
import type { Host } from '../host.js';
import { createHttpServer } from '../http/server.js';
import { call } from './http.js';
import { tempHost } from './temp-host.js';

/** A request a simulator holds: resolved when it has arrived, answered once released. */
export interface HeldRequest {
  /** Resolves when the first matching request has reached the simulator. */
  readonly arrived: Promise<void>;
  /** Resolves when its client hung up while it was held (a canceled run cut it off). */
  readonly aborted: Promise<void>;
  /** Lets it through to the simulator's own handler (its client may be long gone). */
  release(): void;
}

/**
 * Holds the first request matching `method` and `path` at a simulator until `release`, so a test
 * can act (kill the process that sent it) while the request is surely in flight. Later requests
 * pass as usual.
 */
export function holdOnce(server: TestServer, method: 'get' | 'post', path: string): HeldRequest {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let abort = () => {};
  const aborted = new Promise<void>((resolve) => {
    abort = resolve;
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http[method](
      path,
      async ({ request }) => {
        arrive();
        request.signal.addEventListener('abort', () => abort(), { once: true });
        await released;
        // Nothing returned: the simulator's own handler answers.
      },
      { once: true },
    ),
  );
  return { arrived, aborted, release };
}

/** Submits an async run to a host at `base` and returns its id, failing the test unless it is accepted. */
export async function submitRun(base: string, token: string, body: unknown): Promise<string> {
  const accepted = await call(base, 'POST', '/api/runs', {
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  expect(accepted.status, accepted.text).toBe(202);
  return accepted.json.id;
}

/** Reads a run until it has ended, whatever its end (the test's own timeout bounds the wait). */
export async function runEnded(base: string, token: string, id: string): Promise<any> {
  for (;;) {
    const run = await call(base, 'GET', `/api/runs/${id}`, { headers: { authorization: `Bearer ${token}` } });
    if (['succeeded', 'failed', 'canceled'].includes(run.json.status)) return run.json;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A temporary host with the analytics connector and a connection `amp` to a fresh Amplitude
 * simulator: the setup of the async-run tests, whose exports and sends need a real provider.
 */
export async function hostWithAmplitude(
  simulator: Parameters<typeof startAnalyticsSimulator>[0] = {},
  options: { token?: string } = {},
): Promise<{ amplitude: AmplitudeSandbox; host: Awaited<ReturnType<typeof tempHost>> }> {
  const amplitude = await startAnalyticsSimulator(simulator);
  const host = await tempHost(await loadConnectors(['analytics']), options);
  if (options.token) await host.access.init();
  await host.connections.create(
    {
      name: 'amp',
      connector: 'analytics',
      credentials: amplitude.connection.credentials,
      options: amplitude.connection.options,
    },
    { verify: false },
  );
  return { amplitude, host };
}

/** Serves `host`'s HTTP API (no web UI) on a free loopback port. */
export async function listenOn(host: Host): Promise<{ app: FastifyInstance; port: number; base: string }> {
  const app = await createHttpServer({ host, bind: '127.0.0.1', webDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return { app, port, base: `http://127.0.0.1:${port}` };
}
