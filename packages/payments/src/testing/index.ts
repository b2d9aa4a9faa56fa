export {
  type ContractIssue,
  type ContractOperation,
  loadStripeContract,
  StripeContract,
} from './contract/stripe-contract.js';
export { buildBalanceTransaction } from './resources/balance.js';
export {
  type CompleteCheckoutOptions,
  completeCheckoutSession,
} from './resources/checkout.js';
export { buildCoupon } from './resources/coupons.js';
export { buildCustomer } from './resources/customers.js';
export { buildInvoice } from './resources/invoices.js';
export { buildPaymentMethod, TEST_CARDS } from './resources/payment-methods.js';
export { buildPrice, planOf } from './resources/prices.js';
export { buildProduct } from './resources/product-object.js';
export { NO_PAYMENT_METHOD_MESSAGE } from './resources/subscription-billing.js';
export { buildSubscription } from './resources/subscription-objects.js';
export {
  deliverWebhooks,
  MAX_WEBHOOK_ENDPOINTS,
  type WebhookDeliverer,
  type WebhookDelivery,
  type WebhookDeliveryOptions,
} from './resources/webhook-endpoints.js';
export { type FaultMatch, matchCall, stripeFaults } from './stripe-faults.js';
export { decodeStripeParams, type StripeParam, type StripeParams } from './stripe-params.js';
export {
  createStripeHandlers,
  handleStripeRequest,
  maskKey,
  type RestrictedAccess,
  type StripeHandlersOptions,
} from './stripe-router.js';
export { SEED_IDS, seedStripeState } from './stripe-seed.js';
export {
  type PaymentsSandbox,
  type PaymentsSimulatorOptions,
  paymentsSimulator,
  startPaymentsSimulator,
} from './stripe-simulator.js';
export {
  Collection,
  type SavedResponse,
  type StoredObject,
  StripeState,
  type StripeStateOptions,
  stripeStyleId,
} from './stripe-state.js';
export { SIMULATED_API_VERSION } from './stripe-versions.js';
