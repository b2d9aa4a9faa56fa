// Conformance of the simulator with Amplitude's own Node SDK (`@amplitude/analytics-node`): the
// calls a user of that SDK makes first (init, track, identify, flush) against the simulator, then
// what they sent read back through the simulator's query APIs, by our connector's commands. A
// table of every call and its outcome is printed at the end.
import { createInstance, Identify, Types } from '@amplitude/analytics-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalyticsClient, analytics } from '../analytics-connector.js';
import { type AmplitudeSandbox, analyticsSimulator } from './index.js';

const SDK = '@amplitude/analytics-node 1.5.73';
const rows: { call: string; expected: string; outcome: string; pass: boolean }[] = [];
let sandbox: AmplitudeSandbox;
let client: AnalyticsClient;

/** Records one call of the table; the test asserts the same condition. */
function record(call: string, expected: string, outcome: string, pass: boolean): boolean {
  rows.push({ call, expected, outcome, pass });
  return pass;
}

/** A fresh SDK client, so one test's queue and settings never reach another. */
const sdk = () => createInstance();

const yyyymmdd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
const hourOf = (ms: number) => `${yyyymmdd(ms)}T${new Date(ms).toISOString().slice(11, 13)}`;

beforeAll(async () => {
  sandbox = await analyticsSimulator.start();
  client = analytics.connect({ credentials: sandbox.connection.credentials, ...sandbox.connection.options });
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  const width = (key: 'call' | 'expected' | 'outcome') =>
    Math.max(key.length, ...rows.map((row) => row[key].length));
  const [c, e, o] = [width('call'), width('expected'), width('outcome')];
  const line = (call: string, expected: string, outcome: string, pass: string) =>
    `| ${call.padEnd(c)} | ${expected.padEnd(e)} | ${outcome.padEnd(o)} | ${pass.padEnd(4)} |`;
  console.log(
    [
      `${SDK} against the Amplitude simulator: ${rows.filter((row) => row.pass).length} of ${rows.length} calls pass`,
      line('call', 'expected', 'outcome', 'pass'),
      line('-'.repeat(c), '-'.repeat(e), '-'.repeat(o), '----'),
      ...rows.map((row) => line(row.call, row.expected, row.outcome, row.pass ? 'yes' : 'NO')),
    ].join('\n'),
  );
});

