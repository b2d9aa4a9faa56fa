import type { AnalyticsSource } from './amplitude-analytics.js';
import { type SimChart, sandboxCharts } from './amplitude-charts.js';
import {
  applyUserProperties,
  type DayActivity,
  EventStore,
  exportLine,
  type Profile,
  type StoredEvent,
} from './amplitude-events.js';
import type { ExportFile } from './amplitude-export-archive.js';
import { exportFileName } from './amplitude-export-archive.js';
import { seedEvents } from './amplitude-seed.js';
import { type SimUser, sandboxUsers, seedOf } from './amplitude-synthetic.js';
import { EventRateLimiter, type ThrottleOptions } from './amplitude-throttle.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The volume of an export served whatever the range asked, for benchmarks: generated on the fly. */
export interface ExportProfile {
  /** Events in the archive. */
  events?: number;
  /** Uncompressed NDJSON bytes in the archive (approximately: generation stops past this size). */
  bytes?: number;
  /** Events per member file (default 100,000); with `bytes`, files of 64 MiB. */
  eventsPerFile?: number;
  /** Zip method of the members (default deflate, written with data descriptors). */
  compression?: 'deflate' | 'store';
  /** gzip level of the members (default 1). */
  gzipLevel?: number;
  /**
   * Generate one file and serve its bytes for every file of the archive, so the download flows at
   * memory speed and a benchmark measures the decoder rather than the generator (events repeat).
   */
  reuseFiles?: boolean;
}

/** Everything a simulator can be told; all optional. */
export interface AmplitudeStateOptions {
  apiKey?: string;
  secretKey?: string;
  projectId?: number;
  /**
   * Fill the sandbox: 40 users, three cohorts, two saved charts, and `historyHours` of history,
   * ingested as events (so every count, export and search answers from them).
   */
  seed?: boolean;
  /** The simulator's clock (ms since the epoch); `Date.now` by default. */
  now?: () => number;
  /** Serve this export for any valid range, on top of the ingested events (benchmarks). */
  export?: ExportProfile;
  /** Seeded events per hour of history (default 12; users joining add an identify event each). */
  eventsPerHour?: number;
  /** Hours of seeded history before the current hour (default 720: 30 days). */
  historyHours?: number;
  /** An export planned larger than this many uncompressed bytes is refused with 400 (default 4 GiB). */
  exportLimitBytes?: number;
  /** Per device/user throttling (30 events/s over 30 s); `false` turns it off (e.g. for a bulk benchmark). */
  throttle?: ThrottleOptions | false;
  /** Most events per HTTP V2 request (2000); more is a 413. */
  maxEventsPerRequest?: number;
  /** Most bytes per HTTP V2 request body (1 MB); more is a 413. */
  maxRequestBytes?: number;
  /** Devices Amplitude has silenced: their events are refused with the silenced 400. */
  silencedDevices?: string[];
  /** Users and devices over their daily quota: their events are refused with a 429. */
  overDailyQuota?: { users?: string[]; devices?: string[] };
  /** Concurrent query-API requests allowed per project (5); more is a 429. User search and activity count apart. */
  maxConcurrent?: number;
  /** Concurrent user search and user activity requests allowed (10); more is a 429. */
  maxUserSearchConcurrent?: number;
  /** User search and user activity requests allowed per hour (360); more is a 429. */
  userSearchPerHour?: number;
  /** Whether the plan includes the Taxonomy API (Enterprise; default true); false answers it with 403. */
  taxonomy?: boolean;
  /** Status polls of a cohort download answered "JOB INPROGRESS" before it completes (default 1). */
  cohortPolls?: number;
  /** Members up to which a cohort file is served by `/file` itself (default 1,000); a larger one is a 302 to a pre-signed S3 link. */
  cohortInlineMembers?: number;
  /** Delay before each query-API answer, to make concurrency observable (ms, default 0). */
  latencyMs?: number;
  /** Ingested events kept for the analytics, export and user activity (default 100,000; older ones are forgotten). */
  retainEvents?: number;
}

