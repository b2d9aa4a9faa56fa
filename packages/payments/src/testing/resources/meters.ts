import { randomUUID } from 'node:crypto';
import type { ResourceSpec } from '../stripe-engine.js';
import { resourceRoutes } from '../stripe-engine.js';
import { invalidParam, invalidRequest, missingParam } from '../stripe-errors.js';
import { hash, int, str } from '../stripe-params.js';
import { type Call, type Route, route } from '../stripe-route.js';
import type { StoredObject } from '../stripe-state.js';

// Stripe's billing meters and meter events (docs.stripe.com/api/billing/meter,
// /api/billing/meter-event/create, /billing/subscriptions/usage-based/recording-usage-api; Meter and
// MeterEvent of stripe-node 23.1.0). A meter counts the events whose `event_name` is its own, reading
// the customer from `payload[stripe_customer_id]` and the amount from `payload[value]` unless its
// `customer_mapping` and `value_settings` name other keys; meters are `active` or `inactive` and
// listed by status. `POST /v1/billing/meter_events` takes `event_name` and `payload` (both
// required), `timestamp` (within the past 35 days or up to 5 minutes ahead; default now) and
// `identifier` (up to 100 characters; Stripe generates one when none is given). Stripe enforces the
// identifier's uniqueness for a rolling period of at least 24 hours: a second event with an
// identifier it holds is refused, `400 invalid_request_error` "An event already exists with
// identifier …", so a retried report is never counted twice. The payload is matched to a meter and a
// customer asynchronously (errors come later as `v1.billing.meter.error_report_triggered`), so the
// answer does not depend on them; a meter event
// records no `/v1/events` event.

const DAY = 86_400;
/** How long an identifier is held: Stripe's "rolling period of at least 24 hours". */
export const IDENTIFIER_WINDOW = DAY;

/** Fields of a new meter. */
export interface MeterFields {
  id: string;
  created: number;
  displayName: string;
  eventName: string;
  status?: 'active' | 'inactive';
  formula?: 'count' | 'last' | 'sum';
}

/** A meter in the pinned version's shape. */
export function buildMeter(fields: MeterFields): StoredObject {
  const inactive = fields.status === 'inactive';
  return {
    id: fields.id,
    object: 'billing.meter',
    created: fields.created,
    customer_mapping: { event_payload_key: 'stripe_customer_id', type: 'by_id' },
    default_aggregation: { formula: fields.formula ?? 'sum' },
    display_name: fields.displayName,
    event_name: fields.eventName,
    event_time_window: null,
    livemode: false,
    status: fields.status ?? 'active',
    status_transitions: { deactivated_at: inactive ? fields.created : null },
    updated: fields.created,
    value_settings: { event_payload_key: 'value' },
  };
}

/** Meters: listed by status, read by id. */
export const METERS: ResourceSpec = {
  path: '/v1/billing/meters',
  permission: 'billing_meters',
  noun: 'billing.meter',
  collection: (state) => state.meters,
  list: { status: 'status' },
  retrieve: true,
};

/** A meter event as Stripe answers it (stored with its identifier as `id`). */
function meterEventView(event: StoredObject): Record<string, unknown> {
  const { id: _id, ...shown } = event;
  return shown;
}

/** `POST /v1/billing/meter_events`. */
function createMeterEvent(call: Call): Record<string, unknown> {
  const { params, state } = call;
  const now = state.now();
  const eventName = str(params, 'event_name', 100);
  if (!eventName) throw missingParam('event_name');
  const payload = hash(params, 'payload');
  if (!payload) throw missingParam('payload');
  const timestamp = int(params, 'timestamp') ?? now;
  if (timestamp < now - 35 * DAY || timestamp > now + 5 * 60) {
    throw invalidParam(
      'The timestamp must be within the past 35 calendar days or up to 5 minutes in the future.',
      'timestamp',
    );
  }
  const identifier = str(params, 'identifier', 100) ?? randomUUID();
  const held = state.meterEvents.get(identifier);
  if (held && held.created > now - IDENTIFIER_WINDOW) {
    throw invalidRequest(`An event already exists with identifier ${identifier}.`, { param: 'identifier' });
  }
  const event: StoredObject = {
    id: identifier,
    object: 'billing.meter_event',
    created: now,
    event_name: eventName,
    identifier,
    livemode: false,
    payload: Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, String(value)])),
    timestamp,
  };
  // A held identifier past its window is forgotten and may be used again.
  if (held) state.meterEvents.delete(identifier);
  state.meterEvents.set(event);
  return meterEventView(event);
}

/** `/v1/billing/meters` (list, retrieve) and `POST /v1/billing/meter_events`. */
export function meterRoutes(): Route[] {
  return [
    ...resourceRoutes(METERS),
    route('POST', '/v1/billing/meter_events', 'billing_meters', (call) => ({ body: createMeterEvent(call) })),
  ];
}
