import { type ConnectorClient, defineConnector, type Zod } from '@c/core';
import { attachPaymentMethod } from './commands/attach-payment-method.js';
import { cancelPaymentIntent } from './commands/cancel-payment-intent.js';
import { cancelPayout } from './commands/cancel-payout.js';
import { cancelRefund } from './commands/cancel-refund.js';
import { cancelSubscription } from './commands/cancel-subscription.js';
import { cancelSubscriptionSchedule } from './commands/cancel-subscription-schedule.js';
import { capturePaymentIntent } from './commands/capture-payment-intent.js';
import { closeDispute } from './commands/close-dispute.js';
import { confirmPaymentIntent } from './commands/confirm-payment-intent.js';
import { createBillingPortalSession } from './commands/create-billing-portal-session.js';
import { createCheckoutSession } from './commands/create-checkout-session.js';
import { createCoupon } from './commands/create-coupon.js';
import { createCustomer } from './commands/create-customer.js';
import { createInvoice } from './commands/create-invoice.js';
import { createInvoiceItem } from './commands/create-invoice-item.js';
import { createMeterEvent } from './commands/create-meter-event.js';
import { createPaymentIntent } from './commands/create-payment-intent.js';
import { createPaymentLink } from './commands/create-payment-link.js';
import { createPayout } from './commands/create-payout.js';
import { createPrice } from './commands/create-price.js';
import { createProduct } from './commands/create-product.js';
import { createPromotionCode } from './commands/create-promotion-code.js';
import { createRefund } from './commands/create-refund.js';
import { createSetupIntent } from './commands/create-setup-intent.js';
import { createSubscription } from './commands/create-subscription.js';
import { createSubscriptionSchedule } from './commands/create-subscription-schedule.js';
import { customAction } from './commands/custom-action.js';
import { deleteCoupon } from './commands/delete-coupon.js';
import { deleteCustomer } from './commands/delete-customer.js';
import { deleteDraftInvoice } from './commands/delete-draft-invoice.js';
import { deleteProduct } from './commands/delete-product.js';
import { detachPaymentMethod } from './commands/detach-payment-method.js';
import { expireCheckoutSession } from './commands/expire-checkout-session.js';
import { finalizeInvoice } from './commands/finalize-invoice.js';
import { getBalance } from './commands/get-balance.js';
import { getBalanceTransactions } from './commands/get-balance-transactions.js';
import { getCharge } from './commands/get-charge.js';
import { getCheckoutSession } from './commands/get-checkout-session.js';
import { getCustomerById } from './commands/get-customer-by-id.js';
import { getCustomers } from './commands/get-customers.js';
import { getDispute } from './commands/get-dispute.js';
import { getEvent } from './commands/get-event.js';
import { getInvoice } from './commands/get-invoice.js';
import { getPaymentIntent } from './commands/get-payment-intent.js';
import { getPayout } from './commands/get-payout.js';
import { getPlans } from './commands/get-plans.js';
import { getPrice } from './commands/get-price.js';
import { getProductById } from './commands/get-product-by-id.js';
import { getProducts } from './commands/get-products.js';
import { getRefund } from './commands/get-refund.js';
import { getSubscription } from './commands/get-subscription.js';
import { getSubscriptionSchedule } from './commands/get-subscription-schedule.js';
import { getSubscriptions } from './commands/get-subscriptions.js';
import { listCharges } from './commands/list-charges.js';
import { listCheckoutSessionLineItems } from './commands/list-checkout-session-line-items.js';
import { listCheckoutSessions } from './commands/list-checkout-sessions.js';
import { listCoupons } from './commands/list-coupons.js';
import { listCustomerPaymentMethods } from './commands/list-customer-payment-methods.js';
import { listDisputes } from './commands/list-disputes.js';
import { listEvents } from './commands/list-events.js';
import { listInvoiceLines } from './commands/list-invoice-lines.js';
import { listInvoices } from './commands/list-invoices.js';
import { listMeters } from './commands/list-meters.js';
import { listPaymentIntents } from './commands/list-payment-intents.js';
import { listPaymentLinks } from './commands/list-payment-links.js';
import { listPayouts } from './commands/list-payouts.js';
import { listPrices } from './commands/list-prices.js';
import { listPromotionCodes } from './commands/list-promotion-codes.js';
import { listRefunds } from './commands/list-refunds.js';
import { markInvoiceUncollectible } from './commands/mark-invoice-uncollectible.js';
import { payInvoice } from './commands/pay-invoice.js';
import { previewInvoice } from './commands/preview-invoice.js';
import { releaseSubscriptionSchedule } from './commands/release-subscription-schedule.js';
import { resumeSubscription } from './commands/resume-subscription.js';
import { search } from './commands/search.js';
import { sendInvoice } from './commands/send-invoice.js';
import { updateCustomer } from './commands/update-customer.js';
import { updateDispute } from './commands/update-dispute.js';
import { updatePaymentIntent } from './commands/update-payment-intent.js';
import { updatePaymentLink } from './commands/update-payment-link.js';
import { updatePrice } from './commands/update-price.js';
import { updateProduct } from './commands/update-product.js';
import { updateSubscription } from './commands/update-subscription.js';
import { voidInvoice } from './commands/void-invoice.js';
import { createStripeHttp, PAYMENTS_API_VERSION, type PaymentsContext } from './payments-client.js';
import { paymentsToolsets } from './payments-toolsets.js';
import { eventTrigger } from './triggers/event.js';

