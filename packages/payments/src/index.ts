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

export type { StripeSearchResult } from './commands/search.js';
export { PAYMENTS_API_VERSION, type PaymentsContext } from './payments-client.js';
export type * from './payments-command-types.js';
export type * from './payments-command-types-billing.js';
export { type PaymentsClient, payments } from './payments-connector.js';
export type { StripeBalance, StripeBalanceTransaction, StripePayout } from './schemas/balance.js';
export type { StripeBillingPortalSession } from './schemas/billing-portal.js';
export type {
  StripeDeletedProduct,
  StripePlan,
  StripePrice,
  StripeProduct,
  StripeProductWithPrices,
} from './schemas/catalog.js';
export type { StripeCheckoutSession, StripeLineItem, StripePaymentLink } from './schemas/checkout.js';
export type { StripeList, StripeResumableList } from './schemas/common.js';
export type { StripeCoupon, StripeDeletedCoupon, StripePromotionCode } from './schemas/coupons.js';
export type { StripeCustomer, StripeDeletedCustomer } from './schemas/customers.js';
export type { StripeDispute } from './schemas/disputes.js';
export type { StripeEventObject } from './schemas/events.js';
export type {
  StripeDeletedInvoice,
  StripeInvoice,
  StripeInvoiceItem,
  StripeInvoiceLine,
} from './schemas/invoices.js';
export type { StripeMeter, StripeMeterEvent } from './schemas/meters.js';
export type {
  StripeCharge,
  StripePaymentIntent,
  StripePaymentMethod,
  StripeRefund,
  StripeSetupIntent,
} from './schemas/payments.js';
export type {
  StripeSubscription,
  StripeSubscriptionItem,
  StripeSubscriptionSchedule,
} from './schemas/subscriptions.js';
export {
  eventTrigger,
  type PaymentsEventState,
  type StripeEvent,
  type VerifyStripeOptions,
  verifyStripeSignature,
} from './triggers/event.js';
export {
  attachPaymentMethod,
  cancelPaymentIntent,
  cancelPayout,
  cancelRefund,
  cancelSubscription,
  cancelSubscriptionSchedule,
  capturePaymentIntent,
  closeDispute,
  confirmPaymentIntent,
  createBillingPortalSession,
  createCheckoutSession,
  createCoupon,
  createCustomer,
  createInvoice,
  createInvoiceItem,
  createMeterEvent,
  createPaymentIntent,
  createPaymentLink,
  createPayout,
  createPrice,
  createProduct,
  createPromotionCode,
  createRefund,
  createSetupIntent,
  createSubscription,
  createSubscriptionSchedule,
  customAction,
  deleteCoupon,
  deleteCustomer,
  deleteDraftInvoice,
  deleteProduct,
  detachPaymentMethod,
  expireCheckoutSession,
  finalizeInvoice,
  getBalance,
  getBalanceTransactions,
  getCharge,
  getCheckoutSession,
  getCustomerById,
  getCustomers,
  getDispute,
  getEvent,
  getInvoice,
  getPaymentIntent,
  getPayout,
  getPlans,
  getPrice,
  getProductById,
  getProducts,
  getRefund,
  getSubscription,
  getSubscriptionSchedule,
  getSubscriptions,
  listCharges,
  listCheckoutSessionLineItems,
  listCheckoutSessions,
  listCoupons,
  listCustomerPaymentMethods,
  listDisputes,
  listEvents,
  listInvoiceLines,
  listInvoices,
  listMeters,
  listPaymentIntents,
  listPaymentLinks,
  listPayouts,
  listPrices,
  listPromotionCodes,
  listRefunds,
  markInvoiceUncollectible,
  payInvoice,
  previewInvoice,
  releaseSubscriptionSchedule,
  resumeSubscription,
  search,
  sendInvoice,
  updateCustomer,
  updateDispute,
  updatePaymentIntent,
  updatePaymentLink,
  updatePrice,
  updateProduct,
  updateSubscription,
  voidInvoice,
};
