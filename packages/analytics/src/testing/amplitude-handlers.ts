import { Readable } from 'node:stream';
import { HttpResponse, http, type JsonBodyType, type RequestHandler } from 'msw';
import { hourValue } from '../analytics-params.js';
import { createAdminHandlers } from './amplitude-admin.js';
import {
  type Answer,
  eventTypes,
  type JsonObject,
  realtime,
  segmentation,
  userCounts,
} from './amplitude-analytics.js';
import { AnswerCache } from './amplitude-answer-cache.js';
import { chartCsv, chartData } from './amplitude-charts.js';
import { isActiveEvent } from './amplitude-events.js';
import { exportArchive } from './amplitude-export-archive.js';
import { funnel, retention } from './amplitude-funnels.js';
import { identifyResponse } from './amplitude-identify.js';
import { ingest } from './amplitude-ingestion-handler.js';
import { basicCredentials, checkQuery } from './amplitude-rules.js';
import type { AmplitudeState } from './amplitude-state.js';
import { isoDay } from './amplitude-synthetic.js';
import { composition, revenueLtv, sessionLengths, sessionsPerDay } from './amplitude-usage.js';

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

const USER_LOOKUP = /^\/api\/2\/(usersearch|useractivity)$/;

const DAY = 86_400_000;

/**
 * Whether a segment (`s`) reads cohort membership, which moves with the clock as well as with the
 * events. Decided on the parsed conditions, as the answer reads them, since the text may spell the
 * property with JSON escapes (`userdata\u005fcohort`); text that is not a list of them is not kept either.
 */
function readsCohorts(text: string | null | undefined): boolean {
  if (!text) return false;
  try {
    const conditions = JSON.parse(text) as unknown;
    return (
      !Array.isArray(conditions) ||
      conditions.some((condition) => (condition as { prop?: unknown } | null)?.prop === 'userdata_cohort')
    );
  } catch {
    return true;
  }
}

/**
 * msw handlers of the simulated Amplitude project: the query APIs (Basic auth, parameters checked
 * as Amplitude checks them, 5 concurrent requests per project, user search and activity apart at 10
 * concurrent and 360 an hour), every answer computed from the ingested events; the export (a real
 * zip of gzipped NDJSON, streamed); and the HTTP V2 and Batch ingestion APIs.
 */
export function createAmplitudeHandlers(state: AmplitudeState): RequestHandler[] {
  const query = (
    pattern: string,
    respond: (url: URL, params: Record<string, string | readonly string[] | undefined>) => Response,
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
      const lookup = USER_LOOKUP.test(path);
      const limit = lookup
        ? (state.options.maxUserSearchConcurrent ?? 10)
        : (state.options.maxConcurrent ?? 5);
      if ((lookup ? state.userSearchInFlight : state.inFlight) >= limit) {
        const what = lookup ? 'user search and user activity requests' : 'requests per project';
        return queryError(
          path,
          429,
          'too_many_requests',
          `Exceeded the limit of ${limit} concurrent ${what}`,
        );
      }
      if (lookup && !state.takeUserSearch()) {
        const perHour = state.options.userSearchPerHour ?? 360;
        return queryError(
          path,
          429,
          'too_many_requests',
          `Exceeded the limit of ${perHour} user lookups per hour`,
        );
      }
      if (lookup) {
        state.userSearchInFlight += 1;
        state.maxUserSearchInFlight = Math.max(state.maxUserSearchInFlight, state.userSearchInFlight);
      } else {
        state.inFlight += 1;
        state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      }
      try {
        if (state.options.latencyMs)
          await new Promise((resolve) => setTimeout(resolve, state.options.latencyMs));
        return respond(url, params);
      } finally {
        if (lookup) state.userSearchInFlight -= 1;
        else state.inFlight -= 1;
      }
    });
  const answers = new AnswerCache(() => state.revision);
  /** The answer of a request that depends only on the events and the request itself: computed once per revision. */
  const cached = (url: URL, compute: () => unknown) =>
    answers.answer(`${apiPath(url)}${url.search}`, compute);
  const computed = (path: string, url: URL, compute: () => Answer<JsonObject>) => {
    const respond = () => {
      const answer = compute();
      return 'refusal' in answer
        ? queryError(path, 400, 'bad_request', `Invalid request: ${answer.refusal}`)
        : answer.body;
    };
    if (!readsCohorts(url.searchParams.get('s'))) return cached(url, respond);
    const answer = respond();
    return answer instanceof Response ? answer : HttpResponse.json(answer as JsonBodyType);
  };

  const answered = (path: string, answer: Answer<JsonObject>) =>
    'refusal' in answer
      ? queryError(path, 400, 'bad_request', `Invalid request: ${answer.refusal}`)
      : HttpResponse.json(answer.body as JsonBodyType);

  return [
    query('*/api/2/users', (url) => computed('/api/2/users', url, () => userCounts(state, url.searchParams))),
    query('*/api/2/events/segmentation', (url) =>
      computed('/api/2/events/segmentation', url, () => segmentation(state, url.searchParams)),
    ),
    query('*/api/2/funnels', (url) => computed('/api/2/funnels', url, () => funnel(state, url.searchParams))),
    // Retention moves with the clock (incomplete periods), so it is never kept.
    query('*/api/2/retention', (url) => answered('/api/2/retention', retention(state, url.searchParams))),
    query('*/api/2/composition', (url) => cached(url, () => composition(state, url.searchParams))),
    query('*/api/2/sessions/length', (url) => cached(url, () => sessionLengths(state, url.searchParams))),
    query('*/api/2/sessions/average', (url) =>
      cached(url, () => sessionsPerDay(state, url.searchParams, 'average')),
    ),
    query('*/api/2/sessions/peruser', (url) =>
      cached(url, () => sessionsPerDay(state, url.searchParams, 'peruser')),
    ),
    query('*/api/2/revenue/ltv', (url) =>
      computed('/api/2/revenue/ltv', url, () => revenueLtv(state, url.searchParams)),
    ),
    query('*/api/2/usersearch', (url) => cached(url, () => state.searchUsers(url.searchParams.get('user')!))),
    query('*/api/2/useractivity', (url) => cached(url, () => userActivity(state, url.searchParams))),
    query('*/api/2/realtime', () => HttpResponse.json(realtime(state, state.now()) as JsonBodyType)),
    query('*/api/2/events/list', (url) => cached(url, () => eventTypes(state))),
    query('*/api/2/export', (url) => exportResponse(state, url.searchParams)),
    query('*/api/3/cohorts', () => HttpResponse.json({ cohorts: state.listCohorts() })),
    query('*/api/3/chart/:id/:type', (url, params) => {
      const chart = state.charts.get(String(params.id));
      if (!chart) return queryError('/api/3/', 404, 'not_found', 'Chart not found');
      if (params.type === 'csv') {
        const csv = () => ({ data: chartCsv(state, chart, state.now()) });
        if (readsCohorts(chart.query.s)) return HttpResponse.json(csv());
        // The chart covers days up to today, and can be saved anew: both are part of its answer's key.
        const today = Math.floor(state.now() / DAY);
        return answers.answer(`${apiPath(url)}\u0001${today}\u0001${JSON.stringify(chart)}`, csv);
      }
      // The legacy JSON endpoint, still answered as before Amplitude dropped it from its docs.
      return HttpResponse.json({
        ...chartData(state, chart, state.now()),
        timeComputed: state.now(),
        wasCached: false,
      });
    }),
    ...createAdminHandlers(state),
    http.post('*/2/httpapi', ({ request }) => ingest(state, request, 'httpapi')),
    http.post('*/identify', ({ request }) => identifyResponse(state, request, 'identify')),
    http.post('*/groupidentify', ({ request }) => identifyResponse(state, request, 'groupidentify')),
    http.post('*/batch', ({ request }) => ingest(state, request, 'batch')),
  ];
}

