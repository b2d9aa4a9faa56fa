import { DEVICES, PLACES, type SimUser, seededRandom, seedOf } from './amplitude-synthetic.js';

const HOUR = 3_600_000;
const PLANS = ['free', 'free', 'premium', 'family'] as const;
const SOURCES = ['search', 'playlist', 'radio'] as const;
const GENRES = ['pop', 'rock', 'jazz', 'hip-hop', 'classical'] as const;

/** What the sandbox's history looks like. */
export interface SeedPlan {
  users: readonly SimUser[];
  projectId: number;
  /** The current time: the history ends with the hour before it. */
  now: number;
  /** Hours of history before the current hour. */
  hours: number;
  /** Events per hour of history (identify events of users joining come on top). */
  perHour: number;
}

/** An event as a client would have sent it, and when it reached Amplitude. */
export interface SeedEvent {
  event: Record<string, unknown>;
  uploadedAt: number;
}

/**
 * The sandbox's history as HTTP V2 events, hour by hour, the same on every start for the same hours:
 * the users join over the first weeks (an identify with their plan, then Sign Up), then come back in
 * short sessions (Log In, Search, Play Song, Add to Playlist, Share Song, Purchase for paying users,
 * Log Out) from their own device and place. The simulator ingests these like any other events, so
 * every answer about the sandbox comes from events.
 */
export function* seedEvents(plan: SeedPlan): Generator<SeedEvent> {
  const current = Math.floor(plan.now / HOUR) * HOUR;
  const first = current - plan.hours * HOUR;
  const profile = plan.users.map((user, i) => {
    const random = seededRandom(seedOf(`${plan.projectId}:user:${user.amplitude_id}`));
    // Most users were there before the history starts; the rest join during its first 80 %.
    const joins = i % 5 === 4 ? first + Math.floor(random() * plan.hours * 0.8) * HOUR : first - HOUR;
    return {
      user,
      joins,
      weight: 0.3 + random() * 1.2,
      plan: user.paying ? PLANS[2 + (i % 2)]! : PLANS[i % 2]!,
      genre: GENRES[i % GENRES.length]!,
      sessions: 0,
    };
  });
  for (const person of profile) {
    if (person.joins >= first) continue;
    yield identify(person.user, person.plan, person.genre, first);
  }
  for (let hour = first; hour < current; hour += HOUR) {
    const random = seededRandom(seedOf(`${plan.projectId}:${hour}`));
    for (const person of profile) {
      if (person.joins === hour) yield identify(person.user, person.plan, person.genre, hour);
    }
    const present = profile.filter((person) => person.joins <= hour);
    if (present.length === 0) continue;
    const weightSum = present.reduce((sum, person) => sum + person.weight, 0);
    let made = 0;
    while (made < plan.perHour) {
      const person = pickWeighted(present, random() * weightSum);
      const length = Math.min(plan.perHour - made, 1 + Math.floor(random() * 5));
      const start = hour + Math.floor(random() * (HOUR - 10 * 60_000));
      const types = sessionTypes(
        random,
        length,
        person.sessions === 0 && person.joins >= first,
        person.user.paying,
      );
      person.sessions += 1;
      let time = start;
      for (const type of types) {
        yield {
          event: seedEvent(person.user, type, time, start, `${plan.projectId}-${hour}-${made}`, random),
          uploadedAt: time + 1500,
        };
        made += 1;
        time += 5_000 + Math.floor(random() * 55_000);
      }
    }
  }
}

/** The item at `point` along the items' summed weights. */
function pickWeighted<T extends { weight: number }>(items: readonly T[], point: number): T {
  let left = point;
  for (const item of items) {
    left -= item.weight;
    if (left <= 0) return item;
  }
  return items.at(-1)!;
}

function sessionTypes(
  random: () => number,
  length: number,
  firstSession: boolean,
  paying: boolean,
): string[] {
  const types: string[] = [firstSession ? 'Sign Up' : 'Log In'];
  while (types.length < length) {
    const roll = random();
    if (types.length === length - 1 && length > 2 && roll < 0.4) types.push('Log Out');
    else if (roll < 0.45) types.push('Play Song');
    else if (roll < 0.7) types.push('Search');
    else if (roll < 0.83) types.push('Add to Playlist');
    else if (roll < 0.93 || !paying) types.push('Share Song');
    else types.push('Purchase');
  }
  return types.slice(0, length);
}

function identify(user: SimUser, plan: string, genre: string, at: number): SeedEvent {
  return {
    event: {
      event_type: '$identify',
      ...(user.user_id ? { user_id: user.user_id } : {}),
      device_id: user.device_id,
      time: at,
      insert_id: `identify-${user.amplitude_id}`,
      user_properties: { $set: { plan, favorite_genre: genre }, $setOnce: { initial_plan: plan } },
    },
    uploadedAt: at + 1500,
  };
}

function seedEvent(
  user: SimUser,
  type: string,
  time: number,
  sessionId: number,
  insertId: string,
  random: () => number,
): Record<string, unknown> {
  const place = PLACES[user.place]!;
  const device = DEVICES[user.device]!;
  const properties: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  if (type === 'Play Song') {
    properties.source = SOURCES[Math.floor(random() * SOURCES.length)];
    properties.genre = GENRES[Math.floor(random() * GENRES.length)];
    properties.duration_ms = 90_000 + Math.floor(random() * 210_000);
  } else if (type === 'Search') {
    properties.query_length = 3 + Math.floor(random() * 20);
  } else if (type === 'Share Song') {
    properties.channel = random() < 0.5 ? 'link' : 'message';
  } else if (type === 'Purchase') {
    properties.plan = random() < 0.5 ? 'premium' : 'family';
    Object.assign(extra, {
      price: 9.99,
      quantity: 1,
      revenue: 9.99,
      productId: `${properties.plan}-monthly`,
    });
  }
  return {
    event_type: type,
    ...(user.user_id ? { user_id: user.user_id } : {}),
    device_id: user.device_id,
    time,
    session_id: sessionId,
    insert_id: insertId,
    app_version: user.version,
    platform: device.platform,
    os_name: device.os_name,
    os_version: device.os_version,
    device_brand: device.device_family,
    device_model: device.device_type,
    library: device.library,
    country: place.country,
    region: place.region,
    city: place.city,
    ...(place.dma ? { dma: place.dma } : {}),
    language: place.language,
    location_lat: place.lat,
    location_lng: place.lng,
    event_properties: properties,
    ...extra,
  };
}
