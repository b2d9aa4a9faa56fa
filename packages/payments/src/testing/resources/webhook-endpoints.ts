import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { signTimestamped } from '@c/core';
import { invalidRequest, missingParam, noSuch } from '../stripe-errors.js';
import { page } from '../stripe-lists.js';
import { applyMetadata, bool, list, nullableStr, str } from '../stripe-params.js';
import { type Call, type Route, route } from '../stripe-route.js';
import { type StoredObject, type StripeState, stripeStyleId } from '../stripe-state.js';
import { renderForVersion } from '../stripe-versions.js';

/** Stripe's cap on webhook endpoints per account and mode. */
export const MAX_WEBHOOK_ENDPOINTS = 16;

/** A stored endpoint keeps its secret; Stripe shows it only in the create response. */
function view(endpoint: StoredObject): StoredObject {
  const { secret: _secret, ...rest } = endpoint;
  return rest;
}

function enabledEvents(call: Call, required: boolean): string[] | undefined {
  const values = list(call.params, 'enabled_events');
  if (values === undefined) {
    if (required) throw missingParam('enabled_events');
    return undefined;
  }
  const events = values.filter((item): item is string => typeof item === 'string');
  if (events.length === 0)
    throw invalidRequest('enabled_events must not be empty.', { param: 'enabled_events' });
  return events;
}

function checkUrl(url: string): string {
  if (!/^https?:\/\/[^\s/]+/.test(url))
    throw invalidRequest('Invalid URL: must be an http(s) URL.', { param: 'url' });
  return url;
}

/**
 * `/v1/webhook_endpoints`: create (the `whsec_…` secret in that answer only; at most 16 per account),
 * retrieve, update, list and delete.
 */
export function webhookEndpointRoutes(): Route[] {
  const read = (call: Call): StoredObject => {
    const [id = ''] = call.ids;
    const endpoint = call.state.webhookEndpoints.get(id);
    if (!endpoint) throw noSuch('webhook endpoint', id, 'id');
    return endpoint;
  };
  return [
    route('GET', '/v1/webhook_endpoints', 'webhook_endpoints', (call) =>
      page(
        call.state.webhookEndpoints,
        call.state.webhookEndpoints.list(),
        call.params,
        '/v1/webhook_endpoints',
        'webhook endpoint',
        view,
      ),
    ),
    route('POST', '/v1/webhook_endpoints', 'webhook_endpoints', (call) => {
      const { params, state } = call;
      const url = str(params, 'url');
      if (!url) throw missingParam('url');
      const events = enabledEvents(call, true) as string[];
      if (state.webhookEndpoints.size >= MAX_WEBHOOK_ENDPOINTS) {
        throw invalidRequest(
          `You have reached the maximum of ${MAX_WEBHOOK_ENDPOINTS} test webhook endpoints.`,
          { param: 'url' },
        );
      }
      const endpoint: StoredObject = {
        id: stripeStyleId('we_1', 24),
        object: 'webhook_endpoint',
        api_version: str(params, 'api_version') ?? null,
        application: null,
        created: state.now(),
        description: nullableStr(params, 'description') ?? null,
        enabled_events: events,
        livemode: false,
        metadata: applyMetadata({}, params),
        secret: `whsec_${randomBytes(24).toString('base64url')}`,
        status: 'enabled',
        url: checkUrl(url),
      };
      state.webhookEndpoints.set(endpoint);
      return { body: endpoint };
    }),
    route('GET', '/v1/webhook_endpoints/:id', 'webhook_endpoints', (call) => ({ body: view(read(call)) })),
    route('POST', '/v1/webhook_endpoints/:id', 'webhook_endpoints', (call) => {
      const before = read(call);
      const after: StoredObject = { ...before };
      const url = str(call.params, 'url');
      if (url !== undefined) after.url = checkUrl(url);
      const events = enabledEvents(call, false);
      if (events) after.enabled_events = events;
      const description = nullableStr(call.params, 'description');
      if (description !== undefined) after.description = description;
      const disabled = bool(call.params, 'disabled');
      if (disabled !== undefined) after.status = disabled ? 'disabled' : 'enabled';
      after.metadata = applyMetadata(before.metadata as Record<string, string>, call.params);
      call.state.webhookEndpoints.set(after);
      return { body: view(after) };
    }),
    route('DELETE', '/v1/webhook_endpoints/:id', 'webhook_endpoints', (call) => {
      const endpoint = read(call);
      call.state.webhookEndpoints.delete(endpoint.id);
      return { body: { id: endpoint.id, object: 'webhook_endpoint', deleted: true } };
    }),
  ];
}

