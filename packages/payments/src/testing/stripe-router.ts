import { HttpResponse, http, type RequestHandler } from 'msw';
import type { StripeContract } from './contract/stripe-contract.js';
import { balanceRoutes } from './resources/balance.js';
import { billingPortalRoutes } from './resources/billing-portal.js';
import { chargeRoutes } from './resources/charges.js';
import { checkoutSessionRoutes } from './resources/checkout.js';
import { couponRoutes } from './resources/coupons.js';
import { customerRoutes } from './resources/customers.js';
import { disputeRoutes } from './resources/disputes.js';
import { eventDestinationRoutes } from './resources/event-destinations.js';
import { eventRoutes } from './resources/events.js';
import { invoicingRoutes } from './resources/invoicing.js';
import { meterRoutes } from './resources/meters.js';
import { paymentIntentRoutes } from './resources/payment-intents.js';
import { paymentLinkRoutes } from './resources/payment-links.js';
import { paymentMethodRoutes } from './resources/payment-methods.js';
import { payoutRoutes } from './resources/payouts.js';
import { priceRoutes } from './resources/prices.js';
import { productRoutes } from './resources/products.js';
import { promotionCodeRoutes } from './resources/promotion-codes.js';
import { refundRoutes } from './resources/refunds.js';
import { setupIntentRoutes } from './resources/setup-intents.js';
import { subscriptionResumeRoutes } from './resources/subscription-changes.js';
import { subscriptionScheduleRoutes } from './resources/subscription-schedules.js';
import { subscriptionRoutes } from './resources/subscriptions.js';
import { webhookEndpointRoutes } from './resources/webhook-endpoints.js';
import { errorBody, invalidRequest, StripeFailure } from './stripe-errors.js';
import { expandResponse, mayExpand } from './stripe-expand.js';
import { decodeStripeParams, decodeV2Query, expandPaths, type StripeParams } from './stripe-params.js';
import type { Route } from './stripe-route.js';
import { type StripeState, stripeStyleId } from './stripe-state.js';
import { isApiVersion, renderForVersion, SIMULATED_API_VERSION } from './stripe-versions.js';

/** Access of a restricted key to one resource; `write` includes `read`. */
export type RestrictedAccess = 'read' | 'write';

/** Options of `createStripeHandlers`. */
export interface StripeHandlersOptions {
  state: StripeState;
  /** Secret keys the account accepts (`sk_test_…`). */
  apiKeys: readonly string[];
  /**
   * Restricted keys and what each may do, by resource: `customers`, `payment_methods`, `products`,
   * `prices`, `subscriptions`, `invoices`, `balance`, `events`, `coupons`, `event_destinations`,
   * `webhook_endpoints`, `payment_intents`, `charges`, `refunds`, `setup_intents`,
   * `checkout_sessions`, `payment_links`, `promotion_codes`, `disputes`, `payouts`, `billing_meters`. A call beyond that is a 403.
   */
  restrictedKeys?: Readonly<Record<string, Readonly<Record<string, RestrictedAccess>>>>;
  /** The current version's contract: unknown or mistyped parameters get Stripe's 400. */
  contract?: StripeContract | undefined;
  /** Checks every response against the contract too, reporting mismatches here. */
  onResponseViolation?: ((message: string) => void) | undefined;
  /** The account id in messages. */
  accountId?: string;
  /**
   * The account's default API version, used when a request sends no `Stripe-Version` (default: the
   * simulated version). An older default shows what an unpinned client gets.
   */
  accountApiVersion?: string;
}

/** Every route, literal paths before those with an id so `/v1/customers/search` is not a customer. */
const ROUTES: Route[] = [
  ...customerRoutes(),
  ...paymentMethodRoutes(),
  ...productRoutes(),
  ...priceRoutes(),
  ...subscriptionRoutes(),
  ...subscriptionResumeRoutes(),
  ...invoicingRoutes(),
  ...balanceRoutes(),
  ...eventRoutes(),
  ...couponRoutes(),
  ...promotionCodeRoutes(),
  ...eventDestinationRoutes(),
  ...webhookEndpointRoutes(),
  ...paymentIntentRoutes(),
  ...chargeRoutes(),
  ...refundRoutes(),
  ...setupIntentRoutes(),
  ...billingPortalRoutes(),
  ...checkoutSessionRoutes(),
  ...paymentLinkRoutes(),
  ...disputeRoutes(),
  ...payoutRoutes(),
  ...subscriptionScheduleRoutes(),
  ...meterRoutes(),
]
  .map((route, order) => ({
    route,
    order,
    ids: (route.pattern.source.match(/\(\[\^\/\]\+\)/g) ?? []).length,
  }))
  .sort((a, b) => a.ids - b.ids || a.order - b.order)
  .map(({ route }) => route);

/** Serves the simulated Stripe API: one msw handler routing every `/v1/` and `/v2/` call. */
export function createStripeHandlers(options: StripeHandlersOptions): RequestHandler[] {
  return [http.all('*', ({ request }) => handleStripeRequest(options, request))];
}

/**
 * Answers one request as Stripe would: authentication, version, route, parameter checks against the
 * contract, permissions of restricted keys, idempotency replay, the operation, `expand[]`, and the
 * shape of the asked version, with `request-id` on every response.
 */
