import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentation, userCounts } from './amplitude-analytics.js';
import { AnswerCache } from './amplitude-answer-cache.js';
import { type AmplitudeSandbox, AmplitudeState, analyticsSimulator } from './index.js';

// What the simulator keeps to answer fast (activity per day and event type, cohort members, whole
// answers per revision) must answer exactly what reading every event answers, and must follow the
// events and the clock.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const now = Date.UTC(2026, 2, 10, 12, 30);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/** A segment every event is in: it makes a query read each event instead of the activity per day. */
const EVERYONE = JSON.stringify([{ prop: 'country', op: 'is not', values: ['nowhere at all'] }]);

/** Events on and around midnights and month ends, from many users, in no order of time. */
function awkwardEvents(): Record<string, unknown>[] {
  const types = ['Play Song', 'Search', 'Log In', '$identify'];
  const events: Record<string, unknown>[] = [];
  for (let i = 0; i < 400; i += 1) {
    const midnight = Date.UTC(2026, 1, 1 + ((i * 7) % 45));
    const offset = [0, -1, 1, HOUR, DAY - 1][i % 5]!;
    events.push({
      event_type: types[i % types.length],
      user_id: `awkward-${i % 37}`,
      time: midnight + offset,
      insert_id: `awkward-${i}`,
      country: ['Japan', 'Chile'][i % 2],
    });
  }
  return events;
}

describe('counts from the activity kept per day', () => {
  let state: AmplitudeState;
  beforeAll(() => {
    state = new AmplitudeState({ seed: true, now: () => now, throttle: false });
    state.ingest(awkwardEvents(), now);
  });

  /** The answer from the activity kept per day, and the one from reading every event. */
  const both = (query: Record<string, string>) => {
    const ask = (extra: Record<string, string>) =>
      queryState(state, '/api/2/events/segmentation', { ...query, ...extra });
    return { kept: ask({}), read: ask({ s: EVERYONE }) };
  };

  it.each([
    ['Play Song', 'uniques', '1'],
    ['Play Song', 'totals', '7'],
    ['Search', 'average', '30'],
    ['_active', 'pct_dau', '1'],
    ['_all', 'uniques', '30'],
    ['Log In', 'pct_dau', '7'],
    ['$identify', 'totals', '1'],
    ['Never Sent', 'uniques', '1'],
  ])('segmentation of %s, %s, interval %s: as reading every event', (type, metric, interval) => {
    const { kept, read } = both({
      e: JSON.stringify({ event_type: type }),
      m: metric,
      i: interval,
      start: day(Date.UTC(2026, 0, 31)),
      end: day(Date.UTC(2026, 2, 3)),
    });
    expect(kept).toEqual(read);
    if (type === 'Play Song' && metric === 'uniques') {
      expect((kept.data as { series: number[][] }).series[0]!.some((value) => value > 0)).toBe(true);
    }
  });

  it('a formula of two events: as reading every event', () => {
    const { kept, read } = both({
      e: JSON.stringify({ event_type: 'Play Song' }),
      e2: JSON.stringify({ event_type: '_active' }),
      m: 'formula',
      formula: 'PCT_DAU(A) + AVERAGE(B) - UNIQUES(B)/TOTALS(A)',
      i: '7',
      start: day(Date.UTC(2026, 1, 1)),
      end: day(Date.UTC(2026, 2, 10)),
    });
    expect(kept).toEqual(read);
  });

  it.each(['1', '7', '30'])('active users, interval %s: as reading every event', (interval) => {
    const query = { i: interval, start: day(Date.UTC(2026, 1, 2)), end: day(Date.UTC(2026, 2, 1)) };
    expect(queryState(state, '/api/2/users', query)).toEqual(
      queryState(state, '/api/2/users', { ...query, s: EVERYONE }),
    );
  });
});

