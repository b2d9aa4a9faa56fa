import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AmplitudeSandbox, analyticsSimulator } from './index.js';

// Pins what the simulator answers, byte for byte, so that making it faster cannot change an answer:
// the seeded sandbox, the same project after more events arrive (out of time order, new users, user
// property changes), and one that keeps so few events that it forgets the oldest.

const now = Date.UTC(2026, 2, 10, 12, 30);
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
const today = day(now);
const days = (count: number) => ({ start: day(now - (count - 1) * DAY), end: today });
const e = (event: Record<string, unknown>) => JSON.stringify(event);

/** The dashboard queries pinned: every metric, interval and grouping, segments, cohorts and charts. */
const QUERIES: [string, Record<string, string>][] = [
  ['/api/2/events/segmentation', { e: e({ event_type: 'Play Song' }), ...days(30) }],
  [
    '/api/2/events/segmentation',
    { e: e({ event_type: 'Play Song' }), ...days(30), m: 'totals', g: 'country' },
  ],
  ['/api/2/events/segmentation', { e: e({ event_type: '_active' }), ...days(30), m: 'pct_dau' }],
  ['/api/2/events/segmentation', { e: e({ event_type: '_all' }), ...days(60), m: 'average', i: '7' }],
  ['/api/2/events/segmentation', { e: e({ event_type: 'Search' }), ...days(90), i: '30', g: 'platform' }],
  ['/api/2/events/segmentation', { e: e({ event_type: 'Search' }), ...days(7), i: '-3600000', m: 'totals' }],
  ['/api/2/events/segmentation', { e: e({ event_type: 'Log In' }), ...days(2), i: '-300000' }],
  [
    '/api/2/events/segmentation',
    {
      e: e({ event_type: 'Play Song', group_by: [{ type: 'event', value: 'genre' }] }),
      ...days(30),
      m: 'histogram',
    },
  ],
  [
    '/api/2/events/segmentation',
    {
      e: e({
        event_type: 'Play Song',
        group_by: [
          { type: 'event', value: 'duration_ms' },
          { type: 'event', value: 'source' },
        ],
      }),
      ...days(30),
      m: 'sums',
    },
  ],
  [
    '/api/2/events/segmentation',
    {
      e: e({ event_type: 'Play Song', group_by: [{ type: 'event', value: 'duration_ms' }] }),
      ...days(14),
      m: 'value_avg',
      g: 'country',
    },
  ],
  [
    '/api/2/events/segmentation',
    {
      e: e({
        event_type: 'Play Song',
        filters: [
          { subprop_type: 'event', subprop_key: 'source', subprop_op: 'is', subprop_value: ['search'] },
        ],
      }),
      e2: e({ event_type: 'Share Song' }),
      ...days(30),
      m: 'totals',
    },
  ],
  [
    '/api/2/events/segmentation',
    {
      e: e({ event_type: 'Play Song' }),
      e2: e({ event_type: '_active' }),
      ...days(30),
      m: 'formula',
      formula: 'UNIQUES(A)/UNIQUES(B)*100 + PCT_DAU(A) - TOTALS(B)/AVERAGE(A)',
    },
  ],
  [
    '/api/2/events/segmentation',
    {
      e: e({ event_type: 'revenue_amount' }),
      ...days(30),
      m: 'totals',
      s: JSON.stringify([{ prop: 'country', op: 'is not', values: ['Germany'] }]),
    },
  ],
  [
    '/api/2/events/segmentation',
    {
      e: e({ event_type: 'Search', group_by: [{ type: 'user', value: 'gp:plan' }] }),
      ...days(30),
      g: 'platform',
      g2: 'paying',
      limit: '3',
    },
  ],
  [
    '/api/2/events/segmentation',
    {
      e: e({ event_type: '_active' }),
      ...days(30),
      s: JSON.stringify([{ prop: 'userdata_cohort', op: 'is', values: ['coh_sharers'] }]),
    },
  ],
  ['/api/2/users', days(30)],
  ['/api/2/users', { ...days(30), m: 'new' }],
  ['/api/2/users', { ...days(60), m: 'new', i: '7', g: 'country' }],
  ['/api/2/users', { ...days(90), i: '30', g: 'gp:favorite_genre' }],
  [
    '/api/2/users',
    { ...days(30), s: JSON.stringify([{ prop: 'userdata_cohort', op: 'is not', values: ['coh_buyers'] }]) },
  ],
  ['/api/3/cohorts', {}],
  ['/api/3/chart/sbx4k2m/csv', {}],
  ['/api/3/chart/sbx7dau/csv', {}],
  ['/api/3/chart/sbx7dau/query', {}],
  ['/api/2/realtime', {}],
  ['/api/2/events/list', {}],
  ['/api/2/usersearch', { user: 'user-000' }],
  ['/api/2/usersearch', { user: 'user-0003' }],
];

