import type { ExportFile } from './export-archive.js';
import { exportFileName } from './export-archive.js';
import { exportTime, isoDay, type SimUser, sandboxUsers, seedOf } from './synthetic.js';

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

/** Ingestion throttling per device and per user, as Amplitude applies it. */
export interface ThrottleOptions {
  /** Events per second, averaged over the window, above which a device or user is throttled (30). */
  eventsPerSecond?: number;
  /** Length of the averaging window (ms, default 30,000: Amplitude asks for a 30 s back-off). */
  windowMs?: number;
}

/** Everything a simulator can be told; all optional. */
export interface AmplitudeStateOptions {
  apiKey?: string;
  secretKey?: string;
  projectId?: number;
  /** Fill the sandbox: users, cohorts, a chart, three days of exportable events. */
  seed?: boolean;
  /** The simulator's clock (ms since the epoch); `Date.now` by default. */
  now?: () => number;
  /** Serve this export for any valid range instead of the seeded history. */
  export?: ExportProfile;
  /** Generated events per hour of seeded history (default 20). */
  eventsPerHour?: number;
  /** Hours of seeded exportable history before the current hour (default 72). */
  historyHours?: number;
  /** An export planned larger than this many uncompressed bytes is refused with 400 (default 4 GiB). */
  exportLimitBytes?: number;
  /** Per device/user throttling; `false` turns it off (e.g. for a bulk benchmark). */
  throttle?: ThrottleOptions | false;
  /** Most events per HTTP V2 request (2000); more is a 413. */
  maxEventsPerRequest?: number;
  /** Most bytes per HTTP V2 request body (1 MB); more is a 413. */
  maxRequestBytes?: number;
  /** Devices Amplitude has silenced: their events are refused with the silenced 400. */
  silencedDevices?: string[];
  /** Users and devices over their daily quota: their events are refused with a 429. */
  overDailyQuota?: { users?: string[]; devices?: string[] };
  /** Concurrent query-API requests allowed per project (5); more is a 429. */
  maxConcurrent?: number;
  /** Delay before each query-API answer, to make concurrency observable (ms, default 0). */
  latencyMs?: number;
  /** Ingested events kept for export and user search (default 10,000; older ones are forgotten). */
  retainEvents?: number;
}

/** A cohort as `/api/3/cohorts` lists it. */
export type SimCohort = Record<string, unknown> & { id: string; name: string };

/** A saved chart: its JSON result and its CSV text. */
export interface SimChart {
  id: string;
  query: Record<string, unknown>;
  csv: string;
}

/** An event the ingestion API accepted. */
export interface StoredEvent {
  event: Record<string, unknown>;
  uploadedAt: number;
  amplitudeId: number;
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

/** Rough size of one generated export line, to estimate an export before building it. */
const LINE_BYTES = 1150;
const FILE_BYTES = 64 * 1024 * 1024;
const MAX_KNOWN_IDS = 50_000;

/**
 * The simulated Amplitude project: credentials, users, cohorts, charts, the events it ingested
 * (deduplicated by insert_id per device within 7 days), throttling windows and query concurrency.
 */
export class AmplitudeState {
  readonly apiKey: string;
  readonly secretKey: string;
  readonly projectId: number;
  readonly options: AmplitudeStateOptions;
  readonly now: () => number;
  readonly users: SimUser[];
  readonly cohorts: SimCohort[] = [];
  readonly charts = new Map<string, SimChart>();
  /** Recently ingested events, newest last (at most `retainEvents`). */
  readonly events: StoredEvent[] = [];
  /** Every event accepted, deduplicated. */
  ingestedCount = 0;
  /** Events dropped because their insert_id was seen before (from the same device or user). */
  duplicateCount = 0;
  /** Export events generated so far (an abandoned download stops generating). */
  generatedExportEvents = 0;
  /** Ingestion requests refused with a 429. */
  throttledRequests = 0;
  /** Query-API requests in flight now, and the most ever seen at once. */
  inFlight = 0;
  maxInFlight = 0;
  readonly #seen = new Map<string, number>();
  readonly #rates = new Map<string, { since: number; count: number }>();
  readonly #known = new Map<string, SimUser>();
  #nextAmplitudeId = 900_000_000;