describe('a short range, read from the events of its days', () => {
  it('reads them in the order they were stored: groups that sort alike keep that order', () => {
    const state = new AmplitudeState({ now: () => now, throttle: false });
    const tie = (user: string, time: number, country: string, id: string) => ({
      event_type: 'Tie',
      user_id: user,
      time,
      country,
      insert_id: id,
    });
    const first = Date.UTC(2026, 2, 2, 12);
    state.ingest([
      // Stored first, on the later day; "é" and "e" + combining acute compare equal.
      tie('u1', first + DAY, '\u00e9', 't1'),
      tie('u2', first, 'e\u0301', 't2'),
      // Most of the type's events lie outside the range, so that the range is read day by day.
      ...[1, 2, 3].map((n) => tie(`far-${n}`, first - 30 * DAY, 'Chile', `t-far-${n}`)),
    ]);
    const answer = queryState(state, '/api/2/events/segmentation', {
      e: JSON.stringify({ event_type: 'Tie' }),
      m: 'totals',
      g: 'country',
      start: day(first),
      end: day(first + DAY),
    });
    expect((answer.data as { seriesLabels: unknown[] }).seriesLabels).toEqual(['\u00e9', 'e\u0301']);
  });
});

/** Runs a query through the simulator's functions directly (no HTTP), as the handlers do. */
function queryState(
  state: AmplitudeState,
  path: string,
  query: Record<string, string>,
): Record<string, unknown> {
  const params = new URLSearchParams(query);
  const answer = path === '/api/2/users' ? userCounts(state, params) : segmentation(state, params);
  if ('refusal' in answer) throw new Error(answer.refusal);
  return answer.body;
}

/** A user's Amplitude ID, as User Search finds it. */
const amplitudeIdOf = (state: AmplitudeState, userId: string) =>
  state.searchUsers(userId).matches[0]!.amplitude_id;

describe('cohort members', () => {
  it('follow the clock: an event enters the window when its time comes, and leaves when its days are over', () => {
    let clock = now;
    const state = new AmplitudeState({ seed: true, now: () => clock, throttle: false });
    const shared = now - 1000;
    state.ingest([
      { event_type: 'Share Song', user_id: 'sharer-past', time: shared, insert_id: 'share-1' },
      { event_type: 'Share Song', user_id: 'sharer-future', time: now + HOUR, insert_id: 'share-2' },
    ]);
    const past = amplitudeIdOf(state, 'sharer-past');
    const future = amplitudeIdOf(state, 'sharer-future');
    const sharers = () => state.cohortMembers('coh_sharers')!;

    expect([sharers().has(past), sharers().has(future)]).toEqual([true, false]);
    clock = now + HOUR;
    expect([sharers().has(past), sharers().has(future)]).toEqual([true, true]);
    clock = shared + 14 * DAY;
    expect(sharers().has(past)).toBe(true);
    clock = shared + 14 * DAY + 1;
    expect([sharers().has(past), sharers().has(future)]).toEqual([false, true]);
    // A clock set back counts from the events again.
    clock = now;
    expect([sharers().has(past), sharers().has(future)]).toEqual([true, false]);
  });

  it('follow the events: one that arrives counts at once', () => {
    const state = new AmplitudeState({ seed: true, now: () => now, throttle: false });
    const before = state.cohortMembers('coh_buyers')!.size;
    state.ingest([{ event_type: 'Purchase', user_id: 'buyer-new', time: now - HOUR, insert_id: 'buy-1' }]);
    expect(state.cohortMembers('coh_buyers')!.size).toBe(before + 1);
    expect(state.cohortMembers('coh_buyers')!.has(amplitudeIdOf(state, 'buyer-new'))).toBe(true);
  });
});

describe('AnswerCache', () => {
  it('computes an answer once per revision, and again once the revision changes', async () => {
    let revision = 1;
    const cache = new AnswerCache(() => revision);
    let computed = 0;
    const compute = () => {
      computed += 1;
      return { data: { series: [[computed]] } };
    };
    const first = cache.answer('/api/2/users?start=20260301', compute);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(await first.json()).toEqual({ data: { series: [[1]] } });
    expect(await cache.answer('/api/2/users?start=20260301', compute).json()).toEqual({
      data: { series: [[1]] },
    });
    expect(await cache.answer('/api/2/users?start=20260302', compute).json()).toEqual({
      data: { series: [[2]] },
    });
    revision = 2;
    expect(await cache.answer('/api/2/users?start=20260301', compute).json()).toEqual({
      data: { series: [[3]] },
    });
    expect(computed).toBe(3);
  });

  it('keeps no refusal, and forgets the oldest answers past 256', async () => {
    const cache = new AnswerCache(() => 1);
    let refusals = 0;
    const refuse = () => {
      refusals += 1;
      return new Response('{"error":"no"}', { status: 400 });
    };
    expect(cache.answer('bad', refuse).status).toBe(400);
    expect(cache.answer('bad', refuse).status).toBe(400);
    expect(refusals).toBe(2);
    const computed: string[] = [];
    const answer = (key: string) => cache.answer(key, () => computed.push(key) && { key });
    for (let i = 0; i <= 256; i += 1) answer(`q${i}`);
    answer('q256');
    answer('q1');
    expect(computed).toHaveLength(257);
    answer('q0');
    expect(computed.at(-1)).toBe('q0');
  });
});

