import type { AmplitudeSandbox } from '@c/analytics/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { actorOf, withRequestContext } from '../observability/request-context.js';
import { holdOnce, hostWithAmplitude } from '../test-support/runs.js';
import type { tempHost } from '../test-support/temp-host.js';
import { RunService } from './run-service.js';

// Canceling an async run, on the embedded store. The services here stand for processes sharing one
// store: one that only accepts and reads runs (a CLI, another instance) and one whose worker runs
// them. The Amplitude simulator holds the first request until the test lets it go, so a cancel
// surely lands while the call is in flight; the only way such a run can end is by being cut off.

const EXPORT = { start: '20240101T00', end: '20240101T05', maxEvents: 50 };
const SEND = { events: [{ event_type: 'signup', user_id: 'user-1' }] };

let amplitude: AmplitudeSandbox;
let host: Awaited<ReturnType<typeof tempHost>>;
const services: RunService[] = [];

beforeAll(async () => {
  ({ amplitude, host } = await hostWithAmplitude({ export: { events: 50 } }));
});

afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.stop()));
  amplitude.server.reset();
});

afterAll(async () => {
  await host.cleanup();
  await amplitude.close();
});

async function open(work: boolean): Promise<RunService> {
  const service = await RunService.open(host, { work });
  services.push(service);
  return service;
}

/** Reads a run until it has ended (the test's own timeout bounds the wait). */
async function ended(service: RunService, id: string) {
  for (;;) {
    const run = await service.get(id);
    if (['succeeded', 'failed', 'canceled'].includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const calls = (path: string) => amplitude.server.calls.filter((entry) => entry.path === path).length;

describe('canceling an async run', () => {
  it('ends a queued run canceled at once: no worker ever sends it, and the cancel is audited', async () => {
    const accepting = await open(false);
    const actor = actorOf('token', 'runs-cancel-token-0123456789abcdef');
    const { id } = await accepting.submit({ command: 'analytics.exportData', input: EXPORT });
    const canceled = await withRequestContext({ actor }, () => accepting.cancel(id));
    expect(canceled).toMatchObject({ id, status: 'canceled', error: undefined, startedAt: undefined });

    const worker = await open(true);
    await worker.idle();
    expect(await worker.get(id)).toMatchObject({ status: 'canceled', attempt: 0, result: undefined });
    expect(calls('/api/2/export')).toBe(0);
    const audit = (await host.store.audit.listAudit({ limit: 10 })).filter((entry) => entry.target === id);
    expect(audit).toMatchObject([{ action: 'run.cancel', actor, connection: 'amp', outcome: 'ok' }]);
  });

  it('cuts off the call in flight of a run another process works, at its next lease renewal', async () => {
    const held = holdOnce(amplitude.server, 'get', '*/api/2/export');
    const worker = await open(true);
    const elsewhere = await open(false);
    const { id } = await elsewhere.submit({ command: 'analytics.exportData', input: EXPORT });
    await held.arrived;
    // Recorded in the store: the worker is not this service, so it hears of it when it renews.
    expect(await elsewhere.cancel(id)).toMatchObject({ id, status: 'canceling' });
    await held.aborted;
    const run = await ended(elsewhere, id);
    held.release();
    // A read cut off changes nothing at the provider: canceled, no error, no result.
    expect(run).toMatchObject({ status: 'canceled', error: undefined, result: undefined });
    expect(run.finishedAt).toEqual(expect.any(String));
    await expect(elsewhere.resultText(run, 'json').next()).rejects.toMatchObject({
      kind: 'validation',
      details: { conflict: true, status: 'canceled' },
    });
    // Not put back in the queue: it is never asked for again.
    await worker.idle();
    expect(calls('/api/2/export')).toBe(1);
    expect((await worker.get(id)).status).toBe('canceled');
  }, 30_000);

  it('stops a run of its own worker at once, says a cut-off write may have applied, and follows it to its end', async () => {
    const held = holdOnce(amplitude.server, 'post', '*/2/httpapi');
    const worker = await open(true);
    const { id } = await worker.submit({
      command: 'analytics.sendEvents',
      input: SEND,
      idempotencyKey: 'cancel-k-1',
    });
    await held.arrived;
    const events = worker.follow(id);
    expect((await events.next()).value).toEqual({ type: 'status', id, status: 'running' });
    expect((await worker.cancel(id)).status).toBe('canceling');
    await held.aborted;
    const rest = [];
    for await (const event of events) rest.push(event);
    held.release();
    const end = rest.at(-1);
    expect(end).toMatchObject({
      type: 'end',
      id,
      status: 'canceled',
      error: { kind: 'internal', outcomeUnknown: true, details: { run: id, idempotencyKey: 'cancel-k-1' } },
    });
    const message = (await worker.get(id)).error?.message;
    expect(message).toMatch(/canceled while analytics\.sendEvents was running/);
    // Keyed: the key is named, and repeating with it is the safe move, not "check before running it again".
    expect(message).toMatch(/Repeating it with the same idempotencyKey "cancel-k-1" is safe/);
    expect(message).not.toMatch(/Check there before/);
    // Canceling again changes nothing and says so quietly.
    expect((await worker.cancel(id)).status).toBe('canceled');
    expect(calls('/2/httpapi')).toBe(1);
  });

  it('refuses to cancel a run that has ended (409) and a run it does not know (404)', async () => {
    const worker = await open(true);
    const { id } = await worker.submit({ command: 'analytics.exportData', input: EXPORT });
    expect((await ended(worker, id)).status).toBe('succeeded');
    await expect(worker.cancel(id)).rejects.toMatchObject({
      kind: 'validation',
      parameter: 'id',
      details: { conflict: true, status: 'succeeded' },
      message: expect.stringMatching(/has already succeeded/),
    });
    expect((await worker.get(id)).status).toBe('succeeded');
    await expect(worker.cancel('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