/** One delivery the simulator made (or gave up on), for tests and the sandbox's log. */
export interface WebhookDelivery {
  endpointId: string;
  eventId: string;
  type: string;
  url: string;
  /** Each attempt's HTTP status, or 0 when the connection failed. */
  attempts: number[];
  /** True once an attempt got a 2xx. */
  delivered: boolean;
}

/** Options of `deliverWebhooks`. */
export interface WebhookDeliveryOptions {
  /** Waits between attempts, in ms (default: 250 ms, then 1 s, then 3 s; a sandbox's short retry). */
  retryDelaysMs?: readonly number[];
  /** Keeps at most this many deliveries in `log` (default 200). */
  maxLog?: number;
}

/** What `deliverWebhooks` returns: the delivery log and a way to stop (and wait for those under way). */
export interface WebhookDeliverer {
  readonly log: WebhookDelivery[];
  /** Resolves once every delivery started so far has finished its attempts. */
  idle(): Promise<void>;
  stop(): void;
}

const matches = (enabled: unknown, type: string) =>
  Array.isArray(enabled) && (enabled.includes('*') || enabled.includes(type));

/**
 * Delivers the account's events to its enabled webhook endpoints as Stripe does: a JSON POST of the
 * event (in the endpoint's API version) signed `Stripe-Signature: t=…,v1=…` with the endpoint's
 * secret. It starts after the API call that caused the event has answered, never delays it, and
 * retries briefly on a failure or a non-2xx answer.
 */
export function deliverWebhooks(state: StripeState, options: WebhookDeliveryOptions = {}): WebhookDeliverer {
  const delays = options.retryDelaysMs ?? [250, 1000, 3000];
  const maxLog = options.maxLog ?? 200;
  const log: WebhookDelivery[] = [];
  const pending = new Set<Promise<void>>();
  const stopping = new AbortController();
  const attempt = async (delivery: WebhookDelivery, body: string, secret: string) => {
    for (let index = 0; index <= delays.length; index += 1) {
      if (index > 0) await sleep(delays[index - 1], undefined, { signal: stopping.signal }).catch(() => {});
      if (stopping.signal.aborted) return;
      try {
        const response = await fetch(delivery.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signTimestamped(secret, body, state.now()),
          },
          body,
          signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(10_000)]),
        });
        await response.arrayBuffer().catch(() => undefined);
        delivery.attempts.push(response.status);
        if (response.ok) {
          delivery.delivered = true;
          return;
        }
      } catch {
        delivery.attempts.push(0);
      }
    }
  };
  const unsubscribe = state.onEvent((event) => {
    const endpoints = state.webhookEndpoints
      .list()
      .filter(
        (endpoint) => endpoint.status === 'enabled' && matches(endpoint.enabled_events, event.type as string),
      );
    for (const endpoint of endpoints) {
      const version = (endpoint.api_version as string | null) ?? (event.api_version as string);
      const body = JSON.stringify(renderForVersion({ ...event, api_version: version }, version));
      const delivery: WebhookDelivery = {
        endpointId: endpoint.id,
        eventId: event.id,
        type: event.type as string,
        url: endpoint.url as string,
        attempts: [],
        delivered: false,
      };
      log.push(delivery);
      if (log.length > maxLog) log.shift();
      // Deferred past the current call, so the API answers first, as Stripe's does.
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => attempt(delivery, body, endpoint.secret as string))
        .finally(() => pending.delete(run));
      pending.add(run);
    }
  });
  return {
    log,
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    stop() {
      stopping.abort();
      unsubscribe();
    },
  };
}
