import { HttpResponse, http, type JsonBodyType, type RequestHandler } from 'msw';
import { cohortBucketHandler, presignedCohortLink } from './amplitude-cohort-s3.js';
import { NONE } from './amplitude-events.js';
import { basicCredentials } from './amplitude-rules.js';
import type { AmplitudeState } from './amplitude-state.js';

const DAY = 86_400_000;
type Body = Record<string, unknown>;
type Respond = (request: Request, params: Record<string, string>, url: URL) => Response | Promise<Response>;

const json = (body: unknown, status = 200) => HttpResponse.json(body as JsonBodyType, { status });
/** The Taxonomy API's errors: `{success: false, errors: [{message}]}`. */
const taxonomyError = (status: number, message: string) =>
  json({ success: false, errors: [{ message }] }, status);
/** The /api/3 errors: `{error: {http_code, type, message, metadata}}`. */
const api3Error = (status: number, type: string, message: string) =>
  json({ error: { http_code: status, type, message, metadata: null } }, status);

/** The fields of a request body: JSON, or a form (the Taxonomy API's). */
async function bodyOf(request: Request): Promise<Body> {
  const text = await request.text();
  if (/json/i.test(request.headers.get('content-type') ?? '')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Body) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * msw handlers of the simulated project's admin APIs, behind Basic auth (see AMPLITUDE-FACTS.md):
 * chart annotations, releases, the User Privacy API's deletion jobs, the Taxonomy API (403 when the
 * plan lacks it), the cohort download in three steps and the cohort upload, and the User Profile
 * API (its own `Api-Key` header with the secret key).
 */
export function createAdminHandlers(state: AmplitudeState): RequestHandler[] {
  const basic = (method: 'get' | 'post' | 'put', pattern: string, respond: Respond) =>
    http[method](pattern, async ({ request, params }) => {
      const credentials = basicCredentials(request.headers.get('authorization'));
      if (!credentials || credentials.user !== state.apiKey || credentials.pass !== state.secretKey) {
        return json({ error: 'Invalid API key or secret key' }, 401);
      }
      return respond(request, params as Record<string, string>, new URL(request.url));
    });
  return [
    ...annotationHandlers(state, basic),
    ...privacyHandlers(state, basic),
    ...taxonomyHandlers(state, basic),
    ...cohortHandlers(state, basic),
    http.get('*/v1/userprofile', ({ request }) => userProfile(state, request)),
  ];
}

type Basic = (method: 'get' | 'post' | 'put', pattern: string, respond: Respond) => RequestHandler;

