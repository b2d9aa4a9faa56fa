import { AuthError } from '@c/core';
import type { RecordedCall } from '@c/core/testing';
import { useSimulator } from '@c/core/testing/vitest';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type AnalyticsClient, analytics, sendEventStream } from '../analytics-connector.js';
import { connectAnalytics, expectInvalid, expectOutput } from '../testing/amplitude-test-helpers.js';
import {
  type AmplitudeSandbox,
  type AmplitudeSimulatorOptions,
  analyticsSimulator,
  syntheticEvents,
} from '../testing/index.js';
import { sendEvents } from './send-events.js';

const env = useSimulator(analyticsSimulator, { connect: connectAnalytics });

interface Body {
  api_key: string;
  events: Record<string, unknown>[];
}
const bodyOf = (call: RecordedCall) => JSON.parse(call.bodyText) as Body;

/** A clock that moves only when Send Events pauses, shared with the simulator: nothing waits. */
function fakeTimers() {
  const start = Date.UTC(2026, 0, 1);
  let clock = start;
  const slept: number[] = [];
  return {
    start,
    slept,
    now: () => clock,
    sleep: async (ms: number) => {
      slept.push(ms);
      clock += ms;
    },
  };
}
const sentEvents = (sandbox: AmplitudeSandbox) => sandbox.server.calls.flatMap((call) => bodyOf(call).events);

async function withSimulator(
  options: AmplitudeSimulatorOptions,
  run: (client: AnalyticsClient, sandbox: AmplitudeSandbox) => Promise<void>,
) {
  const sandbox = await analyticsSimulator.start(options);
  const client = connectAnalytics(sandbox);
  try {
    await run(client, sandbox);
    expect(sandbox.server.violations).toEqual([]);
  } finally {
    await client.close();
    await sandbox.close();
  }
}

