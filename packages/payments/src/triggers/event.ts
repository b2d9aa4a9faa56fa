import {
  defineTrigger,
  headerValue,
  SignatureError,
  type TriggerEvent,
  verifyTimestamped,
  type WebhookRequest,
  type Zod,
} from '@c/core';
import type { z } from 'zod';
import { listAll, type PaymentsContext } from '../payments-client.js';
import { STRIPE_EVENT_TYPES } from './event-types.js';

/** A Stripe event as its webhooks deliver it (`evt_…`). */
export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  /** Unix seconds. */
  created: number;
  api_version: string | null;
  livemode: boolean;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  request?: { id: string | null; idempotency_key: string | null } | null;
  [field: string]: unknown;
}

/** What `payments.event` keeps per subscription: the endpoint and its signing secret. */
export interface PaymentsEventState {
  endpointId: string;
  /** The endpoint's `whsec_…` secret: Stripe shows it once, in the create response. */
  secret: string;
}

/** Options of `verifyStripeSignature`. */
export interface VerifyStripeOptions {
  /** How far the signed timestamp may be from now, in seconds (Stripe's default, 300). */
  toleranceSeconds?: number;
  /** Now in Unix seconds (tests). */
  now?: number;
}

/**
 * Checks a Stripe webhook delivery and returns its event: `Stripe-Signature: t=…,v1=…` must carry a
 * `v1` (several appear while a secret rolls) equal to the HMAC-SHA256 of `<t>.<raw body>` with the
 * endpoint's `whsec_…` secret, compared in constant time, and `t` must be within 300 s of now.
 * Throws a `SignatureError` otherwise. Pass the body's raw bytes, never re-serialised JSON.
 */
export function verifyStripeSignature(
  request: WebhookRequest,
  secret: string,
  options: VerifyStripeOptions = {},
): StripeEvent {
  verifyTimestamped({
    header: headerValue(request.headers, 'stripe-signature'),
    rawBody: request.rawBody,
    secret,
    headerName: 'Stripe-Signature',
    ...(options.toleranceSeconds !== undefined ? { toleranceSeconds: options.toleranceSeconds } : {}),
    ...(options.now !== undefined ? { now: options.now } : {}),
  });
  const text =
    typeof request.rawBody === 'string' ? request.rawBody : Buffer.from(request.rawBody).toString('utf8');
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    throw new SignatureError('The signed Stripe delivery is not JSON', { reason: 'malformed' });
  }
  const shaped = event as Partial<StripeEvent> | null;
  if (
    !shaped ||
    typeof shaped.id !== 'string' ||
    typeof shaped.type !== 'string' ||
    typeof shaped.created !== 'number'
  ) {
    throw new SignatureError('The signed Stripe delivery is not an event (no id, type or created)', {
      reason: 'malformed',
    });
  }
  return event as StripeEvent;
}

/** A Stripe event type (`customer.created`, `invoice.paid`) or `*`. */
const EVENT_TYPE = /^(\*|[a-z0-9_]+(\.[a-z0-9_]+)+)$/;

const eventsField = (z: Zod) => {
  const type = z
    .string()
    .regex(EVENT_TYPE, 'must be a Stripe event type such as customer.created, or *')
    .meta({ examples: [...STRIPE_EVENT_TYPES] });
  return z
    .union([
      z.array(type).min(1).max(256),
      // The CLI's `-p events=customer.created,invoice.paid` arrives as one string.
      z
        .string()
        .transform((text) => text.split(',').map((item) => item.trim()))
        .pipe(z.array(type).min(1).max(256)),
    ])
    .meta({
      title: 'Events',
      description:
        'The Stripe event types to receive, such as customer.created, customer.subscription.updated or invoice.paid; ["*"] for every type.',
    });
};

const occurredAt = (created: number) => new Date(created * 1000).toISOString();

/** Whether an event type passes the subscription's filter. */
const wanted = (events: readonly string[], type: string) => events.includes('*') || events.includes(type);

/**
 * `payments.event`: Stripe events through a webhook endpoint the subscription creates. Subscribing
 * creates `POST /v1/webhook_endpoints` (the connection's API version, the chosen types) and keeps
 * the `whsec_…` secret; an endpoint already at the same URL is reused, never duplicated, since
 * Stripe allows 16 per account. Given the `previous` state, its endpoint is updated in place (`url`
 * and events), so a host whose public URL changed moves it without a new secret. Deliveries are
 * verified by `Stripe-Signature` (300 s tolerance).
 */