/** A cohort as `/api/3/cohorts` lists it. */
export type SimCohort = Record<string, unknown> & { id: string; name: string };

/** The format version of `AmplitudeState.export()`; a snapshot of another version is refused. */
export const AMPLITUDE_STATE_VERSION = 1;

/** A JSON snapshot of an `AmplitudeState` (see `AmplitudeState.export`). */
export interface AmplitudeStateSnapshot {
  version: typeof AMPLITUDE_STATE_VERSION;
  apiKey: string;
  secretKey: string;
  users: SimUser[];
  cohorts: SimCohort[];
  charts: SimChart[];
  /** The retained events, oldest first, with when each was uploaded (Unix ms). */
  events: { event: Record<string, unknown>; uploadedAt: number }[];
  /** Deduplication ids (device or user, insert_id) and when each was last accepted. */
  seen: [string, number][];
  ingestedCount: number;
  duplicateCount: number;
}

/** A planned export: its files, or why there is none. */
export type ExportPlan =
  | {
      kind: 'files';
      files: ExportFile[];
      compression: 'deflate' | 'store';
      gzipLevel: number;
      reuseFiles: boolean;
    }
  | { kind: 'empty' }
  | { kind: 'too_large'; bytes: number };

/** Rough size of one export line, to estimate an export before building it. */
const LINE_BYTES = 1150;
const FILE_BYTES = 64 * 1024 * 1024;
const MAX_INSERT_IDS = 2_000_000;

/**
 * The simulated Amplitude project: credentials, cohorts, charts, and the events it ingested
 * (deduplicated by insert_id per device within 7 days), from which its users, counts,
 * segmentations, charts and exports are all derived; plus throttling windows and query concurrency.
 */
export class AmplitudeState implements AnalyticsSource {
  /** The project's keys; an imported state brings back the ones its clients hold. */
  apiKey: string;
  secretKey: string;
  readonly projectId: number;
  readonly options: AmplitudeStateOptions;
  readonly now: () => number;
  /** The sandbox's users (empty unless seeded); users first seen in events are found by search too. */
  readonly users: SimUser[];
  readonly cohorts: SimCohort[] = [];
  readonly charts = new Map<string, SimChart>();
  /** Every event accepted, deduplicated. */
  ingestedCount = 0;
  /** Events dropped because their insert_id was seen before (from the same device or user). */
  duplicateCount = 0;
  /** Export events generated so far (an abandoned download stops generating). */
  generatedExportEvents = 0;
  /** Ingestion requests refused with a 429. */
  throttledRequests = 0;
  /** Identifications applied through the Identify API. */
  identifyCount = 0;
  /** Members of uploaded cohorts (Amplitude IDs), by cohort id: they replace the definition's. */
  readonly uploadedMembers = new Map<string, Set<number>>();
  /** What the admin APIs keep: annotations, releases, deletion jobs, the tracking plan, cohort downloads. */
  readonly admin = {
    annotations: [] as Record<string, unknown>[],
    categories: [] as { id: number; name: string }[],
    releases: [] as Record<string, unknown>[],
    deletionJobs: new Map<
      string,
      { day: string; status: string; amplitude_ids: Record<string, unknown>[] }
    >(),
    plan: new Map<string, Record<string, unknown>>(),
    cohortRequests: new Map<
      string,
      { cohortId: string; polls: number; props: boolean; propKeys: string[] }
    >(),
    nextId: 1000,
  };
  /** Group properties by group type and value (`type \u0001 value`), as Group Identify set them. */
  readonly groups = new Map<string, Record<string, unknown>>();
  /** Query-API requests in flight now, and the most ever seen at once (user search and activity apart). */
  inFlight = 0;
  maxInFlight = 0;
  /** User search and user activity requests in flight now, and the most ever seen at once. */
  userSearchInFlight = 0;
  maxUserSearchInFlight = 0;
  #store: EventStore;
  #limiter: EventRateLimiter | undefined;
  readonly #seen = new Map<string, number>();
  readonly #userSearches: number[] = [];
  #revision = 0;
  /** Cohort members by definition (event type, days, least count), while the events and the time allow. */
  readonly #members = new Map<
    string,
    { revision: number; from: number; enters: number; leaves: number; members: Set<number> }
  >();