describe('sendEvents', () => {
  it('posts the events with the api_key in a JSON body, no Authorization header, and an insert_id on each', async () => {
    const events = [
      {
        event_type: 'Sign Up',
        user_id: 'user-20391',
        time: 1_793_817_970_000,
        event_properties: { plan: 'pro' },
      },
      { event_type: 'Log In', device_id: 'C8F9E604-F01A', insert_id: 'order-88231-login' },
    ];
    const result = await env.client.run('sendEvents', { events });
    expect(result).toEqual({ ingested: 2, rejected: [], batches: 1 });
    expectOutput(sendEvents, result);
    const call = env.sim.server.calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/2/httpapi');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers.authorization).toBeUndefined();
    const body = bodyOf(call);
    expect(body.api_key).toBe(env.sim.connection.credentials.apiKey);
    expect(body.events[0]).toEqual({ ...events[0], insert_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(body.events[1]).toEqual(events[1]);
    expect(events[0]).not.toHaveProperty('insert_id');
    expect(env.sim.state.ingestedCount).toBe(2);
  });

  it('ingests each event once when a run is repeated with the same idempotency key', async () => {
    const events = [
      { event_type: 'Order Completed', user_id: 'user-keyed-1', event_properties: { total: 42 } },
      { event_type: 'Order Completed', device_id: 'device-keyed-2' },
      { event_type: 'Refund', user_id: 'user-keyed-1', insert_id: 'refund-88231' },
    ];
    const run = (idempotencyKey: string) => env.client.run('sendEvents', { events }, { idempotencyKey });
    expect(await run('order-88231')).toEqual({ ingested: 3, rejected: [], batches: 1 });
    // The answer to the first run was lost, say: the caller repeats it with the same key.
    expect(await run('order-88231')).toEqual({ ingested: 3, rejected: [], batches: 1 });
    const [first, second] = env.sim.server.calls.map((call) => bodyOf(call).events);
    expect(second).toEqual(first);
    const ids = first!.map((event) => event.insert_id as string);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
    expect(ids[2]).toBe('refund-88231');
    expect(JSON.stringify(first)).not.toContain('order-88231');
    expect(env.sim.state.ingestedCount).toBe(3);
    expect(env.sim.state.duplicateCount).toBe(3);
    expect(env.sim.state.events.map((stored) => stored.event.event_type)).toEqual([
      'Order Completed',
      'Order Completed',
      'Refund',
    ]);

    // Another key is another run: its events are new (the caller's own insert_id stays a duplicate).
    expect(await run('order-88232')).toMatchObject({ ingested: 3 });
    expect(env.sim.state.ingestedCount).toBe(5);
    expect(env.sim.state.duplicateCount).toBe(4);
  });

  it('sends each run without a key with insert_ids of its own', async () => {
    const events = [{ event_type: 'Search', user_id: 'user-unkeyed-1' }];
    await env.client.run('sendEvents', { events });
    await env.client.run('sendEvents', { events });
    const [first, second] = env.sim.server.calls.map((call) => bodyOf(call).events[0]!.insert_id);
    expect(first).not.toBe(second);
    expect(env.sim.state.ingestedCount).toBe(2);
  });

  it('shows a dry run’s request with the api_key masked, and sends nothing', async () => {
    const events = [{ event_type: 'Search', user_id: 'user-dry-1' }];
    const dry = await env.client.runUnknown(
      'sendEvents',
      { events },
      { dryRun: true, idempotencyKey: 'dry-1' },
    );
    const [request] = (dry as { requests: { method: string; url: string; body: string }[] }).requests;
    expect(request).toMatchObject({ method: 'POST', url: `${env.sim.url}/2/httpapi` });
    expect(JSON.parse(request!.body)).toEqual({
      api_key: '[REDACTED]',
      events: [{ ...events[0], insert_id: expect.any(String) }],
    });
    expect(request!.body).not.toContain(env.sim.connection.credentials.apiKey);
    expect(env.sim.server.calls).toHaveLength(0);
  });

  it('takes the events as a string holding the JSON array', async () => {
    const result = await env.client.run('sendEvents', {
      events: '[{"event_type":"Search","user_id":"user-77777"}]',
    });
    expect(result).toEqual({ ingested: 1, rejected: [], batches: 1 });
  });

  it('sends nothing for an empty list', async () => {
    expect(await env.client.run('sendEvents', { events: [] })).toEqual({
      ingested: 0,
      rejected: [],
      batches: 0,
    });
    expect(env.sim.server.calls).toHaveLength(0);
  });

  it('refuses events it cannot send, naming the event and field, before sending any', async () => {
    const run = (events: unknown) => () => env.client.runUnknown('sendEvents', { events });
    await expectInvalid(env.sim, run('[{"event_type":'), 'events', /not valid JSON/);
    await expectInvalid(env.sim, run({ event_type: 'a', user_id: 'user-1' }), 'events');
    await expectInvalid(env.sim, run([{ event_type: 'a', user_id: 'user-1' }, 'b']), 'events.1');
    await expectInvalid(env.sim, run([{ user_id: 'user-12345' }]), 'events.0.event_type');
    await expectInvalid(
      env.sim,
      run([{ event_type: 'a', user_id: 'user-12345' }, { event_type: 'b' }]),
      'events.1.user_id',
      /user_id or device_id/,
    );
    await expectInvalid(
      env.sim,
      run([{ event_type: 'a', user_id: 'user-12345', time: '2026-01-01' }]),
      'events.0.time',
    );
  });

  it('sends with another project key when given one, and never shows a refused key', async () => {
    const other = analytics.connect({
      credentials: { apiKey: 'not-this-project', secretKey: 'whatever-secret' },
      ...env.sim.connection.options,
    });
    const { apiKey } = env.sim.connection.credentials;
    expect(
      await other.run('sendEvents', { apiKey, events: [{ event_type: 'a', user_id: 'user-12345' }] }),
    ).toMatchObject({ ingested: 1 });
    expect(bodyOf(env.sim.server.calls[0]!).api_key).toBe(apiKey);

    const refused = await env.client
      .run('sendEvents', {
        apiKey: 'some-other-key-123',
        events: [{ event_type: 'a', user_id: 'user-12345' }],
      })
      .catch((error: unknown) => error);
    expect(AuthError.isInstance(refused)).toBe(true);
    expect(JSON.stringify(refused) + String(refused)).not.toContain('some-other-key-123');
    await other.close();
    expect(env.sim.server.violations).toEqual([
      'POST /2/httpapi: the body does not carry the project api_key',
    ]);
    env.sim.server.violations.length = 0;
  });

  it('batches within 2000 events and 1 MB per request, every event delivered once', async () => {
    const events = [...syntheticEvents(4500, { devices: 900 })];
    const result = await env.client.run('sendEvents', { events });
    expect(result.ingested).toBe(4500);
    expect(result.rejected).toEqual([]);
    const calls = env.sim.server.calls;
    expect(result.batches).toBe(calls.length);
    for (const call of calls) {
      expect(bodyOf(call).events.length).toBeLessThanOrEqual(2000);
      expect(Buffer.byteLength(call.bodyText)).toBeLessThanOrEqual(1_000_000);
    }
    const sent = sentEvents(env.sim);
    expect(sent).toHaveLength(4500);
    expect(new Set(sent.map((event) => event.insert_id)).size).toBe(4500);
    expect(new Set(sent.map((event) => (event.event_properties as { sequence: number }).sequence)).size).toBe(
      4500,
    );
  });

  it('splits by bytes when events are large, and rejects one too large for any request without sending it', async () => {
    const payload = 'x'.repeat(60_000);
    const events = Array.from({ length: 40 }, (_, i) => ({
      event_type: 'Big',
      user_id: `user-big-${i}`,
      event_properties: { payload },
    }));
    events.splice(7, 0, {
      event_type: 'Huge',
      user_id: 'user-huge-1',
      event_properties: { payload: 'y'.repeat(1_100_000) },
    });
    const result = await env.client.run('sendEvents', { events });
    expect(result.ingested).toBe(40);
    expect(result.rejected).toEqual([
      { index: 7, reason: expect.stringMatching(/more than Amplitude accepts in one request/) },
    ]);
    expect(result.batches).toBeGreaterThanOrEqual(3);
    for (const call of env.sim.server.calls)
      expect(Buffer.byteLength(call.bodyText)).toBeLessThanOrEqual(1_000_000);
    expect(sentEvents(env.sim).some((event) => event.event_type === 'Huge')).toBe(false);
  });

  it('re-sends the valid events when Amplitude refuses some, and reports those with the reason', async () => {
    const events = [
      { event_type: 'ok', user_id: 'user-valid-1' },
      { event_type: 'short', user_id: 'abc' },
      { event_type: 'placeholder', device_id: 'anonymous' },
      { event_type: 'ok', user_id: 'user-valid-2' },
    ];
    const result = await env.client.run('sendEvents', { events });
    expect(result.ingested).toBe(2);
    expect(result.rejected).toEqual([
      { index: 1, reason: 'Amplitude refused it: user_id is shorter than the minimum id length (400)' },
      { index: 2, reason: 'Amplitude refused it: invalid value of device_id (400)' },
    ]);
    const [first, second] = env.sim.server.calls.map(bodyOf);
    expect(first!.events).toHaveLength(4);
    expect(second!.events).toEqual([first!.events[0], first!.events[3]]);
    expect(env.sim.state.events.slice(-2).map((stored) => stored.event.user_id)).toEqual([
      'user-valid-1',
      'user-valid-2',
    ]);
  });

  it('duplicates nothing when a request is repeated after its answer was lost', async () => {
    const before = env.sim.state.ingestedCount;
    env.sim.server.fault({ type: 'reset-after-handler' });
    const events = [...syntheticEvents(50, { devices: 50 })];
    const result = await env.client.run('sendEvents', { events });
    expect(result).toEqual({ ingested: 50, rejected: [], batches: expect.any(Number) });
    const calls = env.sim.server.calls;
    expect(calls.length).toBe(result.batches + 1);
    expect(bodyOf(calls[1]!)).toEqual(bodyOf(calls[0]!));
    expect(env.sim.state.ingestedCount - before).toBe(50);
    expect(env.sim.state.duplicateCount).toBeGreaterThan(0);
  });

  it('retries a 503 with the same insert_ids', async () => {
    env.sim.server.fault({
      type: 'status',
      status: 503,
      body: '{"code":503,"error":"Service Unavailable"}',
    });
    const result = await env.client.run('sendEvents', {
      events: [{ event_type: 'a', user_id: 'user-12345' }],
    });
    expect(result).toEqual({ ingested: 1, rejected: [], batches: 1 });
    const [first, second] = env.sim.server.calls.map(bodyOf);
    expect(second).toEqual(first);
  });
});

describe('sendEventStream', () => {
  it('keeps each device’s events in order across lanes and batches', async () => {
    const events = Array.from({ length: 300 }, (_, sequence) => ({
      event_type: 'Step',
      device_id: `device-order-${sequence % 5}`,
      event_properties: { sequence },
    }));
    const result = await sendEventStream(env.client, events, { maxEventsPerBatch: 7, lanes: 4 });
    expect(result.ingested).toBe(300);
    const byDevice = new Map<string, number[]>();
    for (const event of sentEvents(env.sim)) {
      const list = byDevice.get(event.device_id as string) ?? [];
      list.push((event.event_properties as { sequence: number }).sequence);
      byDevice.set(event.device_id as string, list);
    }
    expect(byDevice.size).toBe(5);
    for (const list of byDevice.values()) expect(list).toEqual([...list].sort((a, b) => a - b));
  });

  it('reads events lazily from an async iterable and reports invalid ones as rejected', async () => {
    async function* source() {
      yield { event_type: 'a', user_id: 'user-12345' };
      yield { user_id: 'user-12345' };
      yield 'not an event';
      yield { event_type: 'b', device_id: 'device-12345', time: 'yesterday' };
    }
    const result = await sendEventStream(env.client, source());
    expect(result.ingested).toBe(1);
    expect(result.rejected).toEqual([
      { index: 1, reason: 'event_type is required (a non-empty string)' },
      { index: 2, reason: 'must be an event object' },
      { index: 3, reason: 'Amplitude refused it: invalid value of time (400)' },
    ]);
  });

  it('splits a batch Amplitude finds too large (413) until it fits', async () => {
    await withSimulator({ maxEventsPerRequest: 300 }, async (client, sandbox) => {
      const result = await sendEventStream(client, syntheticEvents(1000), { lanes: 1 });
      expect(result).toEqual({ ingested: 1000, rejected: [], batches: 4 });
      expect(sandbox.server.calls.map((call) => bodyOf(call).events.length)).toEqual([
        1000, 500, 250, 250, 500, 250, 250,
      ]);
      expect(sandbox.state.ingestedCount).toBe(1000);
    });
  });

  it('pauses only a throttled device for 30 s and sends every other event at once', async () => {
    const timers = fakeTimers();
    await withSimulator({ now: timers.now }, async (client, sandbox) => {
      // Every other event is the hot device's: 1500 of them, more than 30 a second over 30 s.
      const events = Array.from({ length: 3000 }, (_, i) =>
        i % 2 === 0
          ? { event_type: 'Tap', device_id: 'device-hot-1', event_properties: { sequence: i } }
          : { event_type: 'View', device_id: `device-calm-${i % 300}`, event_properties: { sequence: i } },
      );
      const result = await sendEventStream(client, events, { maxEventsPerBatch: 1000, lanes: 1, timers });
      expect(result).toEqual({ ingested: 3000, rejected: [], batches: 4 });
      expect(timers.slept).toEqual([30_000]);
      const bodies = sandbox.server.calls.map((call) => bodyOf(call).events);
      expect(bodies.map((sent) => sent.length)).toEqual([1000, 1000, 1000, 500, 500]);
      expect(sandbox.state.throttledRequests).toBe(1);
      // The refused third request's calm events went again at once; only the hot device waited.
      expect(bodies[3]!.every((event) => event.device_id !== 'device-hot-1')).toBe(true);
      expect(bodies[4]!.every((event) => event.device_id === 'device-hot-1')).toBe(true);
      expect(sandbox.state.ingestedCount).toBe(3000);
      const hot = sandbox.state.events
        .filter((stored) => stored.event.device_id === 'device-hot-1')
        .map((stored) => (stored.event.event_properties as { sequence: number }).sequence);
      expect(hot).toEqual([...hot].sort((a, b) => a - b));
    });
  });

  it('does not let one hot device fail the run: every event of every device is delivered once', async () => {
    const timers = fakeTimers();
    await withSimulator({ now: timers.now }, async (client, sandbox) => {
      const events = [
        ...Array.from({ length: 5000 }, (_, i) => ({ event_type: 'Tap', user_id: 'user-hot-1', time: i })),
        ...syntheticEvents(2000, { devices: 400 }),
      ];
      const result = await sendEventStream(client, events, { timers });
      expect(result.ingested).toBe(7000);
      expect(result.rejected).toEqual([]);
      expect(sandbox.state.ingestedCount).toBe(7000);
      expect(sandbox.state.duplicateCount).toBe(0);
      expect(timers.slept.every((ms) => ms === 30_000)).toBe(true);
      expect(timers.slept.length).toBeGreaterThan(0);
      // Only the hot user's events waited: any other event went at most twice (once refused with
      // a request that held hot events, once accepted).
      const sends = new Map<string, number>();
      for (const call of sandbox.server.calls) {
        for (const event of bodyOf(call).events) {
          if (event.user_id !== 'user-hot-1') {
            sends.set(event.insert_id as string, (sends.get(event.insert_id as string) ?? 0) + 1);
          }
        }
      }
      expect(sends.size).toBe(2000);
      expect(Math.max(...sends.values())).toBeLessThanOrEqual(2);
    });
  });

  it('reports an event whose device stays throttled through every pause, and delivers the rest', async () => {
    const timers = fakeTimers();
    await withSimulator({ now: timers.now }, async (client, sandbox) => {
      sandbox.server.use(
        http.post('*/2/httpapi', async ({ request }) => {
          const sent = ((await request.clone().json()) as Body).events;
          const stuck = sent.flatMap((event, i) => (event.device_id === 'device-stuck-1' ? [i] : []));
          if (stuck.length === 0) return undefined;
          return HttpResponse.json(
            {
              code: 429,
              error: 'Too many requests for some devices and users',
              eps_threshold: 30,
              throttled_devices: { 'device-stuck-1': 95 },
              throttled_users: {},
              throttled_events: stuck,
            },
            { status: 429 },
          );
        }),
      );
      const events = [
        { event_type: 'a', device_id: 'device-stuck-1' },
        { event_type: 'b', device_id: 'device-fine-1' },
        { event_type: 'c', device_id: 'device-stuck-1' },
        { event_type: 'd', device_id: 'device-fine-2' },
      ];
      const result = await sendEventStream(client, events, { lanes: 1, timers, maxThrottlePauses: 3 });
      const reason =
        'Amplitude kept throttling device device-stuck-1 (over its events-per-second limit) through 3 pauses of 30 s (429)';
      expect(result).toEqual({
        ingested: 2,
        rejected: [
          { index: 0, reason },
          { index: 2, reason },
        ],
        batches: 1,
      });
      expect(timers.slept).toEqual([30_000, 30_000, 30_000]);
      expect(sandbox.server.calls).toHaveLength(5);
      expect(sandbox.state.events.map((stored) => stored.event.event_type)).toEqual(['b', 'd']);
    });
  });

  it('stops waiting out a pause when the run is cancelled', async () => {
    await withSimulator({}, async (client, sandbox) => {
      sandbox.server.fault({
        type: 'status',
        status: 429,
        body: JSON.stringify({
          code: 429,
          error: 'Too many requests for some devices and users',
          throttled_devices: { 'device-hot-9': 40 },
          throttled_events: [0],
        }),
      });
      const controller = new AbortController();
      const sending = sendEventStream(client, [{ event_type: 'a', device_id: 'device-hot-9' }], {
        signal: controller.signal,
        onProgress: () => controller.abort(new Error('cancelled by the caller')),
      });
      await expect(sending).rejects.toThrow('cancelled by the caller');
      expect(sandbox.server.calls).toHaveLength(1);
    });
  });

  it('retries a 429 that names nobody as a whole, and reports its events unconfirmed once retries are spent', async () => {
    const timers = fakeTimers();
    await withSimulator({ now: timers.now }, async (client, sandbox) => {
      const refused = {
        type: 'status',
        status: 429,
        body: '{"code":429,"error":"Too many requests"}',
      } as const;
      sandbox.server.fault({ ...refused, times: 1 });
      expect(
        await sendEventStream(client, syntheticEvents(5), { lanes: 1, timers, retry: { baseDelayMs: 1 } }),
      ).toEqual({ ingested: 5, rejected: [], batches: 1 });
      sandbox.server.fault({ ...refused, times: 2 });
      const result = await sendEventStream(client, syntheticEvents(5, { startTime: 1 }), {
        lanes: 1,
        timers,
        retry: { maxRetries: 1, baseDelayMs: 1 },
      });
      expect(result.ingested).toBe(0);
      expect(result.rejected.map((entry) => entry.reason)).toEqual(
        Array(5).fill('not confirmed: Amplitude throttled the upload (429): Too many requests'),
      );
      expect(timers.slept).toEqual([]);
      expect(sandbox.server.calls).toHaveLength(4);
    });
  });

  it('removes only the event a 400 names, field by field, and sends the others until all are in', async () => {
    const events = [
      { event_type: 'ok', user_id: 'user-valid-1' },
      { event_type: 'null-device', device_id: 'null' },
      { event_type: 'ok', user_id: 'user-valid-3' },
      { event_type: 'anonymous-device', device_id: 'anonymous' },
      { event_type: 'short-user', user_id: 'abc' },
      { event_type: 'ok', user_id: 'user-valid-5' },
    ];
    const before = env.sim.state.ingestedCount;
    const result = await env.client.run('sendEvents', { events });
    expect(result).toEqual({
      ingested: 3,
      rejected: [
        { index: 1, reason: 'Amplitude refused it: invalid value of device_id (400)' },
        { index: 3, reason: 'Amplitude refused it: invalid value of device_id (400)' },
        { index: 4, reason: 'Amplitude refused it: user_id is shorter than the minimum id length (400)' },
      ],
      batches: 1,
    });
    // Amplitude names the first bad event per field: device_id (1) and user_id (4), then device_id (3).
    expect(env.sim.server.calls.map((call) => bodyOf(call).events.map((event) => event.event_type))).toEqual([
      ['ok', 'null-device', 'ok', 'anonymous-device', 'short-user', 'ok'],
      ['ok', 'ok', 'anonymous-device', 'ok'],
      ['ok', 'ok', 'ok'],
    ]);
    expect(env.sim.state.ingestedCount - before).toBe(3);
  });

  it('reports events of users over their daily quota and delivers the others at once', async () => {
    await withSimulator({ overDailyQuota: { users: ['user-quota-1'] } }, async (client, sandbox) => {
      const events = [
        { event_type: 'a', user_id: 'user-fine-1' },
        { event_type: 'b', user_id: 'user-quota-1' },
        { event_type: 'c', user_id: 'user-fine-2' },
      ];
      const result = await sendEventStream(client, events, { lanes: 1 });
      expect(result.ingested).toBe(2);
      expect(result.rejected).toEqual([
        { index: 1, reason: expect.stringMatching(/user is over its daily event quota/) },
      ]);
      expect(sandbox.server.calls).toHaveLength(2);
    });
  });

  it('reports events of silenced devices and delivers the others', async () => {
    await withSimulator({ silencedDevices: ['device-silenced'] }, async (client) => {
      const events = [
        { event_type: 'a', device_id: 'device-silenced' },
        { event_type: 'b', device_id: 'device-fine-1' },
      ];
      const result = await sendEventStream(client, events, { lanes: 1 });
      expect(result).toEqual({
        ingested: 1,
        rejected: [{ index: 0, reason: expect.stringMatching(/silenced/) }],
        batches: 1,
      });
    });
  });

  it('accounts for every event when Amplitude keeps failing: the tried ones unconfirmed, the rest not sent', async () => {
    env.sim.server.fault({ type: 'status', status: 503, times: 100, body: '{"code":503}' });
    const result = await sendEventStream(env.client, syntheticEvents(30), {
      lanes: 1,
      maxEventsPerBatch: 10,
      retry: { maxRetries: 1, baseDelayMs: 1 },
    });
    expect(result.ingested).toBe(0);
    expect(result.batches).toBe(0);
    expect(result.rejected).toHaveLength(30);
    expect(
      result.rejected
        .slice(0, 10)
        .every((entry) => entry.reason.startsWith('not confirmed: Amplitude answered 503')),
    ).toBe(true);
    expect(
      result.rejected
        .slice(10)
        .every((entry) => entry.reason.startsWith('not sent: an earlier request failed')),
    ).toBe(true);
    expect(result.rejected.map((entry) => entry.index)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(env.sim.server.calls).toHaveLength(2);
  });
});