export const eventTrigger = defineTrigger({
  key: 'event',
  title: 'Stripe Event',
  description:
    'Fires on Stripe events of the chosen types (customer.created, invoice.paid, …) within seconds, through a webhook endpoint created on subscribe and deleted on unsubscribe. Each delivery is verified by its Stripe-Signature; the event data is the Stripe event object.',
  kinds: ['webhook'],
  input: (z) => z.object({ events: eventsField(z) }),
  output: (z) =>
    z
      .object({
        id: z.string().meta({ title: 'Event ID', description: 'The event’s id, evt_….' }),
        object: z.literal('event').meta({ title: 'Object', description: 'Always "event".' }),
        type: z.string().meta({ title: 'Type', description: 'The event type, such as customer.created.' }),
        created: z.number().int().meta({ title: 'Created', description: 'When it happened (Unix seconds).' }),
        api_version: z
          .string()
          .nullable()
          .meta({ title: 'API Version', description: 'The API version the object is rendered in.' }),
        livemode: z.boolean().meta({ title: 'Live Mode', description: 'False for test-mode events.' }),
        data: z
          .object({
            object: z.record(z.string(), z.unknown()).meta({
              title: 'Object',
              description: 'The Stripe object the event is about, as it is after the change.',
            }),
            previous_attributes: z.record(z.string(), z.unknown()).optional().meta({
              title: 'Previous Attributes',
              description: 'For *.updated events: the changed fields’ old values.',
            }),
          })
          .meta({ title: 'Data', description: 'The object, and what changed.' }),
      })
      .loose()
      .meta({
        title: 'Stripe Event',
        description: 'A Stripe event object.',
      }) as unknown as z.ZodType<StripeEvent>,
  async subscribe(ctx: PaymentsContext, { hookUrl, input, previous, signal }) {
    const enabled = input.events.includes('*') ? ['*'] : input.events;
    const endpoints = (
      await listAll<{ id: string; url: string }>(ctx.http, '/v1/webhook_endpoints', {}, signal)
    ).data;
    // The endpoint of an earlier subscribe, whatever URL it was given: after a move (the host's
    // public URL changed) it is still ours, with a secret we hold.
    const known = previous && endpoints.find((endpoint) => endpoint.id === previous.endpointId);
    // An endpoint at our URL whose secret we do not hold (a create whose answer was lost): Stripe never
    // shows a secret again, so replace it rather than add one more beside it.
    for (const stale of endpoints.filter((endpoint) => endpoint.url === hookUrl && endpoint !== known)) {
      await ctx.http.request({
        method: 'DELETE',
        path: `/v1/webhook_endpoints/${encodeURIComponent(stale.id)}`,
        signal,
      });
    }
    if (known && previous) {
      // Changed in place (its URL, its events), so its secret and id stay and nothing is left at
      // the old URL.
      await ctx.http.request({
        method: 'POST',
        path: `/v1/webhook_endpoints/${encodeURIComponent(known.id)}`,
        form: { url: hookUrl, enabled_events: enabled, disabled: false },
        signal,
      });
      return { state: previous };
    }
    const created = await ctx.http.request<{ id: string; secret?: string }>({
      method: 'POST',
      path: '/v1/webhook_endpoints',
      form: {
        url: hookUrl,
        enabled_events: enabled,
        api_version: ctx.apiVersion,
        description: 'c-host trigger payments.event',
      },
      signal,
    });
    if (!created.data.secret) {
      throw new SignatureError('Stripe created the webhook endpoint without a signing secret', {
        reason: 'missing',
      });
    }
    return { state: { endpointId: created.data.id, secret: created.data.secret } };
  },
  async unsubscribe(ctx: PaymentsContext, state: PaymentsEventState) {
    try {
      await ctx.http.request({
        method: 'DELETE',
        path: `/v1/webhook_endpoints/${encodeURIComponent(state.endpointId)}`,
      });
    } catch (error) {
      // Already deleted (in the Dashboard, or by an earlier attempt): the goal is met.
      if ((error as { status?: number }).status !== 404) throw error;
    }
  },
  verify(request, state: PaymentsEventState, input): TriggerEvent<StripeEvent>[] {
    const stripeEvent = verifyStripeSignature(request, state.secret);
    if (!wanted(input.events, stripeEvent.type)) return [];
    return [
      {
        id: stripeEvent.id,
        type: stripeEvent.type,
        occurredAt: occurredAt(stripeEvent.created),
        data: stripeEvent,
      },
    ];
  },
});