describe('the simulator’s kept answers', () => {
  let sim: AmplitudeSandbox;
  let clock = now;
  beforeAll(async () => {
    sim = await analyticsSimulator.start({ seed: true, now: () => clock });
  });
  afterAll(async () => {
    await sim.close();
  });

  /** Today's Play Song total (segmented by `s` when given). */
  const playsToday = (s?: string): Record<string, string> => ({
    e: JSON.stringify({ event_type: 'Play Song' }),
    m: 'totals',
    start: day(now),
    end: day(now),
    ...(s === undefined ? {} : { s }),
  });
  /** The simulator's answer to `playsToday`, asked over HTTP. */
  const totals = async (s?: string) => {
    const { apiKey, secretKey } = sim.connection.credentials;
    const query = new URLSearchParams(playsToday(s));
    const response = await fetch(`${sim.url}/api/2/events/segmentation?${query}`, {
      headers: { authorization: `Basic ${Buffer.from(`${apiKey}:${secretKey}`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { series: number[][] } }).data.series[0]![0]!;
  };
  const send = async (...events: Record<string, unknown>[]) => {
    const sent = await fetch(`${sim.url}/2/httpapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: sim.connection.credentials.apiKey, events }),
    });
    expect(sent.status).toBe(200);
  };

  it('follow the events: the same query answers anew once an event arrives', async () => {
    const before = await totals();
    expect(await totals()).toBe(before);
    await send({ event_type: 'Play Song', user_id: 'user-0001', time: now - 60_000, insert_id: 'one-more' });
    expect(await totals()).toBe(before + 1);
    expect(sim.server.violations).toEqual([]);
  });

  it('of a cohort segment follow the clock, however the segment spells the cohort property', async () => {
    // A user who plays now and shares in an hour: in the Sharers cohort only once that hour comes.
    await send(
      { event_type: 'Play Song', user_id: 'late-sharer', time: now - 60_000, insert_id: 'late-play' },
      { event_type: 'Share Song', user_id: 'late-sharer', time: now + HOUR, insert_id: 'late-share' },
    );
    const segments = [
      JSON.stringify([{ prop: 'userdata_cohort', op: 'is', values: ['coh_sharers'] }]),
      '[{"prop": "userdata\\u005fcohort", "op": "is", "values": ["coh_sharers"]}]',
    ];
    try {
      const before = await Promise.all(segments.map(totals));
      expect(before[1]).toBe(before[0]);
      clock = now + HOUR;
      expect(await Promise.all(segments.map(totals))).toEqual(before.map((total) => total + 1));
    } finally {
      clock = now;
    }
    expect(sim.server.violations).toEqual([]);
  });

  it('follow an import and a reset: the same query answers from the events they put back', async () => {
    const saved = sim.exportState();
    const before = await totals();
    await send({ event_type: 'Play Song', user_id: 'user-0002', time: now - 60_000, insert_id: 'dropped-1' });
    expect(await totals()).toBe(before + 1);
    sim.importState(saved);
    expect(await totals()).toBe(before);
    await send({ event_type: 'Play Song', user_id: 'user-0002', time: now - 60_000, insert_id: 'dropped-2' });
    expect(await totals()).toBe(before + 1);
    // Seeded again at the same time: the sandbox's own events only (fewer than `before + 1`), as a
    // fresh project answers.
    sim.reset();
    const fresh = queryState(
      new AmplitudeState({ seed: true, now: () => now }),
      '/api/2/events/segmentation',
      playsToday(),
    );
    expect(await totals()).toBe((fresh.data as { series: number[][] }).series[0]![0]);
    expect(sim.server.violations).toEqual([]);
  });
});
