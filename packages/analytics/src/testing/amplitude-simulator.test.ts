import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import { basicAuth, HttpClient, ProviderError } from '@c/core';
import { contractsDir, readJsonContract } from '@c/core/testing';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../analytics-zip-reader.js';
import { exportTime } from './amplitude-synthetic.js';
import {
  type AmplitudeSandbox,
  type AmplitudeSimulatorOptions,
  analyticsSimulator,
  startAnalyticsSimulator,
} from './index.js';

const now = Date.UTC(2026, 2, 10, 12, 30);
let sandbox: AmplitudeSandbox;
let raw: HttpClient;

/** A plain client on the simulator: no connector rules, so the simulator's own answers show. */
function rawClient(target: AmplitudeSandbox, auth = true): HttpClient {
  const { apiKey, secretKey } = target.connection.credentials;
  return new HttpClient({
    provider: 'Amplitude',
    baseUrls: { default: target.url },
    ...(auth ? { auth: basicAuth(apiKey, secretKey) } : {}),
    retry: { maxRetries: 0 },
    parseError: (response) =>
      new ProviderError('refused', { status: response.status, details: { body: response.body } }),
  });
}

async function answer(client: HttpClient, request: Parameters<HttpClient['request']>[0]) {
  try {
    const response = await client.request(request);
    return { status: response.status, body: response.data };
  } catch (error) {
    const { status, details } = error as ProviderError;
    return { status, body: details?.body };
  }
}

async function post(target: AmplitudeSandbox, body: unknown, path = '/2/httpapi') {
  const response = await fetchLike(target, path, typeof body === 'string' ? body : JSON.stringify(body));
  return response;
}

/** Posts through core's client and returns status and parsed body, errors included. */
async function fetchLike(target: AmplitudeSandbox, path: string, body: string) {
  const client = rawClient(target, false);
  let result: { status: number; body: Record<string, unknown> };
  try {
    const response = await client.request<Record<string, unknown>>({
      method: 'POST',
      path,
      body,
      contentType: 'application/json',
    });
    result = { status: response.status, body: response.data };
  } catch (error) {
    const { status, details } = error as ProviderError;
    result = { status: status ?? 0, body: details?.body as Record<string, unknown> };
  }
  await client.close();
  return result;
}

async function withSandbox(
  options: AmplitudeSimulatorOptions,
  run: (target: AmplitudeSandbox) => Promise<void>,
) {
  const target = await analyticsSimulator.start(options);
  try {
    await run(target);
  } finally {
    await target.close();
  }
}

beforeAll(async () => {
  sandbox = await analyticsSimulator.start({ seed: true, now: () => now });
  raw = rawClient(sandbox);
});
afterEach(() => {
  sandbox.server.reset();
});
afterAll(async () => {
  await raw.close();
  await sandbox.close();
});