  constructor(options: AmplitudeStateOptions = {}) {
    this.options = options;
    this.apiKey = options.apiKey ?? 'sandbox-amplitude-api-key';
    this.secretKey = options.secretKey ?? 'sandbox-amplitude-secret-key';
    this.projectId = options.projectId ?? 187520;
    this.now = options.now ?? Date.now;
    this.#store = new EventStore(options.retainEvents ?? 100_000);
    this.#limiter = options.throttle === false ? undefined : new EventRateLimiter(options.throttle);
    this.users = options.seed ? sandboxUsers(40) : [];
    this.#populate();
  }

  /**
   * Back to how it started: every ingested event, throttling window, deduplication id and counter
   * forgotten, and when seeded, the sandbox seeded again (at the clock's current time).
   */
  reset(): void {
    this.#store = new EventStore(this.options.retainEvents ?? 100_000);
    this.#limiter = this.options.throttle === false ? undefined : new EventRateLimiter(this.options.throttle);
    this.#seen.clear();
    this.#userSearches.length = 0;
    this.users.splice(0, this.users.length, ...(this.options.seed ? sandboxUsers(40) : []));
    this.cohorts.length = 0;
    this.charts.clear();
    this.ingestedCount = 0;
    this.duplicateCount = 0;
    this.generatedExportEvents = 0;
    this.throttledRequests = 0;
    this.identifyCount = 0;
    this.groups.clear();
    this.uploadedMembers.clear();
    this.admin.annotations.length = 0;
    this.admin.categories.length = 0;
    this.admin.releases.length = 0;
    this.admin.deletionJobs.clear();
    this.admin.plan.clear();
    this.admin.cohortRequests.clear();
    // Requests still in flight finish after the reset: count from them, not from zero.
    this.maxInFlight = this.inFlight;
    this.maxUserSearchInFlight = this.userSearchInFlight;
    this.#revision += 1;
    this.#populate();
  }

  /**
   * A JSON copy of the project: keys, users, cohorts, charts, the retained events as they were
   * uploaded, the deduplication ids and the counters. Throttling windows and query concurrency are
   * not kept.
   */
  export(): AmplitudeStateSnapshot {
    return structuredClone({
      version: AMPLITUDE_STATE_VERSION,
      apiKey: this.apiKey,
      secretKey: this.secretKey,
      users: this.users,
      cohorts: this.cohorts,
      charts: [...this.charts.values()],
      events: this.#store.events.map(({ event, uploadedAt }) => ({ event, uploadedAt })),
      seen: [...this.#seen],
      ingestedCount: this.ingestedCount,
      duplicateCount: this.duplicateCount,
    });
  }

  /**
   * Replaces the project with a snapshot `export` returned, replaying its events in order so that
   * users get the same Amplitude IDs. Throws, changing nothing, when `snapshot` is not one of this
   * version.
   */
  import(snapshot: unknown): void {
    const saved = snapshot as Partial<AmplitudeStateSnapshot> | null;
    if (saved?.version !== AMPLITUDE_STATE_VERSION) {
      throw new Error(
        `Not an Amplitude simulator state of version ${AMPLITUDE_STATE_VERSION} (got version ${String(saved?.version)})`,
      );
    }
    const { apiKey, secretKey, users, cohorts, charts, events, seen } = structuredClone(saved);
    if (
      typeof apiKey !== 'string' ||
      typeof secretKey !== 'string' ||
      ![users, cohorts, charts, events, seen].every(Array.isArray)
    ) {
      throw new Error('The Amplitude simulator state is incomplete');
    }
    this.apiKey = apiKey;
    this.secretKey = secretKey;
    this.#store = new EventStore(this.options.retainEvents ?? 100_000);
    this.#limiter = this.options.throttle === false ? undefined : new EventRateLimiter(this.options.throttle);
    this.#userSearches.length = 0;
    this.users.splice(0, this.users.length, ...users!);
    for (const user of this.users) this.#store.addUser(user);
    this.cohorts.splice(0, this.cohorts.length, ...cohorts!);
    this.charts.clear();
    for (const chart of charts!) this.charts.set(chart.id, chart);
    for (const { event, uploadedAt } of events!) this.#store.add(event, uploadedAt);
    this.#seen.clear();
    for (const [key, at] of seen!) this.#seen.set(key, at);
    this.ingestedCount = Number(saved.ingestedCount) || 0;
    this.duplicateCount = Number(saved.duplicateCount) || 0;
    this.generatedExportEvents = 0;
    this.throttledRequests = 0;
    this.#revision += 1;
  }

  #populate(): void {
    for (const user of this.users) this.#store.addUser(user);
    if (this.options.seed) this.#seedSandbox();
  }

