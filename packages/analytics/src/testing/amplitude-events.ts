import { randomUUID } from 'node:crypto';
import { exportTime, isoDay, type SimUser } from './amplitude-synthetic.js';

const MAX_PROFILES = 50_000;
const DAY = 86_400_000;

/** Event types that change a user or group rather than record something the user did. */
const IDENTIFY_TYPES = new Set(['$identify', '$groupidentify']);

/** An event the ingestion API accepted, with what the analytics read from it. */
export interface StoredEvent {
  event: Record<string, unknown>;
  uploadedAt: number;
  /** When it happened: the event's `time`, or its upload time. */
  time: number;
  /** The Amplitude ID of its user (0 when the simulator stopped tracking new users). */
  amplitudeId: number;
  /** The user's properties once this event was applied (shared between events until they change). */
  userProperties: Record<string, unknown>;
  /** Whether the user had paid (a revenue event) by this event. */
  paying: boolean;
  /** The first app version seen for the user. */
  startVersion: string | undefined;
  /** A unique id, as the export's `uuid`. */
  uuid: string;
  /** Its number within the user's events, as the export's `event_id`. */
  eventId: number;
  /** Its place among the events stored, increasing in the order they were stored. */
  sequence: number;
}

/** The active events of one UTC day (of one event type, or of all): their users, and the events, oldest first. */
export interface DayActivity {
  readonly users: Set<number>;
  readonly events: StoredEvent[];
}

/** What the simulator knows of a user: ids, properties, first sight. */
export interface Profile {
  user: SimUser;
  properties: Record<string, unknown>;
  paying: boolean;
  startVersion: string | undefined;
  eventCount: number;
  deviceIds: Set<string>;
}

