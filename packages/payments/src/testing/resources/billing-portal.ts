import { missingParam, noSuch } from '../stripe-errors.js';
import { nullableStr, str } from '../stripe-params.js';
import { type Route, route } from '../stripe-route.js';
import { stripeStyleId } from '../stripe-state.js';

/**
 * `POST /v1/billing_portal/sessions`: a short-lived link to the customer portal, where a customer
 * manages their payment methods, invoices and subscriptions. Sessions are not listed or kept: Stripe
 * has no route to read one back.
 */
export function billingPortalRoutes(): Route[] {
  return [
    route('POST', '/v1/billing_portal/sessions', 'billing_portal', (call) => {
      const { params, state } = call;
      const customer = str(params, 'customer');
      if (!customer) throw missingParam('customer');
      if (!state.customers.has(customer)) throw noSuch('customer', customer, 'customer', 400);
      const id = stripeStyleId('bps_1', 24);
      return {
        body: {
          id,
          object: 'billing_portal.session',
          configuration: str(params, 'configuration') ?? 'bpc_1SimulatedDefaultConfig',
          created: state.now(),
          customer,
          customer_account: null,
          flow: null,
          livemode: false,
          locale: str(params, 'locale') ?? null,
          on_behalf_of: null,
          return_url: nullableStr(params, 'return_url') ?? null,
          url: `https://billing.stripe.com/p/session/test_${id.slice(5)}`,
        },
      };
    }),
  ];
}