describe('the simulated query APIs', () => {
  it('refuse a request without the project’s Basic credentials (401), and flag it', async () => {
    const anonymous = rawClient(sandbox, false);
    expect(await answer(anonymous, { method: 'GET', path: '/api/3/cohorts' })).toEqual({
      status: 401,
      body: {
        error: {
          http_code: 401,
          type: 'unauthorized',
          message: 'Invalid API key or secret key',
          metadata: null,
        },
      },
    });
    await anonymous.close();
    expect(sandbox.server.violations).toEqual([
      'GET /api/3/cohorts: the query APIs need HTTP Basic auth (API key : secret key)',
    ]);
  });

  it('check parameters as Amplitude does (400), and flag undocumented ones', async () => {
    expect(
      await answer(raw, {
        method: 'GET',
        path: '/api/2/users',
        query: { start: '20260230', end: '20260301' },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Invalid request: parameter start must be a real date written YYYYMMDD' },
    });
    expect(
      (
        await answer(raw, {
          method: 'GET',
          path: '/api/2/events/segmentation',
          query: { e: '{"event_type":"a"}', start: '20260301', end: '20260301', m: 'sums' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await answer(raw, { method: 'GET', path: '/api/2/realtime', query: { colour: 'blue' } })).status,
    ).toBe(200);
    expect(sandbox.server.violations).toEqual([
      'GET /api/2/users: parameter start must be a real date written YYYYMMDD',
      'GET /api/2/events/segmentation: metric sums needs a group_by in e',
      'GET /api/2/realtime: undocumented query parameter(s): colour',
    ]);
  });

  it('answer 429 while five requests of the project are in flight', async () => {
    await withSandbox({}, async (target) => {
      const client = rawClient(target);
      target.state.inFlight = 5;
      expect(await answer(client, { method: 'GET', path: '/api/2/realtime' })).toEqual({
        status: 429,
        body: { error: 'Exceeded the limit of 5 concurrent requests per project' },
      });
      target.state.inFlight = 4;
      expect((await answer(client, { method: 'GET', path: '/api/2/realtime' })).status).toBe(200);
      await client.close();
    });
  });

  it('allow 10 concurrent user searches and 360 an hour, apart from the 5 of the other endpoints', async () => {
    await withSandbox({ userSearchPerHour: 3 }, async (target) => {
      const client = rawClient(target);
      const search = () => answer(client, { method: 'GET', path: '/api/2/usersearch', query: { user: 'x' } });
      target.state.inFlight = 5;
      target.state.userSearchInFlight = 9;
      expect((await search()).status).toBe(200);
      target.state.userSearchInFlight = 10;
      expect(await search()).toEqual({
        status: 429,
        body: { error: 'Exceeded the limit of 10 concurrent user search and user activity requests' },
      });
      target.state.userSearchInFlight = 0;
      expect((await search()).status).toBe(200);
      expect((await search()).status).toBe(200);
      expect(await search()).toEqual({
        status: 429,
        body: { error: 'Exceeded the limit of 3 user lookups per hour' },
      });
      await client.close();
    });
  });

  it('are seeded for the sandbox, and empty otherwise', async () => {
    expect(sandbox.state.users).toHaveLength(40);
    expect(sandbox.state.cohorts).toHaveLength(3);
    expect([...sandbox.state.charts.keys()]).toEqual(['sbx4k2m', 'sbx7dau']);
    // 30 days of 12 events an hour, plus an identify for each user, all ingested as events.
    expect(sandbox.state.ingestedCount).toBe(720 * 12 + 40);
    expect(sandbox.state.events).toHaveLength(720 * 12 + 40);
    await withSandbox({}, async (target) => {
      expect(target.state.users).toEqual([]);
      expect(target.state.cohorts).toEqual([]);
      const client = rawClient(target);
      expect(
        (
          await answer(client, {
            method: 'GET',
            path: '/api/2/export',
            query: { start: '20260101T00', end: '20260101T01' },
          })
        ).status,
      ).toBe(404);
      await client.close();
    });
  });
});

describe('the simulated export', () => {
  it('writes timestamps as Amplitude does, YYYY-MM-DD HH:MM:SS.ffffff in UTC', () => {
    for (const ms of [0, Date.UTC(2026, 1, 28, 23, 59, 59, 999), Date.UTC(2024, 1, 29, 4, 5, 6, 7)]) {
      const iso = new Date(ms).toISOString();
      expect(exportTime(ms)).toBe(`${iso.slice(0, 10)} ${iso.slice(11, 23)}000`);
    }
  });

  it('is a zip of gzipped NDJSON files per hour, streamed with data descriptors', async () => {
    const response = await raw.request<Readable>({
      method: 'GET',
      path: '/api/2/export',
      query: { start: '20260310T09', end: '20260310T11' },
      responseType: 'stream',
    });
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = await buffer(response.data);
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt16LE(6) & 0x08).toBe(0x08);
    const files: Record<string, Record<string, unknown>[]> = {};
    for await (const entry of readZip(Readable.from([zip]))) {
      const text = gunzipSync(inflateRawSync(await buffer(entry.raw))).toString('utf8');
      files[entry.name] = text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    }
    const id = sandbox.state.projectId;
    expect(Object.keys(files)).toEqual([9, 10, 11].map((hour) => `${id}/${id}_2026-03-10_${hour}#0.json.gz`));
    for (const events of Object.values(files)) {
      expect(events).toHaveLength(12);
      for (const event of events) expect(event.server_upload_time).toMatch(/^2026-03-10 (09|10|11):/);
    }
  });

  it('refuses an export over its size limit with 400, and has no data outside the history (404)', async () => {
    await withSandbox({ export: { bytes: 10_000_000 }, exportLimitBytes: 1_000_000 }, async (target) => {
      const client = rawClient(target);
      const refused = await answer(client, {
        method: 'GET',
        path: '/api/2/export',
        query: { start: '20260101T00', end: '20260101T01' },
      });
      expect(refused).toEqual({
        status: 400,
        body: 'Export exceeds the 4GB limit. Please shorten the time range.',
      });
      await client.close();
    });
    expect(
      (
        await answer(raw, {
          method: 'GET',
          path: '/api/2/export',
          query: { start: '20260101T00', end: '20260101T05' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('the simulated ingestion API', () => {
  const event = (extra: Record<string, unknown> = {}) => ({
    event_type: 'Tap',
    device_id: 'device-abcdef',
    ...extra,
  });

  it('answers 200 with Amplitude’s body and deduplicates by insert_id per device', async () => {
    await withSandbox({}, async (target) => {
      const { apiKey } = target.connection.credentials;
      const first = await post(target, {
        api_key: apiKey,
        events: [event({ insert_id: 'i-1' }), event({ insert_id: 'i-2' })],
      });
      expect(first).toEqual({
        status: 200,
        body: {
          code: 200,
          events_ingested: 2,
          payload_size_bytes: expect.any(Number),
          server_upload_time: expect.any(Number),
        },
      });
      await post(target, {
        api_key: apiKey,
        events: [event({ insert_id: 'i-1' }), event({ insert_id: 'i-1', device_id: 'device-other' })],
      });
      expect(target.state.ingestedCount).toBe(3);
      expect(target.state.duplicateCount).toBe(1);
    });
  });

  it('refuses what Amplitude refuses, with its bodies', async () => {
    await withSandbox({ maxEventsPerRequest: 2 }, async (target) => {
      const { apiKey } = target.connection.credentials;
      expect(await post(target, '{not json')).toMatchObject({
        status: 400,
        body: { error: 'Invalid JSON request body' },
      });
      expect(await post(target, { events: [event()] })).toMatchObject({
        status: 400,
        body: { error: 'Request missing required field', missing_field: 'api_key' },
      });
      expect(await post(target, { api_key: 'wrong-key-000', events: [event()] })).toMatchObject({
        status: 400,
        body: { error: 'Invalid API key' },
      });
      expect(await post(target, { api_key: apiKey, events: [event(), event(), event()] })).toMatchObject({
        status: 413,
        body: { error: 'Payload too large' },
      });
      const mixed = await post(target, {
        api_key: apiKey,
        events: [event(), { event_type: 'x', user_id: 'abc' }],
      });
      expect(target.state.ingestedCount).toBe(0);
      expect(mixed).toMatchObject({
        status: 400,
        body: {
          error: 'Invalid id length for user_id or device_id',
          events_with_invalid_id_lengths: { user_id: [1] },
        },
      });
      expect(target.state.ingestedCount).toBe(0);
      expect(target.server.violations).toEqual([
        'POST /2/httpapi: the body is not JSON',
        'POST /2/httpapi: the body does not carry the project api_key',
        'POST /2/httpapi: the body does not carry the project api_key',
      ]);
    });
  });

  it('names only the first bad event per field in a 400, as Amplitude documents', async () => {
    await withSandbox({}, async (target) => {
      const { apiKey } = target.connection.credentials;
      const refused = await post(target, {
        api_key: apiKey,
        events: [
          event(),
          event({ event_type: '' }),
          event({ time: '2026-03-01' }),
          event({ event_type: '' }),
          event({ time: 'yesterday' }),
          event({ device_id: 'null' }),
          event({ device_id: 'abc' }),
          event({ device_id: 'xyz' }),
        ],
      });
      expect(refused).toEqual({
        status: 400,
        body: {
          code: 400,
          error: 'Request missing required field',
          events_with_missing_fields: { event_type: [1] },
          events_with_invalid_fields: { time: [2], device_id: [5] },
          events_with_invalid_id_lengths: { device_id: [6] },
        },
      });
      expect(target.state.ingestedCount).toBe(0);
    });
  });

  it('throttles a user above 30 events per second across devices, naming the user and the events', async () => {
    let clock = now;
    await withSandbox({ now: () => clock }, async (target) => {
      const { apiKey } = target.connection.credentials;
      const burst = Array.from({ length: 1000 }, (_, i) =>
        event({ user_id: 'user-hot-1', device_id: `device-${i % 10}-abc`, insert_id: `u-${i}` }),
      );
      expect((await post(target, { api_key: apiKey, events: burst })).status).toBe(200);
      const throttled = await post(target, {
        api_key: apiKey,
        events: [
          event({ device_id: 'device-calm1' }),
          event({ user_id: 'user-hot-1', device_id: 'device-new-1' }),
        ],
      });
      expect(throttled).toEqual({
        status: 429,
        body: {
          code: 429,
          error: 'Too many requests for some devices and users',
          eps_threshold: 30,
          throttled_devices: {},
          throttled_users: { 'user-hot-1': 33 },
          throttled_events: [1],
          exceeded_daily_quota_users: {},
          exceeded_daily_quota_devices: {},
        },
      });
      expect(target.state.ingestedCount).toBe(1000);
      clock += 30_000;
      expect(
        (
          await post(target, {
            api_key: apiKey,
            events: [event({ user_id: 'user-hot-1', insert_id: 'later' })],
          })
        ).status,
      ).toBe(200);
    });
  });

  it('throttles a device above 30 events per second on average with a 429 and Amplitude’s body', async () => {
    let clock = now;
    await withSandbox({ now: () => clock }, async (target) => {
      const { apiKey } = target.connection.credentials;
      const burst = Array.from({ length: 1000 }, (_, i) => event({ insert_id: `b-${i}` }));
      expect((await post(target, { api_key: apiKey, events: burst })).status).toBe(200);
      const throttled = await post(target, {
        api_key: apiKey,
        events: [event({ device_id: 'device-calm1' }), event()],
      });
      expect(throttled).toMatchObject({
        status: 429,
        body: {
          error: 'Too many requests for some devices and users',
          eps_threshold: 30,
          throttled_events: [1],
        },
      });
      clock += 30_000;
      expect((await post(target, { api_key: apiKey, events: [event({ insert_id: 'later' })] })).status).toBe(
        200,
      );
    });
  });

  it('keeps no calls when asked not to, yet still checks each', async () => {
    await withSandbox({ recordCalls: false }, async (target) => {
      await post(target, { api_key: 'nope-nope-nope', events: [] });
      expect(target.server.calls).toEqual([]);
      expect(target.server.violations).toEqual([
        'POST /2/httpapi: the body does not carry the project api_key',
      ]);
    });
  });
});

interface Example {
  id: string;
  body: unknown;
}

/** Every key of the documented example exists in the simulator's body, with a value of the same kind. */
function sameShape(example: unknown, actual: unknown, path = 'body'): string[] {
  if (example === null) return [];
  if (Array.isArray(example)) {
    if (!Array.isArray(actual)) return [`${path} is not an array`];
    return example.length > 0 && actual.length > 0 ? sameShape(example[0], actual[0], `${path}[0]`) : [];
  }
  if (typeof example === 'object') {
    if (typeof actual !== 'object' || actual === null) return [`${path} is not an object`];
    return Object.entries(example).flatMap(([key, value]) =>
      key in actual
        ? sameShape(value, (actual as Record<string, unknown>)[key], `${path}.${key}`)
        : [`${path}.${key} is missing`],
    );
  }
  return typeof example === typeof actual
    ? []
    : [`${path} is ${typeof actual}, documented ${typeof example}`];
}

describe.skipIf(!contractsDir())('the simulator against Amplitude’s documented examples', () => {
  const examples = () =>
    Object.fromEntries(
      readJsonContract<{ examples: Example[] }>('amplitude/examples.json').examples.map((example) => [
        example.id,
        example.body,
      ]),
    );

  it('answers the query APIs in the documented shapes', async () => {
    const docs = examples();
    const get = async (path: string, query?: Record<string, string>) =>
      (await raw.request({ method: 'GET', path, query })).data;
    const user = sandbox.state.users[0]!;
    const bodies: Record<string, unknown> = {
      'dashboard.users.200': await get('/api/2/users', { start: '20260301', end: '20260302', g: 'country' }),
      'dashboard.events_segmentation.200': await get('/api/2/events/segmentation', {
        e: '{"event_type":"Play Song"}',
        start: '20260301',
        end: '20260302',
        g: 'country',
      }),
      'dashboard.usersearch.200.match': await get('/api/2/usersearch', { user: user.user_id! }),
      'dashboard.usersearch.200.nomatch': await get('/api/2/usersearch', { user: 'no-such-user' }),
      'dashboard.useractivity.200': await get('/api/2/useractivity', { user: String(user.amplitude_id) }),
      'dashboard.realtime.200': await get('/api/2/realtime'),
      'cohorts.list.200': await get('/api/3/cohorts'),
    };
    for (const [id, body] of Object.entries(bodies)) {
      const problems = sameShape(docs[id], body).filter(
        // The documented user has fields a sandbox user lacks (purchases, carrier, location).
        (problem) =>
          !(
            id === 'dashboard.useractivity.200' &&
            /userData\.(usage_time|purchases|revenue|carrier|start_version|last_location|properties\.)/.test(
              problem,
            )
          ),
      );
      expect(problems, id).toEqual([]);
    }
  });

  it('answers the ingestion API in the documented shapes', async () => {
    const docs = examples();
    await withSandbox({ maxEventsPerRequest: 1, silencedDevices: [] }, async (target) => {
      const { apiKey } = target.connection.credentials;
      const ok = await post(target, {
        api_key: apiKey,
        events: [{ event_type: 'a', user_id: 'user-12345' }],
      });
      expect(sameShape(docs['httpapi.200'], ok.body)).toEqual([]);
      const tooLarge = await post(target, {
        api_key: apiKey,
        events: [
          { event_type: 'a', user_id: 'user-12345' },
          { event_type: 'b', user_id: 'user-12345' },
        ],
      });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toMatchObject(docs['httpapi.413'] as object);
    });
  });

  it('writes export lines with every documented field', async () => {
    const schema = readJsonContract<{ exportEventLineSchema: { fields: Record<string, string> } }>(
      'amplitude/examples.json',
    );
    const response = await raw.request<Readable>({
      method: 'GET',
      path: '/api/2/export',
      query: { start: '20260310T10', end: '20260310T10' },
      responseType: 'stream',
    });
    const zip = await buffer(response.data);
    for await (const entry of readZip(Readable.from([zip]))) {
      const line = JSON.parse(
        gunzipSync(inflateRawSync(await buffer(entry.raw)))
          .toString('utf8')
          .split('\n')[0]!,
      ) as Record<string, unknown>;
      expect(Object.keys(line).sort()).toEqual(Object.keys(schema.exportEventLineSchema.fields).sort());
    }
  });
});

describe('analyticsSimulator', () => {
  it('starts with the common handle, and reset() brings back the project it started as', async () => {
    await withSandbox({ seed: true, now: () => now }, async (target) => {
      expect(target.connectorId).toBe('analytics');
      expect(target.connection.options).toEqual({
        baseUrl: target.url,
        ingestionBaseUrl: target.url,
        profileBaseUrl: target.url,
      });
      const counts = () => ({
        events: target.state.events.length,
        users: target.state.users.length,
        ingested: target.state.ingestedCount,
      });
      const seeded = counts();
      expect(seeded.events).toBeGreaterThan(0);
      const { apiKey } = target.connection.credentials;
      const sent = {
        api_key: apiKey,
        events: [{ event_type: 'Reset Me', user_id: 'user-reset-1', insert_id: 'r-1' }],
      };
      expect((await post(target, sent)).status).toBe(200);
      target.server.fault({ type: 'status', status: 503 });
      target.server.use(http.get('*/api/3/cohorts', () => HttpResponse.json({ cohorts: [] })));
      target.server.addViolation('planted');

      target.reset();

      expect(target.server.calls).toEqual([]);
      expect(target.server.violations).toEqual([]);
      expect(counts()).toEqual(seeded);
      expect(target.state.events.some((stored) => stored.event.event_type === 'Reset Me')).toBe(false);
      expect(target.state.cohorts).toHaveLength(3);
      expect(target.state.duplicateCount).toBe(0);
      // The fault and the override are gone, and the insert_id is new again: the same event is ingested.
      expect((await post(target, sent)).status).toBe(200);
      expect(target.state.duplicateCount).toBe(0);
      expect(target.state.ingestedCount).toBe(seeded.ingested + 1);
      const client = rawClient(target);
      const cohorts = await answer(client, { method: 'GET', path: '/api/3/cohorts' });
      await client.close();
      expect((cohorts.body as { cohorts: unknown[] }).cohorts).toHaveLength(3);
    });
  });

  it('starts as startAnalyticsSimulator, the start of the simulator object', async () => {
    expect(startAnalyticsSimulator).toBe(analyticsSimulator.start);
    const target = await startAnalyticsSimulator();
    expect(target.connectorId).toBe(analyticsSimulator.connectorId);
    await target.close();
  });

  it('skips the contract check with contracts: false, and keeps no calls with recordCalls: false', async () => {
    await withSandbox({ contracts: false, recordCalls: false }, async (target) => {
      const answered = await post(target, { events: [{ event_type: 'a', user_id: 'user-12345' }] });
      expect(answered.status).toBe(400);
      expect(target.server.violations).toEqual([]);
      expect(target.server.calls).toEqual([]);
    });
  });
});