function annotationHandlers(state: AmplitudeState, basic: Basic): RequestHandler[] {
  const { admin } = state;
  const categoryNamed = (name: string) => {
    let category = admin.categories.find((entry) => entry.name === name);
    if (!category) {
      category = { id: admin.nextId++, name };
      admin.categories.push(category);
    }
    return category;
  };
  return [
    basic('get', '*/api/3/annotations', (_request, _params, url) => {
      const query = url.searchParams;
      if (query.get('category') && query.get('chart_id')) {
        return api3Error(400, 'bad_request', 'category and chart_id do not combine');
      }
      const start = query.get('start') ? Date.parse(query.get('start')!) : Number.NEGATIVE_INFINITY;
      const end = query.get('end') ? Date.parse(query.get('end')!) : Number.POSITIVE_INFINITY;
      const data = admin.annotations.filter((annotation) => {
        const category = annotation.category as { name: string } | null;
        if (query.get('category') && category?.name !== query.get('category')) return false;
        if (
          query.get('chart_id') &&
          annotation.chart_id !== null &&
          annotation.chart_id !== query.get('chart_id')
        )
          return false;
        const from = Date.parse(annotation.start as string);
        const to = annotation.end ? Date.parse(annotation.end as string) : from;
        return to >= start && from <= end;
      });
      return json({ data });
    }),
    basic('post', '*/api/3/annotations', async (request) => {
      const body = await bodyOf(request);
      if (typeof body.label !== 'string' || !body.label)
        return api3Error(400, 'bad_request', 'Invalid field: label');
      if (typeof body.start !== 'string' || Number.isNaN(Date.parse(body.start))) {
        return api3Error(400, 'bad_request', 'Invalid field: start');
      }
      const annotation = {
        id: admin.nextId++,
        start: body.start,
        end: typeof body.end === 'string' ? body.end : null,
        label: body.label,
        details: typeof body.details === 'string' ? body.details : null,
        category: typeof body.category === 'string' ? categoryNamed(body.category) : null,
        chart_id: typeof body.chart_id === 'string' ? body.chart_id : null,
      };
      admin.annotations.push(annotation);
      return json({ data: annotation });
    }),
    basic('post', '*/api/2/release', async (request, _params, url) => {
      const body = { ...Object.fromEntries(url.searchParams), ...(await bodyOf(request)) };
      const missing = ['version', 'release_start', 'title'].find((key) => !body[key]);
      if (missing) return json({ error: `Missing required field: ${missing}` }, 400);
      const time = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
      if (
        !time.test(String(body.release_start)) ||
        (body.release_end && !time.test(String(body.release_end)))
      ) {
        return json({ error: 'release_start and release_end must be yyyy-MM-dd HH:mm:ss' }, 400);
      }
      const release = {
        id: `rel${admin.nextId++}`,
        app_id: state.projectId,
        org_id: 10001,
        version: String(body.version),
        release_start: body.release_start,
        release_end: body.release_end ?? body.release_start,
        type: 'integration',
        title: body.title,
        description: body.description ?? '',
        platforms: Array.isArray(body.platforms)
          ? body.platforms
          : body.platforms
            ? String(body.platforms).split(',')
            : [],
        chart_visibility:
          body.chart_visibility === undefined ? true : String(body.chart_visibility) === 'true',
        params: {
          created: state.now(),
          created_by: body.created_by ?? 'API',
          last_modified: state.now(),
          last_modified_by: body.created_by ?? 'API',
        },
      };
      admin.releases.push(release);
      return json({ success: true, release });
    }),
  ];
}

function privacyHandlers(state: AmplitudeState, basic: Basic): RequestHandler[] {
  const { admin } = state;
  return [
    basic('post', '*/api/2/deletions/users', async (request) => {
      const body = await bodyOf(request);
      const amplitudeIds = Array.isArray(body.amplitude_ids) ? body.amplitude_ids : [];
      const userIds = Array.isArray(body.user_ids) ? body.user_ids : [];
      if (amplitudeIds.length + userIds.length === 0)
        return json({ error: 'amplitude_ids or user_ids is required' }, 400);
      if (amplitudeIds.length + userIds.length > 100)
        return json({ error: 'At most 100 users per request' }, 400);
      const found = new Set<number>();
      const invalid: unknown[] = [];
      for (const id of amplitudeIds) {
        if (state.profileByAmplitudeId(Number(id))) found.add(Number(id));
        else invalid.push(id);
      }
      for (const id of userIds) {
        const profile = state.profileById(String(id));
        if (profile?.user.user_id === String(id)) found.add(profile.user.amplitude_id);
        else invalid.push(id);
      }
      if (invalid.length > 0 && body.ignore_invalid_id !== true) {
        return json({ error: `Users not found in the project: ${invalid.join(', ')}` }, 400);
      }
      // Jobs run in batches; a request joins the batch scheduled three days on, while it is staging.
      const day = isoDay(state.now() + 3 * DAY);
      const job = admin.deletionJobs.get(day) ?? { day, status: 'staging', amplitude_ids: [] };
      admin.deletionJobs.set(day, job);
      for (const id of found) {
        if (job.amplitude_ids.some((entry) => entry.amplitude_id === id)) continue;
        job.amplitude_ids.push({
          amplitude_id: id,
          requester: body.requester ?? null,
          requested_on_day: isoDay(state.now()),
        });
      }
      return json({ ...job, ...(invalid.length > 0 ? { invalid_ids: invalid } : {}) });
    }),
    basic('get', '*/api/2/deletions/users', (_request, _params, url) => {
      const from = url.searchParams.get('start_day') ?? '';
      const to = url.searchParams.get('end_day') ?? '';
      const day = /^\d{4}-\d{2}-\d{2}$/;
      if (!day.test(from) || !day.test(to))
        return json({ error: 'start_day and end_day must be YYYY-MM-DD' }, 400);
      return json([...admin.deletionJobs.values()].filter((job) => job.day >= from && job.day <= to));
    }),
  ];
}

