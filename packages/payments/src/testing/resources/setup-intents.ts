import { type ResourceSpec, resourceRoutes } from '../stripe-engine.js';
import { invalidRequest, noSuch } from '../stripe-errors.js';
import { applyMetadata, bool, list, nullableStr, str } from '../stripe-params.js';
import { type Call, type Route, requestOf, route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';
import { attachPaymentMethod } from './payment-methods.js';

/**
 * A setup intent in the pinned version's shape. With `payment_method` and `confirm` it succeeds at
 * once (test cards need no authentication) and attaches the payment method to its customer, as
 * Stripe does; otherwise it waits in `requires_payment_method` or `requires_confirmation`.
 */
function createSetupIntent(call: Call): StoredObject {
  const { params, state } = call;
  const customer = str(params, 'customer') ?? null;
  if (customer && !state.customers.has(customer)) throw noSuch('customer', customer, 'customer', 400);
  const types = list(params, 'allowed_payment_method_types')?.map(String);
  const id = stripeStyleId('seti_1', 24);
  const intent: StoredObject = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: types ?? null,
    application: null,
    automatic_payment_methods: types ? null : { allow_redirects: 'always', enabled: true },
    cancellation_reason: null,
    client_secret: `${id}_secret_${stripeStyleId('', 25)}`,
    created: state.now(),
    customer,
    description: nullableStr(params, 'description') ?? null,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: applyMetadata({}, params),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: types ?? ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: str(params, 'usage') ?? 'off_session',
  };
  state.setupIntents.set(intent);
  state.recordEvent('setup_intent.created', intent, requestOf(call));
  const method = str(params, 'payment_method');
  if (!method) return intent;
  if (!bool(params, 'confirm')) {
    return state.setupIntents.set({ ...intent, payment_method: method, status: 'requires_confirmation' });
  }
  if (!customer) {
    throw invalidRequest('A customer is needed to save a payment method with a SetupIntent.', {
      param: 'customer',
    });
  }
  const attached = attachPaymentMethod(call, method, customer, 'payment_method');
  const done = state.setupIntents.set({ ...intent, payment_method: attached.id, status: 'succeeded' });
  state.recordEvent('setup_intent.succeeded', done, requestOf(call));
  return done;
}

/** Setup intents: listed by customer or payment method; retrieved and updated generically. */
export const SETUP_INTENTS: ResourceSpec = {
  path: '/v1/setup_intents',
  permission: 'setup_intents',
  noun: 'setup_intent',
  collection: (state) => state.setupIntents,
  list: { customer: 'customer', payment_method: 'payment_method' },
  retrieve: true,
  update: { fields: { description: 'nullable', metadata: 'metadata' } },
};

/** `/v1/setup_intents`: create and the generic routes. */
export function setupIntentRoutes(): Route[] {
  return [
    ...resourceRoutes(SETUP_INTENTS),
    route('POST', SETUP_INTENTS.path, 'setup_intents', (call) => ({ body: createSetupIntent(call) })),
  ];
}
