import type { RecordedCall } from '@c/core/testing';
import { COHORT_BUCKET_PATH, checkCohortBucketCall } from './amplitude-cohort-s3.js';
import { readIdentifyForm } from './amplitude-identify.js';
import { basicCredentials, checkQuery, isQueryPath } from './amplitude-rules.js';
import type { AmplitudeState } from './amplitude-state.js';

/** Amplitude's documented per-request limits of the HTTP V2 API. */
const HTTP_V2_MAX_EVENTS = 2000;
const HTTP_V2_MAX_BYTES = 1_000_000;

/**
 * The contract check of every request the simulator receives: what the real Amplitude would refuse
 * or what breaks its documented use. Query APIs: Basic auth with the project's keys, a documented
 * endpoint, required and well-formed parameters, no undocumented ones. Ingestion: POST with a JSON
 * body, the api_key in the body, within the documented size limits, and each event with an
 * event_type and a user_id or device_id (rules the connector itself must enforce).
 *
 * Per-event outcomes only Amplitude can judge (id length, placeholder ids, time format, throttling,
 * silenced devices, quotas) are answers of the protocol, not breaches of it, and are not flagged.
 */
export function checkAmplitudeRequest(state: AmplitudeState): (call: RecordedCall) => string | undefined {
  return (call) => {
    if (call.path.startsWith(`${COHORT_BUCKET_PATH}/`)) return checkCohortBucketCall(call);
    const admin = checkAdmin(state, call);
    if (admin !== false) return admin;
    const at = call.path.indexOf('/api/');
    if (at >= 0) {
      const path = call.path.slice(at);
      if (!isQueryPath(path)) return `no such Amplitude endpoint: ${path}`;
      if (/^\/api\/3\/chart\/[^/]+\/query$/.test(path)) {
        return 'Amplitude dropped /api/3/chart/{id}/query from its docs on 2025-03-14; /csv is the documented endpoint';
      }
      if (call.method !== 'GET') return `${path} takes GET, not ${call.method}`;
      const credentials = basicCredentials(call.headers.authorization);
      if (!credentials) return 'the query APIs need HTTP Basic auth (API key : secret key)';
      if (credentials.user !== state.apiKey || credentials.pass !== state.secretKey) {
        return 'Basic auth does not carry the project API key and secret key';
      }
      const { refusal, unknown } = checkQuery(path, call.query);
      if (refusal) return refusal;
      if (unknown.length > 0) return `undocumented query parameter(s): ${unknown.join(', ')}`;
      return undefined;
    }
    const identify = /\/(identify|groupidentify)$/.exec(call.path);
    if (identify) return checkIdentify(state, call, identify[1] as 'identify' | 'groupidentify');
    const ingestion = /\/(2\/httpapi|batch)$/.exec(call.path);
    if (!ingestion) return `no such Amplitude endpoint: ${call.path}`;
    if (call.method !== 'POST') return `${call.path} takes POST, not ${call.method}`;
    if (!/^application\/json\b/i.test(call.headers['content-type'] ?? '')) {
      return 'the ingestion API needs Content-Type: application/json';
    }
    let body: unknown;
    try {
      body = JSON.parse(call.bodyText);
    } catch {
      return 'the body is not JSON';
    }
    const record = (body ?? {}) as Record<string, unknown>;
    if (record.api_key !== state.apiKey) return 'the body does not carry the project api_key';
    if (!Array.isArray(record.events)) return 'the body has no events array';
    if (ingestion[1] === '2/httpapi') {
      if (record.events.length > HTTP_V2_MAX_EVENTS)
        return `more than ${HTTP_V2_MAX_EVENTS} events in one request`;
      if (Buffer.byteLength(call.bodyText) > HTTP_V2_MAX_BYTES) return 'a body over 1 MB';
    }
    for (const [index, event] of (record.events as Record<string, unknown>[]).entries()) {
      if (typeof event?.event_type !== 'string' || !event.event_type)
        return `event ${index} has no event_type`;
      if (!event.user_id && !event.device_id) return `event ${index} has neither user_id nor device_id`;
    }
    return undefined;
  };
}

/**
 * The Identify and Group Identify APIs: a POST whose form body (`x-www-form-urlencoded`) carries the
 * api_key and a valid `identification` (a GET with the query is documented too, but long
 * identifications pass the URL limit: 414).
 */
function checkIdentify(
  state: AmplitudeState,
  call: RecordedCall,
  kind: 'identify' | 'groupidentify',
): string | undefined {
  if (call.method !== 'POST') return `${call.path} should be a POST (a GET hits the URL limit, 414)`;
  if (!/^application\/x-www-form-urlencoded\b/i.test(call.headers['content-type'] ?? '')) {
    return `/${kind} takes a form body (application/x-www-form-urlencoded)`;
  }
  const form = readIdentifyForm(state, new URLSearchParams(call.bodyText), kind);
  return 'error' in form ? `/${kind} refused: ${form.error}` : undefined;
}

