import { invalidRequest, missingParam, noSuch } from '../stripe-errors.js';
import { int, type StripeParams, str } from '../stripe-params.js';
import { type Call, type Route, route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';

/** A JSON body field of an API v2 call. */
type Json = Record<string, unknown>;

const EVENT_PAYLOADS = ['snapshot', 'thin'];
const TYPES = ['amazon_eventbridge', 'azure_event_grid', 'webhook_endpoint'];

/** The JSON body of a v2 call as an object, or Stripe's 400. */
function body(call: Call): Json {
  const json = call.json ?? {};
  if (typeof json !== 'object' || Array.isArray(json)) {
    throw invalidRequest('The request body must be a JSON object.');
  }
  return json as Json;
}

function text(json: Json, name: string, required = false): string | undefined {
  const value = json[name];
  if (value === undefined || value === null) {
    if (required) throw missingParam(name);
    return undefined;
  }
  if (typeof value !== 'string') throw invalidRequest(`Invalid ${name}: must be a string.`, { param: name });
  return value;
}

function strings(json: Json, name: string, required = false): string[] | undefined {
  const value = json[name];
  if (value === undefined) {
    if (required) throw missingParam(name);
    return undefined;
  }
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw invalidRequest(`Invalid ${name}: must be an array of strings.`, { param: name });
  }
  return value as string[];
}

/** `include`, from the query (`include[0]=…`, or a repeated `include=…`) or a JSON body. */
function includes(params: StripeParams, json: Json): string[] {
  const fromQuery = params.include;
  const values = Array.isArray(fromQuery) ? fromQuery : fromQuery === undefined ? [] : [fromQuery];
  return [
    ...values.filter((item): item is string => typeof item === 'string'),
    ...(strings(json, 'include') ?? []),
  ];
}

/**
 * The API v2 view of a stored destination: ISO timestamps, and absent rather than null fields (as
 * stripe-node 19 describes v2 objects); the endpoint's URL only when `include` asks for it.
 */
function view(destination: StoredObject, include: string[]): Json {
  const { created, updated, url, ...rest } = destination;
  return {
    ...rest,
    created: new Date(created * 1000).toISOString(),
    updated: new Date((updated as number) * 1000).toISOString(),
    ...(destination.type === 'webhook_endpoint'
      ? { webhook_endpoint: include.includes('webhook_endpoint.url') ? { url } : {} }
      : {}),
  };
}

/** API v2 `/v2/core/event_destinations`: create, retrieve, list (`next_page_url`) and delete, JSON bodies. */
export function eventDestinationRoutes(): Route[] {
  const read = (call: Call) => {
    const [id = ''] = call.ids;
    const found = call.state.eventDestinations.get(id);
    if (!found) throw noSuch('event destination', id, 'id');
    return found;
  };
  return [
    route('POST', '/v2/core/event_destinations', 'event_destinations', (call) => {
      const json = body(call);
      const name = text(json, 'name', true) as string;
      const enabled = strings(json, 'enabled_events', true) as string[];
      const payload = text(json, 'event_payload', true) as string;
      if (!EVENT_PAYLOADS.includes(payload)) {
        throw invalidRequest(`Invalid event_payload: must be one of ${EVENT_PAYLOADS.join(', ')}.`, {
          param: 'event_payload',
        });
      }
      const type = text(json, 'type', true) as string;
      if (!TYPES.includes(type)) {
        throw invalidRequest(`Invalid type: must be one of ${TYPES.join(', ')}.`, { param: 'type' });
      }
      const endpoint = json.webhook_endpoint as Json | undefined;
      const url = type === 'webhook_endpoint' ? text(endpoint ?? {}, 'url') : undefined;
      if (type === 'webhook_endpoint' && !url) throw missingParam('webhook_endpoint.url');
      const now = call.state.now();
      const destination: StoredObject = {
        id: stripeStyleId('ed_', 24),
        object: 'v2.core.event_destination',
        created: now,
        description: text(json, 'description') ?? '',
        enabled_events: enabled,
        event_payload: payload,
        events_from: strings(json, 'events_from') ?? ['self'],
        livemode: false,
        metadata: (json.metadata as Record<string, string> | undefined) ?? {},
        name,
        ...(payload === 'snapshot' ? { snapshot_api_version: text(json, 'snapshot_api_version') ?? '' } : {}),
        status: 'enabled',
        type,
        updated: now,
        url,
      };
      if (payload === 'snapshot' && !destination.snapshot_api_version) {
        throw missingParam('snapshot_api_version');
      }
      call.state.eventDestinations.set(destination);
      return { body: view(destination, includes(call.params, json)) };
    }),
    route('GET', '/v2/core/event_destinations', 'event_destinations', (call) => {
      const limit = int(call.params, 'limit') ?? 20;
      if (limit < 1 || limit > 100) {
        throw invalidRequest('limit must be between 1 and 100.', { param: 'limit' });
      }
      const token = str(call.params, 'page');
      const offset = token && /^\d+$/.test(token) ? Number(token) : 0;
      const all = call.state.eventDestinations.list();
      const data = all.slice(offset, offset + limit).map((item) => view(item, includes(call.params, {})));
      const next = offset + limit < all.length ? offset + limit : undefined;
      return {
        body: {
          data,
          next_page_url:
            next === undefined ? null : `/v2/core/event_destinations?limit=${limit}&page=${next}`,
          previous_page_url:
            offset > 0
              ? `/v2/core/event_destinations?limit=${limit}&page=${Math.max(0, offset - limit)}`
              : null,
        },
      };
    }),
    route('GET', '/v2/core/event_destinations/:id', 'event_destinations', (call) => ({
      body: view(read(call), includes(call.params, {})),
    })),
    route('DELETE', '/v2/core/event_destinations/:id', 'event_destinations', (call) => {
      const destination = read(call);
      call.state.eventDestinations.delete(destination.id);
      return { body: { id: destination.id, object: 'v2.core.event_destination' } };
    }),
  ];
}
