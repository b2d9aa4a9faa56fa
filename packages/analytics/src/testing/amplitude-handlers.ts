import { Readable } from 'node:stream';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { dayValue, hourValue } from '../amplitude-params.js';
import { basicCredentials, checkEvents, checkQuery } from './amplitude-rules.js';
import type { AmplitudeState } from './amplitude-state.js';
import { exportArchive } from './export-archive.js';
import { DEVICES, EVENT_TYPES, isoDay, PLACES, seedOf } from './synthetic.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FIVE_MINUTES = 300_000;

/** The API's own path: a proxy prefix in front of `/api/…` is ignored. */
function apiPath(url: URL): string {
  const at = url.pathname.indexOf('/api/');
  return at >= 0 ? url.pathname.slice(at) : url.pathname;
}

/** Amplitude's query APIs answer errors as `{error}`; the /api/3 ones with `{error: {http_code, type, message}}`. */
function queryError(path: string, status: number, type: string, message: string): Response {
  const body = path.startsWith('/api/3/')
    ? { error: { http_code: status, type, message, metadata: null } }
    : { error: message };
  return HttpResponse.json(body, { status });
}

/**
 * msw handlers of the simulated Amplitude project: the query APIs (Basic auth, parameters checked
 * as Amplitude checks them, 5 concurrent requests at most), the export (a real zip of gzipped NDJSON,
 * streamed), and the HTTP V2 and Batch ingestion APIs (api_key in the body, size limits, insert_id
 * deduplication, per-device throttling, Amplitude's error bodies).
 */
