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
export {
  createStripeHttp,
  type PaymentsContext,
  parseStripeError,
  STRIPE_API_VERSION,
  STRIPE_MAX_PAGE,
  type StripeHttpOptions,
  type StripeList,
  type StripeObject,
  stripeShouldRetry,
} from './payments-client.js';
export { payments } from './payments-connector.js';