export async function handleStripeRequest(
  options: StripeHandlersOptions,
  request: Request,
): Promise<Response> {
  const requestId = stripeStyleId('req_');
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const v2 = url.pathname.startsWith('/v2/');
  const version = request.headers.get('stripe-version') ?? options.accountApiVersion ?? SIMULATED_API_VERSION;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'request-id': requestId,
    'stripe-version': version,
  };
  const idempotencyKey =
    method === 'POST' || (v2 && method === 'DELETE') ? request.headers.get('idempotency-key') : null;
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const reply = (status: number, body: unknown, extra: Record<string, string> = {}) => {
    // The contract describes the simulated version; an older version's answer is not checked against it.
    if (options.onResponseViolation && options.contract && version === SIMULATED_API_VERSION) {
      const violation = options.contract.checkResponse(method, url.pathname, status, body);
      if (violation) options.onResponseViolation(violation);
    }
    return new HttpResponse(JSON.stringify(body), { status, headers: { ...headers, ...extra } });
  };
  const fail = (failure: StripeFailure) => reply(failure.status, errorBody(failure, requestId));

  const apiKey = readApiKey(request.headers.get('authorization'));
  if (!apiKey) {
    return fail(
      invalidRequest(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        { status: 401 },
      ),
    );
  }
  const restricted = options.restrictedKeys?.[apiKey];
  if (!options.apiKeys.includes(apiKey) && !restricted) {
    return fail(invalidRequest(`Invalid API Key provided: ${maskKey(apiKey)}`, { status: 401 }));
  }
  if (!isApiVersion(version)) {
    delete headers['stripe-version'];
    return fail(invalidRequest(`Invalid Stripe API version: ${version}`, { code: 'api_version_invalid' }));
  }

  const match = findRoute(method, url.pathname);
  if (!match) {
    return fail(
      invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        { status: 404 },
      ),
    );
  }
  const bodyText = method === 'GET' || (method === 'DELETE' && !v2) ? '' : await request.text();
  const query = v2 ? decodeV2Query(url.searchParams) : decodeStripeParams(url.searchParams);
  let params: StripeParams = query;
  let json: unknown;
  if (v2) {
    if (bodyText) {
      try {
        json = JSON.parse(bodyText);
      } catch {
        return fail(invalidRequest('The request body is not valid JSON.'));
      }
    }
  } else if (method === 'POST') {
    params = { ...query, ...decodeStripeParams(new URLSearchParams(bodyText)) };
  }

  const op = options.contract?.find(method, url.pathname);
  if (op && options.contract) {
    const issue = options.contract.checkParams(
      op,
      op.in === 'json' ? ((json ?? {}) as StripeParams) : params,
    );
    if (issue) return fail(invalidRequest(issue.message, { param: issue.param, code: issue.code }));
  }
  if (restricted) {
    const needed: RestrictedAccess = method === 'GET' ? 'read' : 'write';
    const granted = restricted[match.route.resource];
    if (!granted || (needed === 'write' && granted !== 'write')) {
      return fail(
        invalidRequest(
          `The provided key '${maskKey(apiKey)}' does not have the required permissions for this endpoint on account '${options.accountId ?? 'acct_simulated'}'. Having the 'rak_${match.route.resource}_${needed}' permission would allow this request to continue.`,
          { status: 403 },
        ),
      );
    }
  }
  const expand = v2 ? [] : expandPaths(params);
  const unexpandable = expand.find((path) => !mayExpand(path));
  if (unexpandable) return fail(invalidRequest(`This property cannot be expanded (${unexpandable}).`));

  const fingerprint = `${method} ${url.pathname} ${stableJson(params)} ${stableJson(json ?? null)}`;
  const savedKey = idempotencyKey ? `${apiKey}\n${idempotencyKey}` : undefined;
  if (savedKey) {
    const saved = options.state.idempotency.get(savedKey);
    if (saved && saved.fingerprint !== fingerprint) {
      return fail(
        new StripeFailure(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        }),
      );
    }
    if (saved) {
      return reply(saved.status, saved.body, {
        'idempotent-replayed': 'true',
        'original-request': saved.requestId,
      });
    }
  }

  let status: number;
  let result: unknown;
  let save = true;
  try {
    const outcome = match.route.run({
      state: options.state,
      params,
      json,
      ids: match.ids,
      requestId,
      idempotencyKey,
    });
    status = outcome.status ?? 200;
    result = renderForVersion(expandResponse(outcome.body, expand, options.state), version);
  } catch (caught) {
    if (!(caught instanceof StripeFailure)) throw caught;
    status = caught.status;
    result = errorBody(caught, requestId);
    save = caught.saved;
  }
  if (savedKey && save) {
    options.state.saveResponse(savedKey, { fingerprint, status, body: result, requestId });
  }
  return reply(status, result);
}

/** The key of `Bearer <key>`, or of Basic auth with the key as user name (Stripe accepts both). */
function readApiKey(authorization: string | null): string | undefined {
  if (!authorization) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(authorization);
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] || undefined;
  return undefined;
}

/** Masks a key the way Stripe's messages do: its kind, stars, and the last four characters. */
export function maskKey(key: string): string {
  const kind = /^[a-z]{2}_(test|live)_/.exec(key)?.[0] ?? '';
  return `${kind}${'*'.repeat(Math.max(4, key.length - kind.length - 4))}${key.slice(-4)}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function findRoute(method: string, path: string): { route: Route; ids: string[] } | undefined {
  for (const candidate of ROUTES) {
    if (candidate.method !== method) continue;
    const found = candidate.pattern.exec(path);
    if (found) {
      try {
        return { route: candidate, ids: found.slice(1).map((part) => decodeURIComponent(part)) };
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