function exportResponse(state: AmplitudeState, query: URLSearchParams): Response {
  const start = hourValue(query.get('start')!)!;
  const end = hourValue(query.get('end')!)!;
  const plan = state.planExport(start, end);
  if (plan.kind === 'empty') return new HttpResponse('Raw data files were not found.', { status: 404 });
  if (plan.kind === 'too_large') {
    return new HttpResponse('Export exceeds the 4GB limit. Please shorten the time range.', { status: 400 });
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
}

/** `GET /api/2/useractivity`: the user's profile as its events describe it, and those events (or a 404). */
function userActivity(state: AmplitudeState, query: URLSearchParams): JsonObject | Response {
  const amplitudeId = Number(query.get('user'));
  const profile = state.profileByAmplitudeId(amplitudeId);
  if (!profile) return queryError('/api/2/', 404, 'not_found', 'No user with this Amplitude ID');
  const mine = state.eventsOf(amplitudeId);
  const active = mine.filter(isActiveEvent);
  const latest = [...mine].reverse();
  const last = (field: string) => {
    const found = latest.find((stored) => typeof stored.event[field] === 'string');
    return found ? (found.event[field] as string) : '';
  };
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? 1000);
  const ordered = query.get('direction') === 'earliest' ? mine : latest;
  const sessions = new Set(active.map((stored) => stored.event.session_id ?? stored.time));
  return {
    userData: {
      user_id: profile.user.user_id,
      canonical_amplitude_id: amplitudeId,
      merged_amplitude_ids: [],
      num_events: active.length,
      num_sessions: sessions.size,
      first_used: active.length > 0 ? isoDay(active[0]!.time) : profile.user.first_used,
      last_used: active.length > 0 ? isoDay(active.at(-1)!.time) : profile.user.first_used,
      purchases: active.filter((stored) => typeof stored.event.revenue === 'number').length,
      revenue: active.reduce((sum, stored) => sum + (Number(stored.event.revenue) || 0), 0),
      platform: last('platform'),
      os: [last('os_name'), last('os_version')].filter(Boolean).join(' '),
      version: last('app_version'),
      device: last('device_brand'),
      device_type: last('device_model'),
      country: last('country'),
      region: last('region'),
      city: last('city'),
      dma: last('dma'),
      language: last('language'),
      start_version: profile.startVersion ?? '',
      device_ids: [...profile.deviceIds],
      properties: profile.properties,
    },
    events: ordered.slice(offset, offset + limit).map((stored) => ({
      ...stored.event,
      amplitude_id: amplitudeId,
      event_time: new Date(stored.time).toISOString().replace('T', ' ').replace('Z', '000'),
      uuid: stored.uuid,
    })),
  };
}