  /** Recently ingested events, oldest first (at most `retainEvents`). */
  get events(): readonly StoredEvent[] {
    return this.#store.events;
  }

  /**
   * A number that changes whenever the events or the users change (an event ingested, a reset, an
   * import): answers computed from them hold while it stays the same.
   */
  get revision(): number {
    return this.#revision;
  }

  /** Retained active events (identify events left out), oldest first: all, or those of one event type. */
  activeEvents(type?: string): readonly StoredEvent[] {
    return this.#store.activeEvents(type);
  }

  /** The retained active event types, each with its events, in the order first seen. */
  activeTypes(): IterableIterator<[unknown, readonly StoredEvent[]]> {
    return this.#store.activeTypes();
  }

  /** Each user's first retained active event (see `EventStore.firstActiveEvents`). */
  firstActiveEvents(): IterableIterator<StoredEvent> {
    return this.#store.firstActiveEvents();
  }

  /** Per UTC day number: the activity of the retained active events, all or of one type. */
  activeDays(type?: string): ReadonlyMap<number, DayActivity> {
    return this.#store.activeDays(type);
  }

  /** A user's retained events, identify events included, oldest first. */
  eventsOf(amplitudeId: number): readonly StoredEvent[] {
    return this.#store.eventsOf(amplitudeId);
  }

  /** Users the export generator draws from (the sandbox's, or a generic set when unseeded). */
  get exportUsers(): SimUser[] {
    if (this.users.length > 0) return this.users;
    this.#generic ??= sandboxUsers(200, 7);
    return this.#generic;
  }
  #generic: SimUser[] | undefined;

  /** Looks a user up as User Search does: Amplitude ID, user or device ID, then user-ID prefix. */
  searchUsers(text: string): { type: string; matches: { user_id: string | null; amplitude_id: number }[] } {
    const profiles = this.#store.profiles();
    const shape = (list: Profile[]) =>
      list.map(({ user }) => ({ user_id: user.user_id, amplitude_id: user.amplitude_id }));
    if (/^\d+$/.test(text)) {
      const byId = this.#store.profileByAmplitudeId(Number(text));
      if (byId) return { type: 'match_amplitude_id', matches: shape([byId]) };
    }
    const exact = profiles.filter((profile) => profile.user.user_id === text || profile.deviceIds.has(text));
    if (exact.length > 0) return { type: 'match_user_or_device_id', matches: shape(exact) };
    const prefix = profiles.filter((profile) => profile.user.user_id?.startsWith(text));
    if (prefix.length > 0) return { type: 'match_user_prefix', matches: shape(prefix).slice(0, 100) };
    return { type: 'nomatch', matches: [] };
  }

  /** A user by Amplitude ID. */
  userByAmplitudeId(id: number): SimUser | undefined {
    return this.#store.profileByAmplitudeId(id)?.user;
  }