/** The connection's credentials: a secret key (`sk_test_…`, `sk_live_…`) or a restricted key (`rk_…`). */
const paymentsCredentials = (z: Zod) =>
  z.object({
    apiKey: z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
        'must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_test_…, rk_live_…)',
      )
      .meta({
        title: 'API Key',
        description: 'A Stripe secret key, or better a restricted key with only the permissions needed.',
      }),
  });

/** The connection's options. */
const paymentsOptions = (z: Zod) =>
  z.object({
    baseUrl: z
      .url({ protocol: /^https?$/ })
      .default('https://api.stripe.com')
      .meta({
        title: 'Base URL',
        description: 'Stripe’s API address; change it only for a proxy or a simulator.',
      }),
    apiVersion: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/, 'must be a Stripe API version such as 2026-10-28.endive')
      .default(PAYMENTS_API_VERSION)
      .meta({
        title: 'API Version',
        description: `The Stripe API version sent as Stripe-Version on every call, so results keep the shapes this package documents whatever the account’s default version (default ${PAYMENTS_API_VERSION}). Pin another only for an integration written against it.`,
      }),
  });

/** The commands: the reference's, then those of the wider surface by area. */
const commands = {
  createCustomer,
  getCustomerById,
  getCustomers,
  createSubscription,
  getSubscriptions,
  updateCustomer,
  createProduct,
  getProductById,
  getBalanceTransactions,
  getPlans,
  getProducts,
  customAction,
  createPaymentIntent,
  getPaymentIntent,
  listPaymentIntents,
  updatePaymentIntent,
  confirmPaymentIntent,
  capturePaymentIntent,
  cancelPaymentIntent,
  getCharge,
  listCharges,
  createRefund,
  getRefund,
  listRefunds,
  cancelRefund,
  deleteCustomer,
  listCustomerPaymentMethods,
  attachPaymentMethod,
  detachPaymentMethod,
  createSetupIntent,
  createInvoice,
  createInvoiceItem,
  getInvoice,
  listInvoices,
  listInvoiceLines,
  previewInvoice,
  finalizeInvoice,
  sendInvoice,
  payInvoice,
  voidInvoice,
  markInvoiceUncollectible,
  deleteDraftInvoice,
  createBillingPortalSession,
  createCheckoutSession,
  getCheckoutSession,
  listCheckoutSessions,
  listCheckoutSessionLineItems,
  expireCheckoutSession,
  createPaymentLink,
  listPaymentLinks,
  updatePaymentLink,
  createPrice,
  getPrice,
  listPrices,
  updatePrice,
  updateProduct,
  deleteProduct,
  getSubscription,
  updateSubscription,
  cancelSubscription,
  resumeSubscription,
  createCoupon,
  listCoupons,
  deleteCoupon,
  createPromotionCode,
  listPromotionCodes,
  listDisputes,
  getDispute,
  updateDispute,
  closeDispute,
  search,
  listEvents,
  getEvent,
  getBalance,
  listPayouts,
  getPayout,
  createPayout,
  cancelPayout,
  createSubscriptionSchedule,
  getSubscriptionSchedule,
  cancelSubscriptionSchedule,
  releaseSubscriptionSchedule,
  createMeterEvent,
  listMeters,
};

/**
 * The payments connector (Stripe API version `2026-10-28.endive` unless `apiVersion` pins another):
 * customers, payments, refunds, invoices, Checkout, prices, subscriptions and their schedules, usage
 * (meters), coupons, disputes, the balance and payouts, events, search and a Custom Action. Connect with
 * `payments.connect({ credentials: { apiKey }, baseUrl?, apiVersion? })`.
 */
export const payments = defineConnector({
  id: 'payments',
  title: 'Stripe',
  description:
    'Stripe: customers, payments and refunds, payment methods, invoices, Checkout and payment links, products and prices, subscriptions and subscription schedules, usage-based billing (meters), coupons, disputes, the balance and payouts, events and search; and any other Stripe endpoint.',
  credentials: paymentsCredentials,
  options: paymentsOptions,
  auth: { type: 'apiKey' },
  env: {
    C_PAYMENTS_API_KEY: 'credentials.apiKey',
    C_PAYMENTS_BASE_URL: 'baseUrl',
    C_PAYMENTS_API_VERSION: 'apiVersion',
  },
  commands,
  toolsets: paymentsToolsets,
  triggers: { event: eventTrigger },
  createContext({ credentials, options, http: tuning }): PaymentsContext {
    const http = createStripeHttp({
      apiKey: credentials.apiKey,
      baseUrl: options.baseUrl,
      apiVersion: options.apiVersion,
      http: tuning,
    });
    return { http, apiVersion: options.apiVersion, close: () => http.close() };
  },
  verify: (ctx) => ctx.http.request({ method: 'GET', path: '/v1/customers', query: { limit: 1 } }),
  simulator: async () => (await import('./testing/index.js')).paymentsSimulator,
});

/** A connected payments client: `payments.connect(…)`, its `run` typed by each command's schemas. */
export type PaymentsClient = ConnectorClient<typeof commands>;
