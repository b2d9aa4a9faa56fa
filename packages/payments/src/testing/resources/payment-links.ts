import { find, type ResourceSpec, resourceRoutes } from '../stripe-engine.js';
import { invalidRequest, missingParam } from '../stripe-errors.js';
import { applyMetadata, bool, hash, type StripeParams, str } from '../stripe-params.js';
import { type Call, type Route, requestOf, route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';
import { lineItemsPage } from './checkout.js';
import { lineItemsOf } from './checkout-items.js';

// Stripe's Payment Link rules (docs.stripe.com/api/payment_links): `line_items` are required (a
// price and a quantity each); `after_completion[type]` is `hosted_confirmation` (the default) or
// `redirect` with `after_completion[redirect][url]`; a link is `active` until deactivated, and an
// inactive link's page says so. Creating and updating record `payment_link.created` and
// `payment_link.updated`.

/**
 * The link as Stripe answers it: its line items are read through their own route, and `created`
 * (which Stripe does not show on a link) is kept only to order the list.
 */
const linkView = (link: StoredObject): unknown => {
  const { line_items: _items, created: _created, ...rest } = link;
  return rest;
};

/** `after_completion` from the parameters, checked. */
function afterCompletion(params: StripeParams): Record<string, unknown> | undefined {
  const after = hash(params, 'after_completion');
  if (!after) return undefined;
  const type = str(after, 'type');
  if (!type) throw missingParam('after_completion[type]');
  if (type === 'redirect') {
    const url = str(hash(after, 'redirect') ?? {}, 'url');
    if (!url) throw missingParam('after_completion[redirect][url]');
    return { redirect: { url }, type };
  }
  if (type !== 'hosted_confirmation') {
    throw invalidRequest('Invalid after_completion[type]: must be one of hosted_confirmation or redirect', {
      param: 'after_completion[type]',
    });
  }
  const message = str(hash(after, 'hosted_confirmation') ?? {}, 'custom_message') ?? null;
  return { hosted_confirmation: { custom_message: message }, type };
}

/** A new payment link, not yet stored. */
function createLink(call: Call): StoredObject {
  const { params, state } = call;
  const items = lineItemsOf(call, true);
  const recurring = items.some((item) => (item.price as StoredObject).type === 'recurring');
  const id = stripeStyleId('plink_1', 24);
  return {
    id,
    object: 'payment_link',
    created: state.now(),
    active: true,
    after_completion: afterCompletion(params) ?? {
      hosted_confirmation: { custom_message: null },
      type: 'hosted_confirmation',
    },
    allow_promotion_codes: bool(params, 'allow_promotion_codes') ?? false,
    application: null,
    application_fee_amount: null,
    application_fee_percent: null,
    automatic_tax: { enabled: false, liability: null },
    billing_address_collection: 'auto',
    consent_collection: null,
    currency: items[0]?.currency,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer_creation: recurring ? 'always' : 'if_required',
    inactive_message: null,
    invoice_creation: null,
    livemode: false,
    managed_payments: null,
    metadata: applyMetadata({}, params),
    on_behalf_of: null,
    payment_intent_data: null,
    payment_method_collection: 'always',
    payment_method_options: null,
    payment_method_types: null,
    phone_number_collection: { enabled: false },
    restrictions: null,
    shipping_address_collection: null,
    shipping_options: [],
    submit_type: 'auto',
    subscription_data: null,
    tax_id_collection: { enabled: false, required: 'never' },
    transfer_data: null,
    url: `https://buy.stripe.com/test_${stripeStyleId('', 20)}`,
    line_items: items,
  };
}

/** Payment links: listed by `active`; updates change what the table says, `after_completion` by hand. */
export const PAYMENT_LINKS: ResourceSpec = {
  path: '/v1/payment_links',
  permission: 'payment_links',
  noun: 'payment_link',
  collection: (state) => state.paymentLinks,
  view: linkView,
  list: { active: (link, value) => String(link.active) === value },
  retrieve: true,
  update: {
    fields: {
      active: 'bool',
      allow_promotion_codes: 'bool',
      inactive_message: 'nullable',
      metadata: 'metadata',
    },
    apply(call, after) {
      const completion = afterCompletion(call.params);
      if (completion) after.after_completion = completion;
    },
  },
};

/** `/v1/payment_links`: create, list, retrieve, update and line items. */
export function paymentLinkRoutes(): Route[] {
  const path = PAYMENT_LINKS.path;
  return [
    ...resourceRoutes(PAYMENT_LINKS),
    route('POST', path, 'payment_links', (call) => {
      const link = createLink(call);
      call.state.paymentLinks.set(link);
      call.state.recordEvent('payment_link.created', linkView(link) as StoredObject, requestOf(call));
      return { body: linkView(link) };
    }),
    route('GET', `${path}/:id/line_items`, 'payment_links', (call) => {
      const link = find(PAYMENT_LINKS, call);
      const items = (link.line_items as StoredObject[]) ?? [];
      return lineItemsPage(call, items, `${path}/${link.id}/line_items`);
    }),
  ];
}