const hasBasic = (state: AmplitudeState, call: RecordedCall) => {
  const credentials = basicCredentials(call.headers.authorization);
  return credentials?.user === state.apiKey && credentials.pass === state.secretKey;
};

const jsonBody = (call: RecordedCall): Record<string, unknown> | undefined => {
  try {
    const body = JSON.parse(call.bodyText) as unknown;
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/** The documented admin endpoints: method, path, and what their request must carry (AMPLITUDE-FACTS.md). */
const ADMIN: [string, RegExp, (call: RecordedCall) => string | undefined][] = [
  ['GET', /\/api\/3\/annotations$/, () => undefined],
  [
    'POST',
    /\/api\/3\/annotations$/,
    (call) => {
      const body = jsonBody(call);
      if (!body) return 'the annotation is a JSON body';
      return typeof body.label === 'string' && typeof body.start === 'string'
        ? undefined
        : 'label and start are required';
    },
  ],
  [
    'POST',
    /\/api\/2\/release$/,
    (call) => {
      const body = jsonBody(call);
      if (!body) return 'the release is a JSON body';
      return ['version', 'release_start', 'title'].every((key) => body[key])
        ? undefined
        : 'version, release_start and title are required';
    },
  ],
  [
    'POST',
    /\/api\/2\/deletions\/users$/,
    (call) => {
      const body = jsonBody(call);
      if (!body) return 'the deletion request is a JSON body';
      const count = [body.amplitude_ids, body.user_ids].reduce<number>(
        (sum, ids) => sum + (Array.isArray(ids) ? ids.length : 0),
        0,
      );
      return count > 0 && count <= 100 ? undefined : 'amplitude_ids and user_ids: 1 to 100 users in all';
    },
  ],
  [
    'GET',
    /\/api\/2\/deletions\/users$/,
    (call) =>
      call.query.get('start_day') && call.query.get('end_day')
        ? undefined
        : 'start_day and end_day are required',
  ],
  ['GET', /\/api\/2\/taxonomy\/(event|event-property|user-property)$/, () => undefined],
  ['POST', /\/api\/2\/taxonomy\/event$/, (call) => formWith(call, 'event_type')],
  ['PUT', /\/api\/2\/taxonomy\/event\/[^/]+$/, (call) => formWith(call)],
  ['GET', /\/api\/5\/cohorts\/request\/[^/]+$/, () => undefined],
  ['GET', /\/api\/5\/cohorts\/request-status\/[^/]+$/, () => undefined],
  ['GET', /\/api\/5\/cohorts\/request\/[^/]+\/file$/, () => undefined],
  [
    'POST',
    /\/api\/3\/cohorts\/upload$/,
    (call) => {
      const body = jsonBody(call);
      if (!body) return 'the upload is a JSON body';
      const missing = ['name', 'app_id', 'id_type', 'ids', 'owner', 'published'].filter(
        (key) => body[key] === undefined,
      );
      return missing.length > 0 ? `missing ${missing.join(', ')}` : undefined;
    },
  ],
];

/** The Taxonomy API's writes take a form body (`x-www-form-urlencoded`), with `required` set. */
function formWith(call: RecordedCall, required?: string): string | undefined {
  if (!/^application\/x-www-form-urlencoded\b/i.test(call.headers['content-type'] ?? '')) {
    return 'the Taxonomy API takes a form body (application/x-www-form-urlencoded)';
  }
  return required && !new URLSearchParams(call.bodyText).get(required)
    ? `${required} is required`
    : undefined;
}

/**
 * Checks a call to one of the admin APIs (Basic auth, documented method and body), or to the User
 * Profile API (the secret key as `Authorization: Api-Key`); `false` when the call is not one of them.
 */
function checkAdmin(state: AmplitudeState, call: RecordedCall): string | undefined | false {
  if (/\/v1\/userprofile$/.test(call.path)) {
    if (call.method !== 'GET') return `/v1/userprofile takes GET, not ${call.method}`;
    if (call.headers.authorization !== `Api-Key ${state.secretKey}`)
      return 'the User Profile API needs Authorization: Api-Key <secret key>';
    return call.query.get('user_id') || call.query.get('device_id')
      ? undefined
      : 'user_id or device_id is required';
  }
  const paths = ADMIN.filter(([, pattern]) => pattern.test(call.path));
  if (paths.length === 0) return false;
  const endpoint = paths.find(([method]) => method === call.method);
  if (!endpoint)
    return `${call.path} takes ${paths.map(([method]) => method).join(' or ')}, not ${call.method}`;
  if (!hasBasic(state, call)) return 'Basic auth does not carry the project API key and secret key';
  return endpoint[2](call);
}