describe(`${SDK} against the simulator`, () => {
  const started = Date.now();
  const users = ['sdk-user-0001', 'sdk-user-0002', 'sdk-user-0003'];

  it('init, track, identify and flush: every event answered 200 and ingested', async () => {
    const amplitude = sdk();
    await amplitude.init(sandbox.connection.credentials.apiKey, {
      serverUrl: `${sandbox.url}/2/httpapi`,
      logLevel: Types.LogLevel.None,
      // Only the explicit flush below sends.
      flushIntervalMillis: 3_600_000,
      flushQueueSize: 1000,
    }).promise;
    expect(record('init(apiKey, {serverUrl})', 'resolves', 'resolved', true)).toBe(true);

    // Identify first: Amplitude applies user properties to the events that follow them.
    const identify = new Identify().set('plan', 'premium').setOnce('first_genre', 'jazz').add('logins', 1);
    const identified = amplitude.identify(identify, { user_id: users[0] });
    const tracked = [
      amplitude.track('Song Played', { genre: 'jazz', duration_ms: 215_000 }, { user_id: users[0] }),
      amplitude.track('Song Played', { genre: 'rock', duration_ms: 180_000 }, { user_id: users[1] }),
      amplitude.track('Song Played', { genre: 'jazz', duration_ms: 95_000 }, { user_id: users[0] }),
      amplitude.track('Playlist Created', { songs: 12 }, { user_id: users[2], device_id: 'sdk-device-0003' }),
      amplitude.track({
        event_type: 'Search',
        device_id: 'sdk-device-anon-1',
        event_properties: { query: 'blue' },
      }),
    ];
    await amplitude.flush().promise;
    const results = await Promise.all([identified, ...tracked].map((call) => call.promise));
    const names = [
      'identify set/setOnce/add',
      'track Song Played',
      'track Song Played',
      'track Song Played',
      'track Playlist Created',
      'track Search (device only)',
    ];
    results.forEach((result, i) => {
      expect(record(`${names[i]} + flush()`, 'code 200', `code ${result.code}`, result.code === 200)).toBe(
        true,
      );
    });
    expect(
      record('ingested events', '6', String(sandbox.state.ingestedCount), sandbox.state.ingestedCount === 6),
    ).toBe(true);
    const body = JSON.parse(sandbox.server.calls[0]!.bodyText) as { events: Record<string, unknown>[] };
    expect(
      body.events.every((event) => typeof event.insert_id === 'string' && typeof event.time === 'number'),
    ).toBe(true);
    expect(
      record(
        'contract check of the SDK’s requests',
        'no violation',
        `${sandbox.server.violations.length} violations`,
        sandbox.server.violations.length === 0,
      ),
    ).toBe(true);
  });

  it('shows what the SDK sent through the export, segmentation, user counts and user search', async () => {
    const now = Date.now();
    const exported = await client.run('exportData', { start: hourOf(started), end: hourOf(now) });
    const types = exported.events.map((event) => event.event_type).sort();
    const expectedTypes = [
      '$identify',
      'Playlist Created',
      'Search',
      'Song Played',
      'Song Played',
      'Song Played',
    ];
    expect(
      record(
        'exportData (this hour)',
        expectedTypes.join(', '),
        types.join(', '),
        JSON.stringify(types) === JSON.stringify(expectedTypes),
      ),
    ).toBe(true);

    const today = { start: yyyymmdd(started), end: yyyymmdd(now) };
    const uniques = await client.run('eventSegmentation', { event: { event_type: 'Song Played' }, ...today });
    const totals = await client.run('eventSegmentation', {
      event: { event_type: 'Song Played' },
      ...today,
      metric: 'totals',
    });
    const uniqueCount = uniques.data.seriesCollapsed[0]![0]!.value;
    const totalCount = totals.data.seriesCollapsed[0]![0]!.value;
    expect(
      record('eventSegmentation uniques (Song Played)', '2', String(uniqueCount), uniqueCount === 2),
    ).toBe(true);
    expect(record('eventSegmentation totals (Song Played)', '3', String(totalCount), totalCount === 3)).toBe(
      true,
    );

    const byGenre = await client.run('eventSegmentation', {
      event: { event_type: 'Song Played', group_by: [{ type: 'event', value: 'genre' }] },
      ...today,
      metric: 'totals',
    });
    const genres = byGenre.data.seriesLabels.map((label) => (label as [number, string])[1]).join(', ');
    expect(record('eventSegmentation e.group_by genre', 'jazz, rock', genres, genres === 'jazz, rock')).toBe(
      true,
    );

    const byPlan = await client.run('eventSegmentation', {
      event: { event_type: 'Song Played' },
      ...today,
      groupBy: 'gp:plan',
    });
    const plans = byPlan.data.seriesLabels.join(', ');
    expect(
      record('eventSegmentation g=gp:plan (identify)', '(none), premium', plans, plans === '(none), premium'),
    ).toBe(true);

    const active = await client.run('activeAndNewUserCounts', today);
    const activeCount = active.data.series[0]![0];
    expect(record('activeAndNewUserCounts (today)', '4', String(activeCount), activeCount === 4)).toBe(true);

    const found = await client.run('userSearch', { user: users[0]! });
    expect(
      record('userSearch user_id', '1 match', `${found.matches.length} match`, found.matches.length === 1),
    ).toBe(true);
    const byDevice = await client.run('userSearch', { user: 'sdk-device-anon-1' });
    expect(
      record(
        'userSearch device_id',
        'match_user_or_device_id',
        byDevice.type,
        byDevice.type === 'match_user_or_device_id',
      ),
    ).toBe(true);

    const activity = (await client.run('customAction', {
      method: 'GET',
      path: '/api/2/useractivity',
      query: { user: String(found.matches[0]!.amplitude_id) },
    })) as { userData: { properties: Record<string, unknown>; num_events: number } };
    const properties = JSON.stringify(activity.userData.properties);
    const wanted = JSON.stringify({ plan: 'premium', first_genre: 'jazz', logins: 1 });
    expect(record('useractivity user properties', wanted, properties, properties === wanted)).toBe(true);
    expect(sandbox.server.violations).toEqual([]);
  });

  it('hands a throttled device’s 429 to the SDK as Amplitude documents it', async () => {
    const hot = 'sdk-device-hot-1';
    // More than 30 events a second over the window: the device is throttled from now on.
    sandbox.state.ingest(
      Array.from({ length: 1000 }, (_, i) => ({ event_type: 'Tick', device_id: hot, insert_id: `hot-${i}` })),
    );
    const amplitude = sdk();
    await amplitude.init(sandbox.connection.credentials.apiKey, {
      serverUrl: `${sandbox.url}/2/httpapi`,
      logLevel: Types.LogLevel.None,
      flushIntervalMillis: 3_600_000,
    }).promise;
    const before = sandbox.state.ingestedCount;
    const throttled = amplitude.track('Tick', undefined, { device_id: hot });
    const calm = amplitude.track('Tick', undefined, { device_id: 'sdk-device-calm-1' });
    await amplitude.flush().promise;
    const [hotResult, calmResult] = await Promise.all([throttled.promise, calm.promise]);
    // The SDK reports the body it read, in its own (camelCase) names, after the status.
    const [status, ...rest] = hotResult.message.split(': ');
    const said = JSON.parse(rest.join(': ')) as {
      throttledDevices: Record<string, number>;
      throttledEvents: number[];
      epsThreshold: number;
    };
    const ok =
      hotResult.code === 429 &&
      status === 'rate_limit' &&
      said.throttledDevices[hot]! > 30 &&
      JSON.stringify(said.throttledEvents) === '[0]' &&
      said.epsThreshold === 30;
    expect(
      record(
        'track + flush() on a throttled device',
        `429 rate_limit, ${hot} > 30 eps, events [0]`,
        `${hotResult.code} ${status}, ${hot} ${said.throttledDevices[hot]} eps, events ${JSON.stringify(said.throttledEvents)}`,
        ok,
      ),
    ).toBe(true);
    // An explicit flush sends once and does not retry: nothing of that request was ingested.
    expect(
      record(
        'same request, calm device',
        '429 (nothing ingested)',
        `${calmResult.code}, ingested ${sandbox.state.ingestedCount - before}`,
        calmResult.code === 429 && sandbox.state.ingestedCount === before,
      ),
    ).toBe(true);
    expect(sandbox.server.violations).toEqual([]);
  });
});