  constructor(options: AmplitudeStateOptions = {}) {
    this.options = options;
    this.apiKey = options.apiKey ?? 'sandbox-amplitude-api-key';
    this.secretKey = options.secretKey ?? 'sandbox-amplitude-secret-key';
    this.projectId = options.projectId ?? 187520;
    this.now = options.now ?? Date.now;
    this.users = options.seed ? sandboxUsers(40) : [];
    for (const user of this.users) this.#remember(user);
    if (options.seed) this.#seedSandbox();
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
    const all = [...this.#known.values()];
    const unique = (list: SimUser[]) => [...new Map(list.map((user) => [user.amplitude_id, user])).values()];
    const shape = (list: SimUser[]) =>
      unique(list).map((u) => ({ user_id: u.user_id, amplitude_id: u.amplitude_id }));
    if (/^\d+$/.test(text)) {
      const byId = all.filter((user) => String(user.amplitude_id) === text);
      if (byId.length > 0) return { type: 'match_amplitude_id', matches: shape(byId) };
    }
    const exact = all.filter((user) => user.user_id === text || user.device_id === text);
    if (exact.length > 0) return { type: 'match_user_or_device_id', matches: shape(exact) };
    const prefix = all.filter((user) => user.user_id?.startsWith(text));
    if (prefix.length > 0) return { type: 'match_user_prefix', matches: shape(prefix).slice(0, 100) };
    return { type: 'nomatch', matches: [] };
  }

  /** A user by Amplitude ID. */
  userByAmplitudeId(id: number): SimUser | undefined {
    return [...this.#known.values()].find((user) => user.amplitude_id === id);
  }

  /**
   * Throttled devices and users among the given ids: their average rate over the window, before
   * this request, is above the limit. Returns id → events per second.
   */
  throttled(ids: { devices: Set<string>; users: Set<string> }): {
    devices: Map<string, number>;
    users: Map<string, number>;
  } {
    const out = { devices: new Map<string, number>(), users: new Map<string, number>() };
    const throttle = this.options.throttle;
    if (throttle === false) return out;
    const limit = throttle?.eventsPerSecond ?? 30;
    const windowMs = throttle?.windowMs ?? 30_000;
    const now = this.now();
    for (const [kind, set] of [['device', ids.devices] as const, ['user', ids.users] as const]) {
      for (const id of set) {
        const rate = this.#rates.get(`${kind}:${id}`);
        if (!rate || now - rate.since >= windowMs) continue;
        const eps = Math.round(rate.count / (windowMs / 1000));
        if (eps > limit) (kind === 'device' ? out.devices : out.users).set(id, eps);
      }
    }
    return out;
  }

  /** Stores accepted events: dedupe by insert_id, count towards throttling, remember their users. */
  ingest(events: Record<string, unknown>[]): void {
    const now = this.now();
    const throttle = this.options.throttle;
    const windowMs = throttle === false ? 0 : (throttle?.windowMs ?? 30_000);
    const retain = this.options.retainEvents ?? 10_000;
    if (this.#seen.size > 0 && this.ingestedCount % 10_000 === 0) this.#forgetOldInsertIds(now);
    for (const event of events) {
      const device = typeof event.device_id === 'string' ? event.device_id : undefined;
      const user = typeof event.user_id === 'string' ? event.user_id : undefined;
      if (windowMs > 0) {
        if (device) this.#count(`device:${device}`, now, windowMs);
        if (user) this.#count(`user:${user}`, now, windowMs);
      }
      const insertId = typeof event.insert_id === 'string' ? event.insert_id : undefined;
      if (insertId) {
        const key = `${device ?? `u:${user}`}\u0001${insertId}`;
        const at = this.#seen.get(key);
        if (at !== undefined && now - at < 7 * DAY) {
          this.duplicateCount += 1;
          continue;
        }
        this.#seen.set(key, now);
      }
      this.ingestedCount += 1;
      const known = this.#identify(user, device);
      if (retain > 0) {
        this.events.push({ event, uploadedAt: now, amplitudeId: known?.amplitude_id ?? 0 });
        if (this.events.length > retain) this.events.splice(0, this.events.length - retain);
      }
    }
  }

  /** Plans the export of `[start, end]` (hour starts, both included). */
  planExport(start: number, end: number): ExportPlan {
    const profile = this.options.export;
    const hours = Math.round((end - start) / HOUR) + 1;
    const limit = this.options.exportLimitBytes ?? 4 * 1024 ** 3;
    const ingested = this.#ingestedFiles(start, end);
    if (profile) {
      const planned = profile.bytes ?? (profile.events ?? 0) * LINE_BYTES;
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
    const files: ExportFile[] = [...ingested];
    if (this.options.seed) {
      const perHour = this.options.eventsPerHour ?? 20;
      const current = Math.floor(this.now() / HOUR) * HOUR;
      const first = current - (this.options.historyHours ?? 72) * HOUR;
      const from = Math.max(start, first);
      const to = Math.min(end, current - HOUR);
      if (to >= from && (to - from) / HOUR + 1 > limit / (perHour * LINE_BYTES)) {
        return { kind: 'too_large', bytes: ((to - from) / HOUR + 1) * perHour * LINE_BYTES };
      }
      for (let hour = from; hour <= to; hour += HOUR) {
        files.push({
          name: exportFileName(this.projectId, hour, 0),
          hour,
          events: perHour,
          bytes: Number.POSITIVE_INFINITY,
          seed: seedOf(`${this.projectId}:${hour}`),
        });
      }
    }
    files.sort((a, b) => a.hour - b.hour);
    return files.length > 0
      ? { kind: 'files', files, compression: 'deflate', gzipLevel: 6, reuseFiles: false }
      : { kind: 'empty' };
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

  /** Ingested events, as export lines, in files per upload hour (part #0 of each hour). */
  #ingestedFiles(start: number, end: number): ExportFile[] {
    const byHour = new Map<number, string[]>();
    for (const stored of this.events) {
      const hour = Math.floor(stored.uploadedAt / HOUR) * HOUR;
      if (hour < start || hour > end) continue;
      const lines = byHour.get(hour) ?? [];
      lines.push(this.#exportLine(stored));
      byHour.set(hour, lines);
    }
    return [...byHour].map(([hour, lines]) => ({
      name: exportFileName(this.projectId, hour, 9),
      hour,
      events: 0,
      bytes: 0,
      seed: 0,
      lines,
    }));
  }

  #exportLine(stored: StoredEvent): string {
    const { event } = stored;
    const time = typeof event.time === 'number' ? event.time : stored.uploadedAt;
    return JSON.stringify({
      app: this.projectId,
      amplitude_id: stored.amplitudeId,
      user_id: event.user_id ?? null,
      device_id: event.device_id ?? null,
      event_type: event.event_type,
      event_time: exportTime(time),
      client_event_time: exportTime(time),
      server_received_time: exportTime(stored.uploadedAt),
      server_upload_time: exportTime(stored.uploadedAt),
      $insert_id: event.insert_id ?? null,
      event_properties: event.event_properties ?? {},
      user_properties: event.user_properties ?? {},
      groups: event.groups ?? {},
      group_properties: {},
      data: {},
    });
  }

  #count(key: string, now: number, windowMs: number): void {
    const rate = this.#rates.get(key);
    if (!rate || now - rate.since >= windowMs) this.#rates.set(key, { since: now, count: 1 });
    else rate.count += 1;
    if (this.#rates.size > 100_000) {
      for (const [id, value] of this.#rates) if (now - value.since >= windowMs) this.#rates.delete(id);
    }
  }

  #forgetOldInsertIds(now: number): void {
    for (const [key, at] of this.#seen) {
      if (now - at < 7 * DAY) break;
      this.#seen.delete(key);
    }
  }

  #identify(userId: string | undefined, deviceId: string | undefined): SimUser | undefined {
    const existing =
      (userId && this.#known.get(`u:${userId}`)) || (deviceId && this.#known.get(`d:${deviceId}`));
    if (existing) return existing;
    if (this.#known.size >= MAX_KNOWN_IDS) return undefined;
    const user: SimUser = {
      user_id: userId ?? null,
      amplitude_id: this.#nextAmplitudeId++,
      device_id: deviceId ?? '',
      place: 0,
      device: 0,
      paying: false,
      version: '1.0.0',
      first_used: isoDay(this.now()),
    };
    this.#remember(user);
    return user;
  }

  #remember(user: SimUser): void {
    if (user.user_id) this.#known.set(`u:${user.user_id}`, user);
    if (user.device_id) this.#known.set(`d:${user.device_id}`, user);
  }

  #seedSandbox(): void {
    const created = Math.floor(this.now() / 1000) - 30 * 86_400;
    const cohort = (id: string, name: string, size: number, eventType: string, days: number): SimCohort => ({
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
      size,
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
      cohort('coh_active30', 'Active in the last 30 days', 31, '_active', 30),
      cohort('coh_buyers', 'Purchasers', 8, 'Purchase', 90),
      cohort('coh_sharers', 'Sharers', 12, 'Share Song', 14),
    );
    const today = Math.floor(this.now() / DAY) * DAY;
    const days = Array.from({ length: 7 }, (_, i) => isoDay(today - (6 - i) * DAY));
    const counts = days.map((day) => 40 + (seedOf(`chart:${day}`) % 60));
    this.charts.set('sbx4k2m', {
      id: 'sbx4k2m',
      query: {
        data: {
          series: [counts],
          seriesLabels: [0],
          seriesCollapsed: [[{ setId: '', value: counts.reduce((a, b) => a + b, 0) }]],
          xValues: days,
        },
        timeComputed: this.now(),
        wasCached: false,
        novaRuntime: 412,
        novaRequestDuration: 530,
        throttleTime: 0,
      },
      csv: [
        `"Play Song - Uniques",${days.map(() => '').join(',')}`,
        `"",${days.map((day) => `"${day}"`).join(',')}`,
        `"All Users",${counts.join(',')}`,
      ].join('\n'),
    });
  }
}
