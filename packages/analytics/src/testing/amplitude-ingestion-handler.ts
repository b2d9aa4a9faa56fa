import { HttpResponse } from 'msw';
import { checkEvents } from './amplitude-rules.js';
import type { AmplitudeState } from './amplitude-state.js';

const ids = (events: Record<string, unknown>[], field: 'device_id' | 'user_id') =>
  new Set(events.map((event) => event[field]).filter((id): id is string => typeof id === 'string'));

/**
 * `POST /2/httpapi` (and the Batch API's `/batch`) as Amplitude answers it: the api_key in the body,
 * size limits (413), per-event checks naming the first bad event per field (400), silenced devices
 * (400), and per-device and per-user throttling and daily quotas (429 naming the throttled devices,
 * users and events). A refused request ingests nothing; a 200 ingests every event.
 */
export async function ingest(
  state: AmplitudeState,
  request: Request,
  api: 'httpapi' | 'batch',
): Promise<Response> {
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
  const epsThreshold = api === 'batch' ? 1000 : state.epsThreshold;
  const silenced = new Set(state.options.silencedDevices ?? []);
  const silencedEvents = accepted.flatMap((event, index) =>
    silenced.has(event.device_id as string) ? [index] : [],
  );
  if (silencedEvents.length > 0) {
    return answer(400, {
      error: 'Events silenced for device_id',
      eps_threshold: epsThreshold,
      exceeded_daily_quota_devices: {},
      silenced_devices: [...new Set(silencedEvents.map((index) => accepted[index]!.device_id))],
      silenced_events: silencedEvents,
      throttled_devices: {},
      throttled_events: [],
    });
  }
  const devices = ids(accepted, 'device_id');
  const users = ids(accepted, 'user_id');
  const quotaUsers = new Set(state.options.overDailyQuota?.users ?? []);
  const quotaDevices = new Set(state.options.overDailyQuota?.devices ?? []);
  const throttled = state.throttled({ devices, users });
  const refusedEvents = accepted.flatMap((event, index) =>
    throttled.devices.has(event.device_id as string) ||
    throttled.users.has(event.user_id as string) ||
    quotaUsers.has(event.user_id as string) ||
    quotaDevices.has(event.device_id as string)
      ? [index]
      : [],
  );
  if (refusedEvents.length > 0) {
    state.throttledRequests += 1;
    const inRequest = (set: Set<string>, present: Set<string>) =>
      Object.fromEntries([...set].filter((id) => present.has(id)).map((id) => [id, 10_000]));
    return answer(429, {
      error: 'Too many requests for some devices and users',
      eps_threshold: epsThreshold,
      throttled_devices: Object.fromEntries(throttled.devices),
      throttled_users: Object.fromEntries(throttled.users),
      throttled_events: refusedEvents,
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