export function createAmplitudeHandlers(state: AmplitudeState): RequestHandler[] {
  const query = (
    pattern: string,
    answer: (url: URL, params: Record<string, string | readonly string[] | undefined>) => Response,
  ) =>
    http.get(pattern, async ({ request, params }) => {
      const url = new URL(request.url);
      const path = apiPath(url);
      const credentials = basicCredentials(request.headers.get('authorization'));
      if (!credentials || credentials.user !== state.apiKey || credentials.pass !== state.secretKey) {
        return queryError(path, 401, 'unauthorized', 'Invalid API key or secret key');
      }
      const { refusal } = checkQuery(path, url.searchParams);
      if (refusal) return queryError(path, 400, 'bad_request', `Invalid request: ${refusal}`);
      if (state.inFlight >= (state.options.maxConcurrent ?? 5)) {
        return queryError(
          path,
          429,
          'too_many_requests',
          'Exceeded the limit of 5 concurrent requests per project',
        );
      }
      state.inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        if (state.options.latencyMs)
          await new Promise((resolve) => setTimeout(resolve, state.options.latencyMs));
        return answer(url, params);
      } finally {
        state.inFlight -= 1;
      }
    });

  return [
    query('*/api/2/users', (url) => HttpResponse.json(userCounts(url.searchParams))),
    query('*/api/2/events/segmentation', (url) => HttpResponse.json(segmentation(url.searchParams))),
    query('*/api/2/usersearch', (url) => HttpResponse.json(state.searchUsers(url.searchParams.get('user')!))),
    query('*/api/2/useractivity', (url) => {
      const user = state.userByAmplitudeId(Number(url.searchParams.get('user')));
      if (!user) return queryError('/api/2/', 404, 'not_found', 'No user with this Amplitude ID');
      const place = PLACES[user.place]!;
      const device = DEVICES[user.device]!;
      const events = state.events
        .filter((stored) => stored.amplitudeId === user.amplitude_id)
        .slice(-Number(url.searchParams.get('limit') ?? 1000))
        .map((stored) => ({ ...stored.event, amplitude_id: user.amplitude_id }));
      return HttpResponse.json({
        userData: {
          user_id: user.user_id,
          canonical_amplitude_id: user.amplitude_id,
          merged_amplitude_ids: [],
          num_events: events.length,
          num_sessions: Math.ceil(events.length / 5),
          first_used: user.first_used,
          last_used: isoDay(state.now()),
          platform: device.platform,
          os: `${device.os_name} ${device.os_version}`,
          version: user.version,
          device: device.device_family,
          device_type: device.device_type,
          country: place.country,
          region: place.region,
          city: place.city,
          dma: place.dma,
          language: place.language,
          device_ids: [user.device_id],
          properties: {},
        },
        events,
      });
    }),
    query('*/api/2/realtime', () => HttpResponse.json(realtime(state.now()))),
    query('*/api/2/events/list', () =>
      HttpResponse.json({
        data: EVENT_TYPES.map((type) => ({
          value: type,
          display: type,
          totals: 1000 + (seedOf(type) % 9000),
          non_active: false,
          deleted: false,
          hidden: false,
          flow_hidden: false,
        })),
      }),
    ),
    query('*/api/2/export', (url) => {
      const start = hourValue(url.searchParams.get('start')!)!;
      const end = hourValue(url.searchParams.get('end')!)!;
      const plan = state.planExport(start, end);
      if (plan.kind === 'empty') return new HttpResponse('Raw data files were not found.', { status: 404 });
      if (plan.kind === 'too_large') {
        return new HttpResponse('Export exceeds the 4GB limit. Please shorten the time range.', {
          status: 400,
        });
      }
      const archive = exportArchive(plan.files, {
        projectId: state.projectId,
        users: state.exportUsers,
        compression: plan.compression,
        gzipLevel: plan.gzipLevel,
        reuseFiles: plan.reuseFiles,
        onGenerated: () => {
          state.generatedExportEvents += 1;
        },
      });
      return new HttpResponse(Readable.toWeb(archive) as ReadableStream<Uint8Array>, {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="${state.projectId}_export.zip"`,
        },
      });
    }),
    query('*/api/3/cohorts', () => HttpResponse.json({ cohorts: state.cohorts })),
    query('*/api/3/chart/:id/:type', (_url, params) => {
      const chart = state.charts.get(String(params.id));
      if (!chart) return queryError('/api/3/', 404, 'not_found', 'Chart not found');
      return HttpResponse.json(params.type === 'csv' ? { data: chart.csv } : chart.query);
    }),
    http.post('*/2/httpapi', ({ request }) => ingest(state, request, 'httpapi')),
    http.post('*/batch', ({ request }) => ingest(state, request, 'batch')),
  ];
}

async function ingest(state: AmplitudeState, request: Request, api: 'httpapi' | 'batch'): Promise<Response> {
  const answer = (status: number, body: Record<string, unknown>) =>
    HttpResponse.json({ code: status, ...body }, { status });
  const text = await request.text();
  const bytes = Buffer.byteLength(text);
  const maxBytes = api === 'batch' ? 20 * 1024 * 1024 : (state.options.maxRequestBytes ?? 1_000_000);
  if (bytes === 0) return answer(400, { error: 'Missing request body' });
  if (bytes > maxBytes) return answer(413, { error: 'Payload too large' });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(400, { error: 'Invalid JSON request body' });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return answer(400, { error: 'Invalid JSON request body' });
  }
  const record = body as Record<string, unknown>;
  if (typeof record.api_key !== 'string' || record.api_key === '') {
    return answer(400, { error: 'Request missing required field', missing_field: 'api_key' });
  }
  if (record.api_key !== state.apiKey) return answer(400, { error: 'Invalid API key' });
  if (!Array.isArray(record.events)) {
    return answer(400, { error: 'Request missing required field', missing_field: 'events' });
  }
  const events = record.events as unknown[];
  const maxEvents = api === 'batch' ? Number.POSITIVE_INFINITY : (state.options.maxEventsPerRequest ?? 2000);
  if (events.length > maxEvents) return answer(413, { error: 'Payload too large' });
  const options = (record.options ?? {}) as { min_id_length?: unknown };
  const minIdLength = typeof options.min_id_length === 'number' ? options.min_id_length : 5;
  const checks = checkEvents(events, minIdLength);
  if (checks.malformed) return answer(400, { error: 'Invalid event JSON' });
  const hasMissing = Object.keys(checks.missing).length > 0;
  const hasInvalid = Object.keys(checks.invalid).length > 0;
  const hasIdLengths = Object.keys(checks.idLengths).length > 0;
  if (hasMissing || hasInvalid || hasIdLengths) {
    return answer(400, {
      error: hasMissing
        ? 'Request missing required field'
        : hasInvalid
          ? 'Invalid field values on some events'
          : 'Invalid id length for user_id or device_id',
      ...(hasMissing ? { events_with_missing_fields: checks.missing } : {}),
      ...(hasInvalid ? { events_with_invalid_fields: checks.invalid } : {}),
      ...(hasIdLengths ? { events_with_invalid_id_lengths: checks.idLengths } : {}),
    });
  }
  const accepted = events as Record<string, unknown>[];
  const silenced = new Set(state.options.silencedDevices ?? []);
  const silencedEvents = accepted.flatMap((event, index) =>
    silenced.has(event.device_id as string) ? [index] : [],
  );
  if (silencedEvents.length > 0) {
    return answer(400, {
      error: 'Events silenced for device_id',
      eps_threshold: 30,
      exceeded_daily_quota_devices: {},
      silenced_devices: [...new Set(silencedEvents.map((index) => accepted[index]!.device_id))],
      silenced_events: silencedEvents,
      throttled_devices: {},
      throttled_events: [],
    });
  }
  const quotaUsers = new Set(state.options.overDailyQuota?.users ?? []);
  const quotaDevices = new Set(state.options.overDailyQuota?.devices ?? []);
  const devices = new Set(
    accepted.map((event) => event.device_id).filter((id): id is string => typeof id === 'string'),
  );
  const users = new Set(
    accepted.map((event) => event.user_id).filter((id): id is string => typeof id === 'string'),
  );
  const throttled = state.throttled({ devices, users });
  const overQuota = (event: Record<string, unknown>) =>
    quotaUsers.has(event.user_id as string) || quotaDevices.has(event.device_id as string);
  const throttledEvents = accepted.flatMap((event, index) =>
    throttled.devices.has(event.device_id as string) ||
    throttled.users.has(event.user_id as string) ||
    overQuota(event)
      ? [index]
      : [],
  );
  if (throttledEvents.length > 0) {
    state.throttledRequests += 1;
    const inRequest = (set: Set<string>, ids: Set<string>) =>
      Object.fromEntries([...set].filter((id) => ids.has(id)).map((id) => [id, 10_000]));
    return answer(429, {
      error: 'Too many requests for some devices and users',
      eps_threshold: api === 'batch' ? 1000 : 30,
      throttled_devices: Object.fromEntries(throttled.devices),
      throttled_users: Object.fromEntries(throttled.users),
      throttled_events: throttledEvents,
      exceeded_daily_quota_users: inRequest(quotaUsers, users),
      exceeded_daily_quota_devices: inRequest(quotaDevices, devices),
    });
  }
  state.ingest(accepted);
  return answer(200, {
    events_ingested: accepted.length,
    payload_size_bytes: bytes,
    server_upload_time: state.now(),
  });
}

/** Buckets of a day range: days, weeks from the start, or calendar months. */
function buckets(start: number, end: number, interval: string): number[] {
  const out: number[] = [];
  if (interval === '30') {
    const first = new Date(start);
    for (let month = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1); month <= end; ) {
      out.push(Math.max(month, start));
      const date = new Date(month);
      month = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    }
    return out;
  }
  const step =
    interval === '7' ? 7 * DAY : interval === '-3600000' ? HOUR : interval === '-300000' ? FIVE_MINUTES : DAY;
  const last = interval.startsWith('-') ? end + DAY - step : end;
  for (let at = start; at <= last; at += step) out.push(at);
  return out;
}

function label(at: number, interval: string): string {
  const iso = new Date(at).toISOString();
  return interval.startsWith('-') ? `${iso.slice(0, 16)}:00` : iso.slice(0, 10);
}

const SCALE: Record<string, number> = { '1': 1, '7': 4, '30': 12, '-3600000': 1 / 12, '-300000': 1 / 150 };

function userCounts(query: URLSearchParams) {
  const start = dayValue(query.get('start')!)!;
  const end = dayValue(query.get('end')!)!;
  const metric = query.get('m') ?? 'active';
  const interval = query.get('i') ?? '1';
  const groups =
    query.get('g') === 'country' ? [...new Set(PLACES.map((place) => place.country))] : ['All Users'];
  const points = buckets(start, end, interval);
  const base = metric === 'new' ? 80 : 900;
  return {
    data: {
      series: groups.map((group, g) =>
        points.map((at) => {
          const noise = seedOf(`${metric}:${group}:${at}`) % Math.round(base / 2);
          return Math.round(((base + noise) * (SCALE[interval] ?? 1)) / (g + 1));
        }),
      ),
      seriesMeta: groups,
      xValues: points.map((at) => label(at, interval)),
    },
  };
}

const GROUP_VALUES: Record<string, string[]> = {
  country: [...new Set(PLACES.map((place) => place.country))],
  city: PLACES.map((place) => place.city),
  region: PLACES.map((place) => place.region),
  language: [...new Set(PLACES.map((place) => place.language))],
  platform: DEVICES.map((device) => device.platform),
  os: DEVICES.map((device) => device.os_name),
  device_type: DEVICES.map((device) => device.device_type),
  paying: ['true', 'false'],
};

function segmentation(query: URLSearchParams) {
  const start = dayValue(query.get('start')!)!;
  const end = dayValue(query.get('end')!)!;
  const metric = query.get('m') ?? 'uniques';
  const interval = query.get('i') ?? '1';
  const limit = Number(query.get('limit') ?? 100);
  const event = JSON.parse(query.get('e')!) as { event_type: string };
  const event2 = query.get('e2') ? (JSON.parse(query.get('e2')!) as { event_type: string }) : undefined;
  const points = buckets(start, end, interval);
  const groupBy = query.get('g');
  let labels: unknown[];
  if (groupBy) {
    const values = GROUP_VALUES[groupBy] ?? [
      '(none)',
      `${groupBy.replace(/^gp:/, '')} A`,
      `${groupBy.replace(/^gp:/, '')} B`,
    ];
    const second = query.get('g2');
    labels = second
      ? values.flatMap((value) => (GROUP_VALUES[second] ?? ['(none)']).map((other) => `${value}; ${other}`))
      : values;
  } else if (event2 && metric !== 'formula') {
    labels = [event.event_type, event2.event_type];
  } else {
    labels = [0];
  }
  labels = labels.slice(0, limit);
  const fractional = ['pct_dau', 'average', 'value_avg', 'formula'].includes(metric);
  const series = labels.map((name) =>
    points.map((at) => {
      const seed = seedOf(`${event.event_type}:${metric}:${String(name)}:${at}`);
      const value =
        (100 + (seed % 400)) * (SCALE[interval] ?? 1) * (metric === 'totals' || metric === 'sums' ? 3 : 1);
      return fractional ? Math.round((seed % 10_000) / 10) / 100 : Math.round(value);
    }),
  );
  return {
    data: {
      series,
      seriesLabels: labels,
      seriesCollapsed: series.map((values) => [
        {
          setId: '',
          value: fractional
            ? values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)
            : values.reduce((a, b) => a + b, 0),
        },
      ]),
      xValues: points.map((at) => label(at, interval)),
    },
  };
}

function realtime(now: number) {
  const today = Math.floor(now / DAY) * DAY;
  const points: number[] = [];
  for (let at = today; at <= now; at += FIVE_MINUTES) points.push(at - today);
  const series = [today, today - DAY].map((day) =>
    points.map((offset) => 80 + (seedOf(`rt:${day + offset}`) % 120)),
  );
  return {
    data: {
      xValues: points.map((offset) => new Date(offset).toISOString().slice(11, 16)),
      seriesLabels: ['Today', 'Yesterday'],
      series,
    },
  };
}