/** Whether an event counts in the analytics (identify events only change the user). */
export function isActiveEvent(stored: StoredEvent): boolean {
  return !IDENTIFY_TYPES.has(stored.event.event_type as string);
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/** The built-in user properties Amplitude derives from each event's device and location fields. */
const BUILT_IN: Record<string, (stored: StoredEvent) => string | undefined> = {
  version: (s) => text(s.event.app_version),
  start_version: (s) => s.startVersion,
  country: (s) => text(s.event.country),
  city: (s) => text(s.event.city),
  region: (s) => text(s.event.region),
  DMA: (s) => text(s.event.dma),
  language: (s) => text(s.event.language),
  platform: (s) => text(s.event.platform),
  os: (s) => [text(s.event.os_name), text(s.event.os_version)].filter(Boolean).join(' ') || undefined,
  device: (s) => text(s.event.device_brand) ?? text(s.event.device_manufacturer),
  device_type: (s) => text(s.event.device_model),
  paying: (s) => String(s.paying),
};

/** Label of a missing property value, as Amplitude shows it. */
export const NONE = '(none)';

/**
 * A property of a stored event: `event` reads its event properties; `user` reads a built-in
 * property (country, platform, …) or a custom user property (`gp:<name>` or the bare name).
 */
export function propertyOf(stored: StoredEvent, type: 'event' | 'user', key: string): unknown {
  if (type === 'event') return (stored.event.event_properties as Record<string, unknown> | undefined)?.[key];
  const builtIn = BUILT_IN[key];
  if (builtIn) return builtIn(stored);
  return stored.userProperties[key.replace(/^gp:/, '')];
}

/**
 * The events and users of a simulated project: accepted events kept (newest last, up to `retain`),
 * each tied to a user profile found by user ID or device ID, with Amplitude's user property
 * operations (`$set`, `$setOnce`, `$add`, `$unset`, `$append`, `$clearAll`) applied in order.
 */
export class EventStore {
  readonly events: StoredEvent[] = [];
  readonly #retain: number;
  readonly #profiles = new Map<string, Profile>();
  readonly #byAmplitudeId = new Map<number, Profile>();
  #nextAmplitudeId = 900_000_000;
  #nextSequence = 0;
  // Indexes of `events`, kept as events arrive so that a query reads only the events it is about.
  // Each list is in the order of `events`, so that what a query adds up comes out the same.
  #active: StoredEvent[] = [];
  #activeByType = new Map<unknown, StoredEvent[]>();
  #byUser = new Map<number, StoredEvent[]>();
  #firstActive = new Map<number, StoredEvent>();
  // UTC day number → the users and events of that day, of every active event and per event type:
  // unfiltered daily, weekly and monthly counts add up the days' users, short ranges read their events.
  #activeDays = new Map<number, DayActivity>();
  #activeDaysByType = new Map<unknown, Map<number, DayActivity>>();

  constructor(retain: number) {
    this.#retain = retain;
  }

  /** Registers a known user (the sandbox's), so its ids resolve to it. */
  addUser(user: SimUser): void {
    const profile: Profile = {
      user,
      properties: {},
      paying: false,
      startVersion: undefined,
      eventCount: 0,
      deviceIds: new Set(user.device_id ? [user.device_id] : []),
    };
    this.#index(profile);
  }

  /** Every profile, once each. */
  profiles(): Profile[] {
    return [...this.#byAmplitudeId.values()];
  }

  profileByAmplitudeId(id: number): Profile | undefined {
    return this.#byAmplitudeId.get(id);
  }

  /** Profiles whose user ID or device ID is `id`. */
  profileById(id: string): Profile | undefined {
    return this.#profiles.get(`u:${id}`) ?? this.#profiles.get(`d:${id}`);
  }

  /**
   * Stores one accepted event, uploaded at `uploadedAt`, and returns it; with `retain` 0 (bulk runs)
   * only its user is tracked and nothing is kept.
   */
  add(event: Record<string, unknown>, uploadedAt: number): StoredEvent | undefined {
    const userId = typeof event.user_id === 'string' ? event.user_id : undefined;
    const deviceId = typeof event.device_id === 'string' ? event.device_id : undefined;
    const profile = this.#identify(userId, deviceId, uploadedAt);
    const time = typeof event.time === 'number' ? event.time : uploadedAt;
    if (profile) {
      profile.eventCount += 1;
      const version = text(event.app_version);
      profile.startVersion ??= version;
      if (typeof event.revenue === 'number' || typeof event.price === 'number') profile.paying = true;
      const updates = event.user_properties;
      if (typeof updates === 'object' && updates !== null && !Array.isArray(updates)) {
        profile.properties = applyUserProperties(profile.properties, updates as Record<string, unknown>);
      }
    }
    if (this.#retain <= 0) return undefined;
    const stored: StoredEvent = {
      event,
      uploadedAt,
      time,
      amplitudeId: profile?.user.amplitude_id ?? 0,
      userProperties: profile?.properties ?? {},
      paying: profile?.paying ?? false,
      startVersion: profile?.startVersion,
      uuid: randomUUID(),
      eventId: profile?.eventCount ?? 0,
      sequence: this.#nextSequence++,
    };
    this.events.push(stored);
    // Dropping in chunks keeps a full store from shifting the array (and rebuilding its indexes) on every event.
    if (this.events.length > this.#retain * 1.1) {
      this.events.splice(0, this.events.length - this.#retain);
      this.#reindex();
    } else {
      this.#indexEvent(stored);
    }
    return stored;
  }

  /** Active events (identify events left out), oldest first: every one, or those of one event type. */
  activeEvents(type?: string): readonly StoredEvent[] {
    return type === undefined ? this.#active : (this.#activeByType.get(type) ?? []);
  }

  /** The active event types stored, each with its active events (oldest first), in the order first seen. */
  activeTypes(): IterableIterator<[unknown, readonly StoredEvent[]]> {
    return this.#activeByType.entries();
  }

  /** Per UTC day number (`floor(time / 1 day)`): the activity of every active event, or of one event type. */
  activeDays(type?: string): ReadonlyMap<number, DayActivity> {
    return type === undefined ? this.#activeDays : (this.#activeDaysByType.get(type) ?? new Map());
  }

  /** A user's stored events, identify events included, oldest first. */
  eventsOf(amplitudeId: number): readonly StoredEvent[] {
    return this.#byUser.get(amplitudeId) ?? [];
  }

  /**
   * Each user's first active event: the earliest by time, the first stored among equals; users in
   * the order their first active event was stored.
   */
  firstActiveEvents(): IterableIterator<StoredEvent> {
    return this.#firstActive.values();
  }

  #indexEvent(stored: StoredEvent): void {
    push(this.#byUser, stored.amplitudeId, stored);
    if (!isActiveEvent(stored)) return;
    this.#active.push(stored);
    push(this.#activeByType, stored.event.event_type, stored);
    const first = this.#firstActive.get(stored.amplitudeId);
    if (!first || stored.time < first.time) this.#firstActive.set(stored.amplitudeId, stored);
    const day = Math.floor(stored.time / DAY);
    let byDay = this.#activeDaysByType.get(stored.event.event_type);
    if (!byDay) {
      byDay = new Map();
      this.#activeDaysByType.set(stored.event.event_type, byDay);
    }
    for (const days of [this.#activeDays, byDay]) {
      let activity = days.get(day);
      if (!activity) {
        activity = { users: new Set(), events: [] };
        days.set(day, activity);
      }
      activity.users.add(stored.amplitudeId);
      activity.events.push(stored);
    }
  }

  #reindex(): void {
    this.#active = [];
    this.#activeByType = new Map();
    this.#byUser = new Map();
    this.#firstActive = new Map();
    this.#activeDays = new Map();
    this.#activeDaysByType = new Map();
    for (const stored of this.events) this.#indexEvent(stored);
  }

  #identify(userId: string | undefined, deviceId: string | undefined, seenAt: number): Profile | undefined {
    const byUser = userId ? this.#profiles.get(`u:${userId}`) : undefined;
    const byDevice = deviceId ? this.#profiles.get(`d:${deviceId}`) : undefined;
    // A device seen anonymously becomes the user's once an event names both (Amplitude merges them).
    let profile = byUser ?? (byDevice && (!userId || !byDevice.user.user_id) ? byDevice : undefined);
    if (!profile) {
      if (this.#byAmplitudeId.size >= MAX_PROFILES) return undefined;
      profile = {
        user: {
          user_id: userId ?? null,
          amplitude_id: this.#nextAmplitudeId++,
          device_id: deviceId ?? '',
          place: 0,
          device: 0,
          paying: false,
          version: '',
          first_used: isoDay(seenAt),
        },
        properties: {},
        paying: false,
        startVersion: undefined,
        eventCount: 0,
        deviceIds: new Set(),
      };
    }
    if (userId && !profile.user.user_id) profile.user.user_id = userId;
    if (deviceId) {
      profile.deviceIds.add(deviceId);
      if (!profile.user.device_id) profile.user.device_id = deviceId;
    }
    this.#index(profile);
    return profile;
  }

  #index(profile: Profile): void {
    if (profile.user.user_id) this.#profiles.set(`u:${profile.user.user_id}`, profile);
    for (const device of profile.deviceIds) {
      if (!this.#profiles.has(`d:${device}`)) this.#profiles.set(`d:${device}`, profile);
    }
    this.#byAmplitudeId.set(profile.user.amplitude_id, profile);
  }
}

function push<K, V>(lists: Map<K, V[]>, key: K, value: V): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

/**
 * Applies an event's `user_properties` as Amplitude does: the operations `$set`, `$setOnce`, `$add`,
 * `$unset`, `$append`, `$prepend`, `$preInsert`, `$postInsert`, `$remove` and `$clearAll`, or plain
 * keys (a set). Source: Identify API, "user_properties supported operations" (see AMPLITUDE-FACTS.md). Returns a new object when
 * anything changed, so events stored earlier keep the properties they had.
 */
export function applyUserProperties(
  current: Record<string, unknown>,
  updates: Record<string, unknown>,
): Record<string, unknown> {
  const next: Record<string, unknown> = updates.$clearAll ? {} : { ...current };
  const entries = (op: string) => {
    const value = updates[op];
    return typeof value === 'object' && value !== null ? Object.entries(value) : [];
  };
  for (const [key, value] of Object.entries(updates)) if (!key.startsWith('$')) next[key] = value;
  for (const [key, value] of entries('$set')) next[key] = value;
  for (const [key, value] of entries('$setOnce')) if (!(key in next)) next[key] = value;
  for (const [key, value] of entries('$add')) {
    next[key] = (typeof next[key] === 'number' ? next[key] : 0) + (typeof value === 'number' ? value : 0);
  }
  for (const [key, value] of entries('$append')) {
    next[key] = [...(Array.isArray(next[key]) ? next[key] : []), ...(Array.isArray(value) ? value : [value])];
  }
  for (const [key, value] of entries('$prepend')) {
    next[key] = [...(Array.isArray(value) ? value : [value]), ...(Array.isArray(next[key]) ? next[key] : [])];
  }
  for (const [key, value] of entries('$preInsert')) {
    const list = Array.isArray(next[key]) ? (next[key] as unknown[]) : [];
    const added = (Array.isArray(value) ? value : [value]).filter((item) => !list.includes(item));
    next[key] = [...added, ...list];
  }
  for (const [key, value] of entries('$postInsert')) {
    const list = Array.isArray(next[key]) ? (next[key] as unknown[]) : [];
    const added = (Array.isArray(value) ? value : [value]).filter((item) => !list.includes(item));
    next[key] = [...list, ...added];
  }
  for (const [key, value] of entries('$remove')) {
    const removed = Array.isArray(value) ? value : [value];
    if (Array.isArray(next[key]))
      next[key] = (next[key] as unknown[]).filter((item) => !removed.includes(item));
  }
  const unset = updates.$unset;
  for (const key of Array.isArray(unset)
    ? unset
    : typeof unset === 'object' && unset
      ? Object.keys(unset)
      : []) {
    delete next[key as string];
  }
  const changed =
    Object.keys(next).length !== Object.keys(current).length ||
    Object.entries(next).some(([key, value]) => current[key] !== value);
  return changed ? next : current;
}

/** One export line of a stored event: every field of Amplitude's export schema. */
export function exportLine(stored: StoredEvent, projectId: number): string {
  const { event } = stored;
  const field = (key: string) => event[key] ?? null;
  return JSON.stringify({
    server_received_time: exportTime(stored.uploadedAt),
    app: projectId,
    device_carrier: field('carrier'),
    city: field('city'),
    user_id: field('user_id'),
    uuid: stored.uuid,
    event_time: exportTime(stored.time),
    platform: field('platform'),
    os_version: field('os_version'),
    amplitude_id: stored.amplitudeId,
    processed_time: exportTime(stored.uploadedAt),
    version_name: field('app_version'),
    ip_address: field('ip'),
    paying: stored.paying,
    dma: field('dma'),
    group_properties: {},
    user_properties: stored.userProperties,
    client_upload_time: exportTime(stored.uploadedAt),
    $insert_id: field('insert_id'),
    event_type: event.event_type,
    library: field('library') ?? 'http/2.0',
    amplitude_attribution_ids: null,
    device_type: field('device_model'),
    start_version: stored.startVersion ?? null,
    location_lng: field('location_lng'),
    server_upload_time: exportTime(stored.uploadedAt),
    event_id: stored.eventId,
    location_lat: field('location_lat'),
    os_name: field('os_name'),
    groups: event.groups ?? {},
    event_properties: event.event_properties ?? {},
    data: {},
    device_id: field('device_id'),
    language: field('language'),
    country: field('country'),
    region: field('region'),
    session_id: typeof event.session_id === 'number' ? event.session_id : -1,
    device_family: field('device_brand'),
    sample_rate: null,
    client_event_time: exportTime(stored.time),
  });
}