  /** A user's profile by user ID or device ID. */
  profileById(id: string): Profile | undefined {
    return this.#store.profileById(id);
  }

  /** A user's profile (properties, devices) by Amplitude ID. */
  profileByAmplitudeId(id: number): Profile | undefined {
    return this.#store.profileByAmplitudeId(id);
  }

  /**
   * Counts a user search or user activity request against Amplitude's 360 per hour; false when the
   * hour's budget is spent.
   */
  takeUserSearch(): boolean {
    const now = this.now();
    while (this.#userSearches.length > 0 && this.#userSearches[0]! <= now - HOUR) this.#userSearches.shift();
    if (this.#userSearches.length >= (this.options.userSearchPerHour ?? 360)) return false;
    this.#userSearches.push(now);
    return true;
  }

  /**
   * Throttled devices and users among the given ids: their average rate over the window, before
   * this request, is above the limit. Returns id → events per second.
   */
  throttled(ids: { devices: Set<string>; users: Set<string> }): {
    devices: Map<string, number>;
    users: Map<string, number>;
  } {
    if (!this.#limiter) return { devices: new Map(), users: new Map() };
    const now = this.now();
    const over = (kind: string, set: Set<string>) =>
      new Map(
        [
          ...this.#limiter!.over(
            [...set].map((id) => `${kind}:${id}`),
            now,
          ),
        ].map(([key, eps]) => [key.slice(kind.length + 1), eps]),
      );
    return { devices: over('d', ids.devices), users: over('u', ids.users) };
  }

  /** The events-per-second limit above which devices and users are throttled. */
  get epsThreshold(): number {
    return this.#limiter?.eventsPerSecond ?? 30;
  }

  /**
   * Stores accepted events uploaded at `uploadedAt` (now by default): dedupe by insert_id, count
   * towards throttling, tie each to its user.
   */
  ingest(events: readonly Record<string, unknown>[], uploadedAt = this.now()): void {
    for (const event of events) {
      const device = typeof event.device_id === 'string' ? event.device_id : undefined;
      const user = typeof event.user_id === 'string' ? event.user_id : undefined;
      if (this.#limiter) {
        if (device) this.#limiter.count(`d:${device}`, uploadedAt);
        if (user) this.#limiter.count(`u:${user}`, uploadedAt);
      }
      const insertId = typeof event.insert_id === 'string' ? event.insert_id : undefined;
      if (insertId) {
        const key = `${device ?? `u:${user}`}\u0001${insertId}`;
        const at = this.#seen.get(key);
        if (at !== undefined && uploadedAt - at < 7 * DAY) {
          this.duplicateCount += 1;
          continue;
        }
        // Map order is insertion order: the oldest ids go first when the map is full.
        this.#seen.delete(key);
        this.#seen.set(key, uploadedAt);
        if (this.#seen.size > MAX_INSERT_IDS) this.#seen.delete(this.#seen.keys().next().value!);
      }
      this.ingestedCount += 1;
      this.#store.add(event, uploadedAt);
      this.#revision += 1;
    }
  }

  /**
   * Applies Identify API identifications: each becomes an `$identify` event of its user (what
   * Amplitude's export and user activity show), which changes the user's properties but counts as
   * no event: not active, not new, not in `ingestedCount`.
   */
  identify(identifications: readonly Record<string, unknown>[], uploadedAt = this.now()): void {
    for (const identification of identifications) {
      this.#store.add({ ...identification, event_type: '$identify' }, uploadedAt);
      this.identifyCount += 1;
    }
    this.#revision += 1;
  }

  /** Applies Group Identify API identifications to the groups' properties (keyed by type and value). */
  groupIdentify(identifications: readonly Record<string, unknown>[]): void {
    for (const identification of identifications) {
      const key = `${String(identification.group_type)}\u0001${String(identification.group_value)}`;
      const updates = identification.group_properties;
      const current = this.groups.get(key) ?? {};
      this.groups.set(
        key,
        typeof updates === 'object' && updates !== null && !Array.isArray(updates)
          ? applyUserProperties(current, updates as Record<string, unknown>)
          : current,
      );
    }
  }

  /** A group's properties, as Group Identify set them. */
  groupProperties(groupType: string, groupValue: string): Record<string, unknown> | undefined {
    return this.groups.get(`${groupType}\u0001${groupValue}`);
  }

  /**
   * Members of a cohort, from its definition: users with at least `operator_value` events of its
   * event type within its last `time_value` days. Undefined for an unknown cohort.
   */
  cohortMembers(id: string): ReadonlySet<number> | undefined {
    const cohort = this.cohorts.find((candidate) => candidate.id === id);
    if (!cohort) return undefined;
    const uploaded = this.uploadedMembers.get(id);
    if (uploaded) return uploaded;
    const clause = (
      cohort.definition as { andClauses?: { orClauses?: Record<string, unknown>[] }[] } | undefined
    )?.andClauses?.[0]?.orClauses?.[0];
    const type = String(clause?.type_value ?? '_active');
    const span = Number(clause?.time_value ?? 30) * DAY;
    const needed = Number(clause?.operator_value ?? 1);
    const now = this.now();
    const key = `${type}\u0001${span}\u0001${needed}`;
    const known = this.#members.get(key);
    if (
      known &&
      known.revision === this.#revision &&
      known.from <= now &&
      now < known.enters &&
      now <= known.leaves
    ) {
      return known.members;
    }
    const since = now - span;
    const counts = new Map<number, number>();
    // The members stay the same until an event enters the window (its time comes) or one leaves it.
    let enters = Number.POSITIVE_INFINITY;
    let leaves = Number.POSITIVE_INFINITY;
    const candidates = type === '_active' || type === '_all' ? this.activeEvents() : this.activeEvents(type);
    for (const stored of candidates) {
      const { time } = stored;
      if (time > now) {
        enters = Math.min(enters, time);
        continue;
      }
      if (time < since) continue;
      leaves = Math.min(leaves, time + span);
      counts.set(stored.amplitudeId, (counts.get(stored.amplitudeId) ?? 0) + 1);
    }
    const members = new Set([...counts].filter(([, count]) => count >= needed).map(([user]) => user));
    this.#members.set(key, { revision: this.#revision, from: now, enters, leaves, members });
    return members;
  }

  /** The cohorts as listed, each with its size computed from the events. */
  listCohorts(): SimCohort[] {
    return this.cohorts.map((cohort) => ({ ...cohort, size: this.cohortMembers(cohort.id)?.size ?? 0 }));
  }

  /** Plans the export of `[start, end]` (hour starts, both included), by upload time. */
  planExport(start: number, end: number): ExportPlan {
    const profile = this.options.export;
    const hours = Math.round((end - start) / HOUR) + 1;
    const limit = this.options.exportLimitBytes ?? 4 * 1024 ** 3;
    const ingested = this.#ingestedFiles(start, end);
    const ingestedBytes = ingested.reduce((sum, file) => sum + (file.lines?.length ?? 0) * LINE_BYTES, 0);
    if (!profile) {
      if (ingestedBytes > limit) return { kind: 'too_large', bytes: ingestedBytes };
      return ingested.length > 0
        ? { kind: 'files', files: ingested, compression: 'deflate', gzipLevel: 6, reuseFiles: false }
        : { kind: 'empty' };
    }
    const planned = ingestedBytes + (profile.bytes ?? (profile.events ?? 0) * LINE_BYTES);
    if (planned > limit) return { kind: 'too_large', bytes: planned };
    const files: ExportFile[] = [...ingested];
    if (profile.bytes !== undefined) {
      const count = Math.max(1, Math.ceil(profile.bytes / FILE_BYTES));
      for (let i = 0; i < count; i += 1) {
        const bytes = i === count - 1 ? profile.bytes - FILE_BYTES * (count - 1) : FILE_BYTES;
        files.push(this.#generatedFile(start, hours, i, Number.POSITIVE_INFINITY, bytes));
      }
    } else if (profile.events !== undefined) {
      const perFile = profile.eventsPerFile ?? 100_000;
      const count = Math.ceil(profile.events / perFile);
      for (let i = 0; i < count; i += 1) {
        const events = i === count - 1 ? profile.events - perFile * (count - 1) : perFile;
        files.push(this.#generatedFile(start, hours, i, events, Number.POSITIVE_INFINITY));
      }
    }
    if (files.length === 0) return { kind: 'empty' };
    return {
      kind: 'files',
      files,
      compression: profile.compression ?? 'deflate',
      gzipLevel: profile.gzipLevel ?? 1,
      reuseFiles: profile.reuseFiles ?? false,
    };
  }

  #generatedFile(start: number, hours: number, index: number, events: number, bytes: number): ExportFile {
    const hour = start + (index % hours) * HOUR;
    return {
      name: exportFileName(this.projectId, hour, 1 + Math.floor(index / hours)),
      hour,
      events,
      bytes,
      seed: seedOf(`${this.projectId}:${hour}:${index}`),
    };
  }

  /** Ingested events, as export lines, in one file per upload hour (part #0 of each hour). */
  #ingestedFiles(start: number, end: number): ExportFile[] {
    const byHour = new Map<number, string[]>();
    for (const stored of this.events) {
      const hour = Math.floor(stored.uploadedAt / HOUR) * HOUR;
      if (hour < start || hour > end) continue;
      let lines = byHour.get(hour);
      if (!lines) {
        lines = [];
        byHour.set(hour, lines);
      }
      lines.push(exportLine(stored, this.projectId));
    }
    return [...byHour]
      .sort(([a], [b]) => a - b)
      .map(([hour, lines]) => ({
        name: exportFileName(this.projectId, hour, 0),
        hour,
        events: 0,
        bytes: 0,
        seed: 0,
        lines,
      }));
  }

  #seedSandbox(): void {
    const created = Math.floor(this.now() / 1000) - 30 * 86_400;
    const cohort = (id: string, name: string, eventType: string, days: number): SimCohort => ({
      appId: this.projectId,
      archived: false,
      definition: {
        version: 3,
        countGroup: { name: 'User', is_computed: false },
        cohortType: 'UNIQUES',
        andClauses: [
          {
            negated: false,
            orClauses: [
              {
                type: 'event',
                time_type: 'rolling',
                time_value: days,
                offset: 0,
                interval: 1,
                type_value: eventType,
                operator: '>=',
                operator_value: 1,
                group_by: [],
                metric: null,
              },
            ],
          },
        ],
        referenceFrameTimeParams: {},
      },
      description: `Users who did ${eventType} in the last ${days} days`,
      finished: true,
      id,
      name,
      owners: ['analyst@example.com'],
      viewers: [],
      published: true,
      size: 0,
      type: 'redshift',
      lastMod: created + 3600,
      createdAt: created,
      lastComputed: created + 7200,
      hidden: false,
      metadata: null,
      view_count: null,
      popularity: null,
      last_viewed: null,
      chart_id: null,
      edit_id: null,
      is_predictive: false,
      is_official_content: false,
      location_id: null,
      shortcut_ids: [],
      syncMetadata: [],
    });
    this.cohorts.push(
      cohort('coh_active30', 'Active in the last 30 days', '_active', 30),
      cohort('coh_buyers', 'Purchasers', 'Purchase', 90),
      cohort('coh_sharers', 'Sharers', 'Share Song', 14),
    );
    for (const chart of sandboxCharts()) this.charts.set(chart.id, chart);
    for (const { event, uploadedAt } of seedEvents({
      users: this.users,
      projectId: this.projectId,
      now: this.now(),
      hours: this.options.historyHours ?? 720,
      perHour: this.options.eventsPerHour ?? 12,
    })) {
      this.ingest([event], uploadedAt);
    }
  }
}
