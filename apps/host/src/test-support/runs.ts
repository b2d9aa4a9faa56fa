import type { TestServer } from '@c/core/testing';
import { http } from 'msw';
import { expect } from 'vitest';
import { call } from './http.js';

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