/** A property's type as the Taxonomy API names it, from a value seen. */
const typeOf = (value: unknown) =>
  typeof value === 'number'
    ? 'number'
    : typeof value === 'boolean'
      ? 'boolean'
      : typeof value === 'string'
        ? 'string'
        : 'any';

function taxonomyHandlers(state: AmplitudeState, basic: Basic): RequestHandler[] {
  const { plan } = state.admin;
  const gated =
    (respond: Respond): Respond =>
    (request, params, url) =>
      state.options.taxonomy === false
        ? taxonomyError(403, 'The Taxonomy API is available on Enterprise plans only')
        : respond(request, params, url);
  const seen = () => new Set([...state.activeTypes()].map(([type]) => String(type)));
  const entry = (type: string) => ({
    event_type: type,
    category: { name: (plan.get(type)?.category as string | undefined) ?? NONE },
    description: plan.get(type)?.description ?? null,
    display_name: plan.get(type)?.display_name ?? null,
    is_active: seen().has(type),
    is_hidden_from_dropdowns: false,
    is_hidden_from_persona_results: false,
    is_hidden_from_pathfinder: false,
    is_hidden_from_timeline: false,
    tags: [],
    owner: null,
  });
  return [
    basic(
      'get',
      '*/api/2/taxonomy/event',
      gated(() => {
        const types = [...new Set([...plan.keys(), ...seen()])].sort();
        return json({ success: true, data: types.map(entry) });
      }),
    ),
    basic(
      'post',
      '*/api/2/taxonomy/event',
      gated(async (request) => {
        const body = await bodyOf(request);
        const type = typeof body.event_type === 'string' ? body.event_type : '';
        if (!type) return taxonomyError(400, 'event_type is required');
        if (plan.has(type)) return taxonomyError(409, `Event type "${type}" already exists in the schema`);
        plan.set(type, { category: body.category, description: body.description });
        return json({ success: true });
      }),
    ),
    basic(
      'put',
      '*/api/2/taxonomy/event/:eventType',
      gated(async (request, params) => {
        const type = params.eventType!;
        if (!plan.has(type) && !seen().has(type)) {
          return taxonomyError(
            409,
            `Attempted to update the event "${type}", but the event is not in schema.`,
          );
        }
        const body = await bodyOf(request);
        const next = { ...plan.get(type) };
        for (const key of ['category', 'description', 'display_name'] as const)
          if (body[key] !== undefined) next[key] = body[key];
        const renamed =
          typeof body.new_event_type === 'string' && body.new_event_type ? body.new_event_type : type;
        plan.delete(type);
        plan.set(renamed, next);
        return json({ success: true });
      }),
    ),
    basic(
      'get',
      '*/api/2/taxonomy/event-property',
      gated((_request, _params, url) => {
        const type = url.searchParams.get('event_type');
        const found = new Map<string, [string, unknown]>();
        for (const [eventType, events] of state.activeTypes()) {
          if (type && eventType !== type) continue;
          for (const stored of events) {
            for (const [key, value] of Object.entries(
              (stored.event.event_properties as Body | undefined) ?? {},
            )) {
              if (!found.has(`${eventType}\u0001${key}`))
                found.set(`${eventType}\u0001${key}`, [String(eventType), value]);
            }
          }
        }
        const data = [...found].map(([key, [eventType, value]]) => ({
          event_property: key.split('\u0001')[1],
          event_type: eventType,
          description: '',
          type: typeOf(value),
          regex: null,
          enum_values: null,
          is_array_type: Array.isArray(value),
          is_required: false,
          is_hidden: false,
          classifications: [],
        }));
        return json({ success: true, data });
      }),
    ),
    basic(
      'get',
      '*/api/2/taxonomy/user-property',
      gated(() => {
        const found = new Map<string, unknown>();
        for (const [, events] of state.activeTypes()) {
          for (const stored of events)
            for (const [key, value] of Object.entries(stored.userProperties))
              if (!found.has(key)) found.set(key, value);
        }
        const data = [...found]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, value]) => ({
            user_property: `gp:${key}`,
            description: '',
            type: typeOf(value),
            regex: null,
            enum_values: null,
            is_array_type: Array.isArray(value),
            is_hidden: false,
            classifications: [],
          }));
        return json({ success: true, data });
      }),
    ),
  ];
}

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
const cell = (value: unknown) => {
  const text =
    value === undefined || value === null
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

function cohortHandlers(state: AmplitudeState, basic: Basic): RequestHandler[] {
  const { cohortRequests } = state.admin;
  return [
    basic('get', '*/api/5/cohorts/request-status/:requestId', (_request, params) => {
      const job = cohortRequests.get(params.requestId!);
      if (!job) return api3Error(404, 'not_found', 'No such request');
      job.polls += 1;
      const done = job.polls > (state.options.cohortPolls ?? 1);
      return json(
        {
          request_id: params.requestId,
          cohort_id: job.cohortId,
          async_status: done ? 'JOB COMPLETED' : 'JOB INPROGRESS',
        },
        done ? 200 : 202,
      );
    }),
    basic('get', '*/api/5/cohorts/request/:id/file', (_request, params, url) => {
      const job = cohortRequests.get(params.id!);
      if (!job) return api3Error(404, 'not_found', 'No such request');
      if (job.polls <= (state.options.cohortPolls ?? 1))
        return api3Error(400, 'bad_request', 'The cohort file is not ready yet');
      // A large file comes from S3 through a pre-signed link; where "large" starts is not documented.
      const members = state.cohortMembers(job.cohortId)?.size ?? 0;
      if (members > (state.options.cohortInlineMembers ?? 1000)) {
        return new HttpResponse(null, {
          status: 302,
          headers: { location: presignedCohortLink(url.origin, params.id!, state.now()) },
        });
      }
      return cohortFile(state, job);
    }),
    cohortBucketHandler(state.now, (requestId) => {
      const job = cohortRequests.get(requestId);
      return job ? cohortFile(state, job) : undefined;
    }),
    basic('get', '*/api/5/cohorts/request/:id', (_request, params, url) => {
      if (!state.cohortMembers(params.id!)) return api3Error(404, 'not_found', 'Cohort not found');
      const requestId = `req${state.admin.nextId++}`;
      cohortRequests.set(requestId, {
        cohortId: params.id!,
        polls: 0,
        props: url.searchParams.get('props') === '1',
        propKeys: url.searchParams.getAll('propKeys'),
      });
      return json({ request_id: requestId, cohort_id: params.id }, 202);
    }),
    basic('post', '*/api/3/cohorts/upload', async (request) => uploadCohort(state, await bodyOf(request))),
  ];
}

/** The cohort file: a CSV line per member (`amplitude_id`, `user_id`, then the properties asked), streamed. */
function cohortFile(
  state: AmplitudeState,
  job: { cohortId: string; props: boolean; propKeys: string[] },
): Response {
  const members = [...(state.cohortMembers(job.cohortId) ?? [])];
  const profiles = members
    .map((id) => state.profileByAmplitudeId(id))
    .filter((profile) => profile !== undefined);
  const keys = job.props
    ? job.propKeys.length > 0
      ? job.propKeys
      : [...new Set(profiles.flatMap((profile) => Object.keys(profile.properties)))].sort()
    : [];
  let index = 0;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${['amplitude_id', 'user_id', ...keys].map(cell).join(',')}\n`));
    },
    pull(controller) {
      // A few hundred lines per chunk: the file arrives in pieces, as a real download does.
      const lines: string[] = [];
      for (; index < profiles.length && lines.length < 200; index += 1) {
        const profile = profiles[index]!;
        lines.push(
          [profile.user.amplitude_id, profile.user.user_id, ...keys.map((key) => profile.properties[key])]
            .map(cell)
            .join(','),
        );
      }
      if (lines.length > 0) controller.enqueue(encoder.encode(`${lines.join('\n')}\n`));
      if (index >= profiles.length) controller.close();
    },
  });
  return new HttpResponse(stream, { headers: { 'content-type': 'text/csv' } });
}

function uploadCohort(state: AmplitudeState, body: Body): Response {
  const missing = ['name', 'app_id', 'id_type', 'ids', 'owner', 'published'].find(
    (key) => body[key] === undefined,
  );
  if (missing) return api3Error(400, 'bad_request', `Missing required field: ${missing}`);
  if (Number(body.app_id) !== state.projectId)
    return api3Error(400, 'bad_request', 'app_id is not this project');
  if (body.id_type !== 'BY_AMP_ID' && body.id_type !== 'BY_USER_ID') {
    return api3Error(400, 'bad_request', 'id_type must be BY_AMP_ID or BY_USER_ID');
  }
  const ids = Array.isArray(body.ids) ? body.ids.map(String) : [];
  const members = new Set<number>();
  const invalid: string[] = [];
  for (const id of ids) {
    const profile =
      body.id_type === 'BY_AMP_ID' ? state.profileByAmplitudeId(Number(id)) : state.profileById(id);
    if (profile && (body.id_type === 'BY_AMP_ID' || profile.user.user_id === id))
      members.add(profile.user.amplitude_id);
    else invalid.push(id);
  }
  if (invalid.length > 0 && body.skip_invalid_ids === false) {
    return api3Error(400, 'bad_request', `Invalid ids: ${invalid.slice(0, 10).join(', ')}`);
  }
  const existing = typeof body.existing_cohort_id === 'string' ? body.existing_cohort_id : undefined;
  if (existing && !state.cohorts.some((cohort) => cohort.id === existing))
    return api3Error(404, 'not_found', 'Cohort not found');
  const id = existing ?? `coh${state.admin.nextId++}`;
  if (!existing) {
    state.cohorts.push({
      appId: state.projectId,
      id,
      name: String(body.name),
      description: null,
      owners: [String(body.owner)],
      published: body.published === true,
      archived: false,
      size: members.size,
      type: 'uploaded',
      createdAt: Math.floor(state.now() / 1000),
      lastComputed: Math.floor(state.now() / 1000),
    });
  }
  state.uploadedMembers.set(id, members);
  return json({
    cohortId: id,
    metadata: { matched: members.size, totals: ids.length, invalid_ids_sample: invalid.slice(0, 10) },
  });
}

/** The User Profile API: `Authorization: Api-Key <secret key>`, a user by `user_id` or `device_id`. */
function userProfile(state: AmplitudeState, request: Request): Response {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Api-Key (.+)$/.exec(header);
  if (!match) return new HttpResponse('Missing Api-Key in Authorization header', { status: 401 });
  if (match[1] !== state.secretKey) return new HttpResponse('Invalid Api-Key', { status: 401 });
  const query = new URL(request.url).searchParams;
  const id = query.get('user_id') ?? query.get('device_id');
  const profile = id ? state.profileById(id) : undefined;
  if (!profile) return json({ error: 'User id and device id not seen before' }, 400);
  const cohortIds = state.cohorts
    .map((cohort) => cohort.id)
    .filter((cohortId) => state.cohortMembers(cohortId)?.has(profile.user.amplitude_id));
  return json({
    userData: {
      user_id: profile.user.user_id,
      device_id: query.get('device_id') ?? profile.user.device_id ?? null,
      amp_props: query.get('get_amp_props') === 'true' ? { ...profile.properties } : null,
      cohort_ids: query.get('get_cohort_ids') === 'true' ? cohortIds : null,
      recommendations: null,
    },
  });
}
