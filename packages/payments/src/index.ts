export { createCustomer } from './commands/create-customer.js';
export { createProduct } from './commands/create-product.js';
export { createSubscription } from './commands/create-subscription.js';
export { customAction } from './commands/custom-action.js';
export { getBalanceTransactions } from './commands/get-balance-transactions.js';
export { getCustomerById } from './commands/get-customer-by-id.js';
export { getCustomers } from './commands/get-customers.js';
export { getPlans } from './commands/get-plans.js';
export { getProductById } from './commands/get-product-by-id.js';
export { getProducts } from './commands/get-products.js';
export { getSubscriptions } from './commands/get-subscriptions.js';
export { updateCustomer } from './commands/update-customer.js';
export { PAYMENTS_API_VERSION, type PaymentsContext } from './payments-client.js';
export { type PaymentsClient, payments } from './payments-connector.js';
export type {
  CustomActionResult,
  StripeBalanceTransaction,
  StripeCustomer,
  StripeDeletedCustomer,
  StripeList,
  StripePlan,
  StripePrice,
  StripeProduct,
  StripeProductWithPrices,
  StripeSubscription,
  StripeSubscriptionItem,
} from './payments-schemas.js';
export {
  eventTrigger,
  type PaymentsEventState,
  type StripeEvent,
  type VerifyStripeOptions,
  verifyStripeSignature,
} from './triggers/event.js';