/** The user activity queries pinned (their `uuid`s are random, and left out). */
const ACTIVITY: Record<string, string>[] = [
  { limit: '5' },
  { direction: 'earliest', offset: '3', limit: '4' },
];

/** Every pinned answer of a simulator: status and body text, per query. */
async function answers(sim: AmplitudeSandbox): Promise<Record<string, string>> {
  const { apiKey, secretKey } = sim.connection.credentials;
  const authorization = `Basic ${Buffer.from(`${apiKey}:${secretKey}`).toString('base64')}`;
  const get = async (path: string, query: Record<string, string>) => {
    const response = await fetch(`${sim.url}${path}?${new URLSearchParams(query)}`, {
      headers: { authorization },
    });
    return `${response.status} ${response.headers.get('content-type')} ${await response.text()}`;
  };
  const out: Record<string, string> = {};
  for (const [path, query] of QUERIES) out[`${path}?${new URLSearchParams(query)}`] = await get(path, query);
  const users = sim.state.users.length > 0 ? sim.state.users : [];
  for (const user of users.filter((_, index) => index % 9 === 1)) {
    for (const query of ACTIVITY) {
      const full = { user: String(user.amplitude_id), ...query };
      const text = await get('/api/2/useractivity', full);
      out[`/api/2/useractivity?${new URLSearchParams(full)}`] = text.replace(/"uuid":"[^"]+"/g, '"uuid":"…"');
    }
  }
  return out;
}

/** Events that arrive after the seed: out of time order, a new device-only user, property changes, revenue. */
function moreEvents(): Record<string, unknown>[] {
  const base = now - 3 * DAY;
  return [
    {
      event_type: 'Play Song',
      user_id: 'user-0001',
      time: base + 5_000,
      insert_id: 'late-1',
      country: 'Japan',
      event_properties: { genre: 'jazz', source: 'radio', duration_ms: 123_456 },
    },
    {
      event_type: 'Play Song',
      user_id: 'user-0001',
      time: base - 20 * DAY,
      insert_id: 'late-2',
      platform: 'Web',
      event_properties: { genre: 'pop', duration_ms: 99_999.5 },
    },
    {
      event_type: '$identify',
      user_id: 'user-0002',
      time: base,
      insert_id: 'late-3',
      user_properties: { $set: { plan: 'enterprise' }, $add: { credits: 3 } },
    },
    {
      event_type: 'Search',
      user_id: 'user-0002',
      time: base + 60_000,
      insert_id: 'late-4',
      event_properties: { query_length: 9 },
    },
    {
      event_type: 'Purchase',
      device_id: 'new-device-0001',
      time: base + 2 * DAY,
      insert_id: 'late-5',
      price: 4.5,
      revenue: 4.5,
      country: 'Chile',
    },
    {
      event_type: 'Share Song',
      device_id: 'new-device-0001',
      time: now - 60_000,
      insert_id: 'late-6',
      event_properties: { channel: 'link' },
    },
    { event_type: 'Log In', user_id: 'user-0040', time: now - 4 * 60_000, insert_id: 'late-7' },
    {
      event_type: 'Brand New Event',
      user_id: 'user-0005',
      time: now - DAY - 10 * 60_000,
      insert_id: 'late-8',
    },
  ];
}

describe('the simulator’s answers (pinned)', () => {
  let sim: AmplitudeSandbox;
  beforeAll(async () => {
    sim = await analyticsSimulator.start({ seed: true, now: () => now, contracts: false });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('answers the seeded sandbox’s dashboard queries as pinned, twice in a row', async () => {
    const first = await answers(sim);
    await expect(JSON.stringify(first, null, 1)).toMatchFileSnapshot('./__snapshots__/answers-seeded.json');
    expect(await answers(sim)).toEqual(first);
  });

  it('answers from the events that arrive later, as pinned', async () => {
    const response = await fetch(`${sim.url}/2/httpapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: sim.connection.credentials.apiKey, events: moreEvents() }),
    });
    expect(response.status).toBe(200);
    await expect(JSON.stringify(await answers(sim), null, 1)).toMatchFileSnapshot(
      './__snapshots__/answers-more-events.json',
    );
  });

  it('answers from the retained events only once the oldest are forgotten, as pinned', async () => {
    const small = await analyticsSimulator.start({
      seed: true,
      now: () => now,
      contracts: false,
      retainEvents: 3000,
    });
    try {
      expect(small.state.events.length).toBeLessThan(small.state.ingestedCount);
      await expect(JSON.stringify(await answers(small), null, 1)).toMatchFileSnapshot(
        './__snapshots__/answers-retained.json',
      );
    } finally {
      await small.close();
    }
  });
});
