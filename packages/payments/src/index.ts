import type { CommandInput, CommandResult } from '@c/core';
import { createCustomer } from './commands/create-customer.js';
import { createProduct } from './commands/create-product.js';
import { createSubscription } from './commands/create-subscription.js';
import { customAction } from './commands/custom-action.js';
import { getBalanceTransactions } from './commands/get-balance-transactions.js';
import { getCustomerById } from './commands/get-customer-by-id.js';
import { getCustomers } from './commands/get-customers.js';
import { getPlans } from './commands/get-plans.js';
import { getProductById } from './commands/get-product-by-id.js';
import { getProducts } from './commands/get-products.js';
import { getSubscriptions } from './commands/get-subscriptions.js';
import { updateCustomer } from './commands/update-customer.js';

export { PAYMENTS_API_VERSION, type PaymentsContext } from './payments-client.js';
export { type PaymentsClient, payments } from './payments-connector.js';
export type { StripeBalanceTransaction } from './schemas/balance.js';
export type {
  StripePlan,
  StripePrice,
  StripeProduct,
  StripeProductWithPrices,
} from './schemas/catalog.js';
export type { StripeList } from './schemas/common.js';
export type { StripeCustomer, StripeDeletedCustomer } from './schemas/customers.js';
export type { StripeSubscription, StripeSubscriptionItem } from './schemas/subscriptions.js';
export {
  eventTrigger,
  type PaymentsEventState,
  type StripeEvent,
  type VerifyStripeOptions,
  verifyStripeSignature,
} from './triggers/event.js';
export {
  createCustomer,
  createProduct,
  createSubscription,
  customAction,
  getBalanceTransactions,
  getCustomerById,
  getCustomers,
  getPlans,
  getProductById,
  getProducts,
  getSubscriptions,
  updateCustomer,
};

/** What `createCustomer` takes. */
export type CreateCustomerInput = CommandInput<typeof createCustomer>;
/** What `createCustomer` returns. */
export type CreateCustomerResult = CommandResult<typeof createCustomer>;
/** What `createProduct` takes. */
export type CreateProductInput = CommandInput<typeof createProduct>;
/** What `createProduct` returns. */
export type CreateProductResult = CommandResult<typeof createProduct>;
/** What `createSubscription` takes. */
export type CreateSubscriptionInput = CommandInput<typeof createSubscription>;
/** What `createSubscription` returns. */
export type CreateSubscriptionResult = CommandResult<typeof createSubscription>;
/** What `customAction` takes. */
export type CustomActionInput = CommandInput<typeof customAction>;
/** What `customAction` returns. */
export type CustomActionResult = CommandResult<typeof customAction>;
/** What `getBalanceTransactions` takes. */
export type GetBalanceTransactionsInput = CommandInput<typeof getBalanceTransactions>;
/** What `getBalanceTransactions` returns. */
export type GetBalanceTransactionsResult = CommandResult<typeof getBalanceTransactions>;
/** What `getCustomerById` takes. */
export type GetCustomerByIdInput = CommandInput<typeof getCustomerById>;
/** What `getCustomerById` returns. */
export type GetCustomerByIdResult = CommandResult<typeof getCustomerById>;
/** What `getCustomers` takes. */
export type GetCustomersInput = CommandInput<typeof getCustomers>;
/** What `getCustomers` returns. */
export type GetCustomersResult = CommandResult<typeof getCustomers>;
/** What `getPlans` takes. */
export type GetPlansInput = CommandInput<typeof getPlans>;
/** What `getPlans` returns. */
export type GetPlansResult = CommandResult<typeof getPlans>;
/** What `getProductById` takes. */
export type GetProductByIdInput = CommandInput<typeof getProductById>;
/** What `getProductById` returns. */
export type GetProductByIdResult = CommandResult<typeof getProductById>;
/** What `getProducts` takes. */
export type GetProductsInput = CommandInput<typeof getProducts>;
/** What `getProducts` returns. */
export type GetProductsResult = CommandResult<typeof getProducts>;
/** What `getSubscriptions` takes. */
export type GetSubscriptionsInput = CommandInput<typeof getSubscriptions>;
/** What `getSubscriptions` returns. */
export type GetSubscriptionsResult = CommandResult<typeof getSubscriptions>;
/** What `updateCustomer` takes. */
export type UpdateCustomerInput = CommandInput<typeof updateCustomer>;
/** What `updateCustomer` returns. */
export type UpdateCustomerResult = CommandResult<typeof updateCustomer>;
