import type { CommandInput, CommandResult } from '@c/core';
import type { attachPaymentMethod } from './commands/attach-payment-method.js';
import type { cancelPaymentIntent } from './commands/cancel-payment-intent.js';
import type { cancelPayout } from './commands/cancel-payout.js';
import type { cancelRefund } from './commands/cancel-refund.js';
import type { cancelSubscription } from './commands/cancel-subscription.js';
import type { capturePaymentIntent } from './commands/capture-payment-intent.js';
import type { closeDispute } from './commands/close-dispute.js';
import type { confirmPaymentIntent } from './commands/confirm-payment-intent.js';
import type { createBillingPortalSession } from './commands/create-billing-portal-session.js';
import type { createCheckoutSession } from './commands/create-checkout-session.js';
import type { createCoupon } from './commands/create-coupon.js';
import type { createCustomer } from './commands/create-customer.js';
import type { createInvoice } from './commands/create-invoice.js';
import type { createInvoiceItem } from './commands/create-invoice-item.js';
import type { createPaymentIntent } from './commands/create-payment-intent.js';
import type { createPaymentLink } from './commands/create-payment-link.js';
import type { createPayout } from './commands/create-payout.js';
import type { createPrice } from './commands/create-price.js';
import type { createProduct } from './commands/create-product.js';
import type { createPromotionCode } from './commands/create-promotion-code.js';
import type { createRefund } from './commands/create-refund.js';
import type { createSetupIntent } from './commands/create-setup-intent.js';
import type { createSubscription } from './commands/create-subscription.js';
import type { customAction } from './commands/custom-action.js';
import type { deleteCoupon } from './commands/delete-coupon.js';
import type { deleteCustomer } from './commands/delete-customer.js';
import type { deleteDraftInvoice } from './commands/delete-draft-invoice.js';
import type { deleteProduct } from './commands/delete-product.js';
import type { detachPaymentMethod } from './commands/detach-payment-method.js';
import type { expireCheckoutSession } from './commands/expire-checkout-session.js';
import type { finalizeInvoice } from './commands/finalize-invoice.js';
import type { getBalance } from './commands/get-balance.js';
import type { getBalanceTransactions } from './commands/get-balance-transactions.js';
import type { getCharge } from './commands/get-charge.js';
import type { getCheckoutSession } from './commands/get-checkout-session.js';
import type { getCustomerById } from './commands/get-customer-by-id.js';
import type { getCustomers } from './commands/get-customers.js';
import type { getDispute } from './commands/get-dispute.js';
import type { getEvent } from './commands/get-event.js';
import type { getInvoice } from './commands/get-invoice.js';
import type { getPaymentIntent } from './commands/get-payment-intent.js';
import type { getPayout } from './commands/get-payout.js';
import type { getPlans } from './commands/get-plans.js';
import type { getPrice } from './commands/get-price.js';
import type { getProductById } from './commands/get-product-by-id.js';
import type { getProducts } from './commands/get-products.js';
import type { getRefund } from './commands/get-refund.js';
import type { getSubscription } from './commands/get-subscription.js';
import type { getSubscriptions } from './commands/get-subscriptions.js';
import type { listCharges } from './commands/list-charges.js';
import type { listCheckoutSessionLineItems } from './commands/list-checkout-session-line-items.js';
import type { listCheckoutSessions } from './commands/list-checkout-sessions.js';
import type { listCoupons } from './commands/list-coupons.js';
import type { listCustomerPaymentMethods } from './commands/list-customer-payment-methods.js';
import type { listDisputes } from './commands/list-disputes.js';
import type { listEvents } from './commands/list-events.js';
import type { listInvoiceLines } from './commands/list-invoice-lines.js';
import type { listInvoices } from './commands/list-invoices.js';
import type { listPaymentIntents } from './commands/list-payment-intents.js';
import type { listPaymentLinks } from './commands/list-payment-links.js';
import type { listPayouts } from './commands/list-payouts.js';
import type { listPrices } from './commands/list-prices.js';
import type { listPromotionCodes } from './commands/list-promotion-codes.js';
import type { listRefunds } from './commands/list-refunds.js';
import type { markInvoiceUncollectible } from './commands/mark-invoice-uncollectible.js';
import type { payInvoice } from './commands/pay-invoice.js';
import type { previewInvoice } from './commands/preview-invoice.js';
import type { resumeSubscription } from './commands/resume-subscription.js';
import type { search } from './commands/search.js';
import type { sendInvoice } from './commands/send-invoice.js';
import type { updateCustomer } from './commands/update-customer.js';
import type { updateDispute } from './commands/update-dispute.js';
import type { updatePaymentIntent } from './commands/update-payment-intent.js';
import type { updatePaymentLink } from './commands/update-payment-link.js';
import type { updatePrice } from './commands/update-price.js';
import type { updateProduct } from './commands/update-product.js';
import type { updateSubscription } from './commands/update-subscription.js';
import type { voidInvoice } from './commands/void-invoice.js';

// Each command's input and result types, `<Command>Input` and `<Command>Result`, re-exported by
// the package's entry point.

/** What `attachPaymentMethod` takes. */
export type AttachPaymentMethodInput = CommandInput<typeof attachPaymentMethod>;
/** What `attachPaymentMethod` returns. */
export type AttachPaymentMethodResult = CommandResult<typeof attachPaymentMethod>;
/** What `cancelPaymentIntent` takes. */
export type CancelPaymentIntentInput = CommandInput<typeof cancelPaymentIntent>;
/** What `cancelPaymentIntent` returns. */
export type CancelPaymentIntentResult = CommandResult<typeof cancelPaymentIntent>;
/** What `cancelRefund` takes. */
export type CancelRefundInput = CommandInput<typeof cancelRefund>;
/** What `cancelRefund` returns. */
export type CancelRefundResult = CommandResult<typeof cancelRefund>;
/** What `capturePaymentIntent` takes. */
export type CapturePaymentIntentInput = CommandInput<typeof capturePaymentIntent>;
/** What `capturePaymentIntent` returns. */
export type CapturePaymentIntentResult = CommandResult<typeof capturePaymentIntent>;
/** What `confirmPaymentIntent` takes. */
export type ConfirmPaymentIntentInput = CommandInput<typeof confirmPaymentIntent>;
/** What `confirmPaymentIntent` returns. */
export type ConfirmPaymentIntentResult = CommandResult<typeof confirmPaymentIntent>;
/** What `createBillingPortalSession` takes. */
export type CreateBillingPortalSessionInput = CommandInput<typeof createBillingPortalSession>;
/** What `createBillingPortalSession` returns. */
export type CreateBillingPortalSessionResult = CommandResult<typeof createBillingPortalSession>;
/** What `createCustomer` takes. */
export type CreateCustomerInput = CommandInput<typeof createCustomer>;
/** What `createCustomer` returns. */
export type CreateCustomerResult = CommandResult<typeof createCustomer>;
/** What `createInvoice` takes. */
export type CreateInvoiceInput = CommandInput<typeof createInvoice>;
/** What `createInvoice` returns. */
export type CreateInvoiceResult = CommandResult<typeof createInvoice>;
/** What `createInvoiceItem` takes. */
export type CreateInvoiceItemInput = CommandInput<typeof createInvoiceItem>;
/** What `createInvoiceItem` returns. */
export type CreateInvoiceItemResult = CommandResult<typeof createInvoiceItem>;
/** What `createPaymentIntent` takes. */
export type CreatePaymentIntentInput = CommandInput<typeof createPaymentIntent>;
/** What `createPaymentIntent` returns. */
export type CreatePaymentIntentResult = CommandResult<typeof createPaymentIntent>;
/** What `createProduct` takes. */
export type CreateProductInput = CommandInput<typeof createProduct>;
/** What `createProduct` returns. */
export type CreateProductResult = CommandResult<typeof createProduct>;
/** What `createRefund` takes. */
export type CreateRefundInput = CommandInput<typeof createRefund>;
/** What `createRefund` returns. */
export type CreateRefundResult = CommandResult<typeof createRefund>;
/** What `createSetupIntent` takes. */
export type CreateSetupIntentInput = CommandInput<typeof createSetupIntent>;
/** What `createSetupIntent` returns. */
export type CreateSetupIntentResult = CommandResult<typeof createSetupIntent>;
/** What `createSubscription` takes. */
export type CreateSubscriptionInput = CommandInput<typeof createSubscription>;
/** What `createSubscription` returns. */
export type CreateSubscriptionResult = CommandResult<typeof createSubscription>;
/** What `customAction` takes. */
export type CustomActionInput = CommandInput<typeof customAction>;
/** What `customAction` returns. */
export type CustomActionResult = CommandResult<typeof customAction>;
/** What `deleteCustomer` takes. */
export type DeleteCustomerInput = CommandInput<typeof deleteCustomer>;
/** What `deleteCustomer` returns. */
export type DeleteCustomerResult = CommandResult<typeof deleteCustomer>;
/** What `deleteDraftInvoice` takes. */
export type DeleteDraftInvoiceInput = CommandInput<typeof deleteDraftInvoice>;
/** What `deleteDraftInvoice` returns. */
export type DeleteDraftInvoiceResult = CommandResult<typeof deleteDraftInvoice>;
/** What `detachPaymentMethod` takes. */
export type DetachPaymentMethodInput = CommandInput<typeof detachPaymentMethod>;
/** What `detachPaymentMethod` returns. */
export type DetachPaymentMethodResult = CommandResult<typeof detachPaymentMethod>;
/** What `finalizeInvoice` takes. */
export type FinalizeInvoiceInput = CommandInput<typeof finalizeInvoice>;
/** What `finalizeInvoice` returns. */
export type FinalizeInvoiceResult = CommandResult<typeof finalizeInvoice>;
/** What `getBalanceTransactions` takes. */
export type GetBalanceTransactionsInput = CommandInput<typeof getBalanceTransactions>;
/** What `getBalanceTransactions` returns. */
export type GetBalanceTransactionsResult = CommandResult<typeof getBalanceTransactions>;
/** What `getCharge` takes. */
export type GetChargeInput = CommandInput<typeof getCharge>;
/** What `getCharge` returns. */
export type GetChargeResult = CommandResult<typeof getCharge>;
/** What `getCustomerById` takes. */
export type GetCustomerByIdInput = CommandInput<typeof getCustomerById>;
/** What `getCustomerById` returns. */
export type GetCustomerByIdResult = CommandResult<typeof getCustomerById>;
/** What `getCustomers` takes. */
export type GetCustomersInput = CommandInput<typeof getCustomers>;
/** What `getCustomers` returns. */
export type GetCustomersResult = CommandResult<typeof getCustomers>;
/** What `getInvoice` takes. */
export type GetInvoiceInput = CommandInput<typeof getInvoice>;
/** What `getInvoice` returns. */
export type GetInvoiceResult = CommandResult<typeof getInvoice>;
/** What `getPaymentIntent` takes. */
export type GetPaymentIntentInput = CommandInput<typeof getPaymentIntent>;
/** What `getPaymentIntent` returns. */
export type GetPaymentIntentResult = CommandResult<typeof getPaymentIntent>;
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
/** What `getRefund` takes. */
export type GetRefundInput = CommandInput<typeof getRefund>;
/** What `getRefund` returns. */
export type GetRefundResult = CommandResult<typeof getRefund>;
/** What `getSubscriptions` takes. */
export type GetSubscriptionsInput = CommandInput<typeof getSubscriptions>;
/** What `getSubscriptions` returns. */
export type GetSubscriptionsResult = CommandResult<typeof getSubscriptions>;
/** What `listCharges` takes. */
export type ListChargesInput = CommandInput<typeof listCharges>;
/** What `listCharges` returns. */
export type ListChargesResult = CommandResult<typeof listCharges>;
/** What `listCustomerPaymentMethods` takes. */
export type ListCustomerPaymentMethodsInput = CommandInput<typeof listCustomerPaymentMethods>;
/** What `listCustomerPaymentMethods` returns. */
export type ListCustomerPaymentMethodsResult = CommandResult<typeof listCustomerPaymentMethods>;
/** What `listInvoiceLines` takes. */
export type ListInvoiceLinesInput = CommandInput<typeof listInvoiceLines>;
/** What `listInvoiceLines` returns. */
export type ListInvoiceLinesResult = CommandResult<typeof listInvoiceLines>;
/** What `listInvoices` takes. */
export type ListInvoicesInput = CommandInput<typeof listInvoices>;
/** What `listInvoices` returns. */
export type ListInvoicesResult = CommandResult<typeof listInvoices>;
/** What `listPaymentIntents` takes. */
export type ListPaymentIntentsInput = CommandInput<typeof listPaymentIntents>;
/** What `listPaymentIntents` returns. */
export type ListPaymentIntentsResult = CommandResult<typeof listPaymentIntents>;
/** What `listRefunds` takes. */
export type ListRefundsInput = CommandInput<typeof listRefunds>;
/** What `listRefunds` returns. */
export type ListRefundsResult = CommandResult<typeof listRefunds>;
/** What `markInvoiceUncollectible` takes. */
export type MarkInvoiceUncollectibleInput = CommandInput<typeof markInvoiceUncollectible>;
/** What `markInvoiceUncollectible` returns. */
export type MarkInvoiceUncollectibleResult = CommandResult<typeof markInvoiceUncollectible>;
/** What `payInvoice` takes. */
export type PayInvoiceInput = CommandInput<typeof payInvoice>;
/** What `payInvoice` returns. */
export type PayInvoiceResult = CommandResult<typeof payInvoice>;
/** What `previewInvoice` takes. */
export type PreviewInvoiceInput = CommandInput<typeof previewInvoice>;
/** What `previewInvoice` returns. */
export type PreviewInvoiceResult = CommandResult<typeof previewInvoice>;
/** What `sendInvoice` takes. */
export type SendInvoiceInput = CommandInput<typeof sendInvoice>;
/** What `sendInvoice` returns. */
export type SendInvoiceResult = CommandResult<typeof sendInvoice>;
/** What `updateCustomer` takes. */
export type UpdateCustomerInput = CommandInput<typeof updateCustomer>;
/** What `updateCustomer` returns. */
export type UpdateCustomerResult = CommandResult<typeof updateCustomer>;
/** What `updatePaymentIntent` takes. */
export type UpdatePaymentIntentInput = CommandInput<typeof updatePaymentIntent>;
/** What `updatePaymentIntent` returns. */
export type UpdatePaymentIntentResult = CommandResult<typeof updatePaymentIntent>;
/** What `voidInvoice` takes. */
export type VoidInvoiceInput = CommandInput<typeof voidInvoice>;
/** What `voidInvoice` returns. */
export type VoidInvoiceResult = CommandResult<typeof voidInvoice>;
/** What `createCheckoutSession` takes. */
export type CreateCheckoutSessionInput = CommandInput<typeof createCheckoutSession>;
/** What `createCheckoutSession` returns. */
export type CreateCheckoutSessionResult = CommandResult<typeof createCheckoutSession>;
/** What `getCheckoutSession` takes. */
export type GetCheckoutSessionInput = CommandInput<typeof getCheckoutSession>;
/** What `getCheckoutSession` returns. */
export type GetCheckoutSessionResult = CommandResult<typeof getCheckoutSession>;
/** What `listCheckoutSessions` takes. */
export type ListCheckoutSessionsInput = CommandInput<typeof listCheckoutSessions>;
/** What `listCheckoutSessions` returns. */
export type ListCheckoutSessionsResult = CommandResult<typeof listCheckoutSessions>;
/** What `listCheckoutSessionLineItems` takes. */
export type ListCheckoutSessionLineItemsInput = CommandInput<typeof listCheckoutSessionLineItems>;
/** What `listCheckoutSessionLineItems` returns. */
export type ListCheckoutSessionLineItemsResult = CommandResult<typeof listCheckoutSessionLineItems>;
/** What `expireCheckoutSession` takes. */
export type ExpireCheckoutSessionInput = CommandInput<typeof expireCheckoutSession>;
/** What `expireCheckoutSession` returns. */
export type ExpireCheckoutSessionResult = CommandResult<typeof expireCheckoutSession>;
/** What `createPaymentLink` takes. */
export type CreatePaymentLinkInput = CommandInput<typeof createPaymentLink>;
/** What `createPaymentLink` returns. */
export type CreatePaymentLinkResult = CommandResult<typeof createPaymentLink>;
/** What `listPaymentLinks` takes. */
export type ListPaymentLinksInput = CommandInput<typeof listPaymentLinks>;
/** What `listPaymentLinks` returns. */
export type ListPaymentLinksResult = CommandResult<typeof listPaymentLinks>;
/** What `updatePaymentLink` takes. */
export type UpdatePaymentLinkInput = CommandInput<typeof updatePaymentLink>;
/** What `updatePaymentLink` returns. */
export type UpdatePaymentLinkResult = CommandResult<typeof updatePaymentLink>;
/** What `createPrice` takes. */
export type CreatePriceInput = CommandInput<typeof createPrice>;
/** What `createPrice` returns. */
export type CreatePriceResult = CommandResult<typeof createPrice>;
/** What `getPrice` takes. */
export type GetPriceInput = CommandInput<typeof getPrice>;
/** What `getPrice` returns. */
export type GetPriceResult = CommandResult<typeof getPrice>;
/** What `listPrices` takes. */
export type ListPricesInput = CommandInput<typeof listPrices>;
/** What `listPrices` returns. */
export type ListPricesResult = CommandResult<typeof listPrices>;
/** What `updatePrice` takes. */
export type UpdatePriceInput = CommandInput<typeof updatePrice>;
/** What `updatePrice` returns. */
export type UpdatePriceResult = CommandResult<typeof updatePrice>;
/** What `updateProduct` takes. */
export type UpdateProductInput = CommandInput<typeof updateProduct>;
/** What `updateProduct` returns. */
export type UpdateProductResult = CommandResult<typeof updateProduct>;
/** What `deleteProduct` takes. */
export type DeleteProductInput = CommandInput<typeof deleteProduct>;
/** What `deleteProduct` returns. */
export type DeleteProductResult = CommandResult<typeof deleteProduct>;
/** What `getSubscription` takes. */
export type GetSubscriptionInput = CommandInput<typeof getSubscription>;
/** What `getSubscription` returns. */
export type GetSubscriptionResult = CommandResult<typeof getSubscription>;
/** What `updateSubscription` takes. */
export type UpdateSubscriptionInput = CommandInput<typeof updateSubscription>;
/** What `updateSubscription` returns. */
export type UpdateSubscriptionResult = CommandResult<typeof updateSubscription>;
/** What `cancelSubscription` takes. */
export type CancelSubscriptionInput = CommandInput<typeof cancelSubscription>;
/** What `cancelSubscription` returns. */
export type CancelSubscriptionResult = CommandResult<typeof cancelSubscription>;
/** What `resumeSubscription` takes. */
export type ResumeSubscriptionInput = CommandInput<typeof resumeSubscription>;
/** What `resumeSubscription` returns. */
export type ResumeSubscriptionResult = CommandResult<typeof resumeSubscription>;
/** What `createCoupon` takes. */
export type CreateCouponInput = CommandInput<typeof createCoupon>;
/** What `createCoupon` returns. */
export type CreateCouponResult = CommandResult<typeof createCoupon>;
/** What `listCoupons` takes. */
export type ListCouponsInput = CommandInput<typeof listCoupons>;
/** What `listCoupons` returns. */
export type ListCouponsResult = CommandResult<typeof listCoupons>;
/** What `deleteCoupon` takes. */
export type DeleteCouponInput = CommandInput<typeof deleteCoupon>;
/** What `deleteCoupon` returns. */
export type DeleteCouponResult = CommandResult<typeof deleteCoupon>;
/** What `createPromotionCode` takes. */
export type CreatePromotionCodeInput = CommandInput<typeof createPromotionCode>;
/** What `createPromotionCode` returns. */
export type CreatePromotionCodeResult = CommandResult<typeof createPromotionCode>;
/** What `listPromotionCodes` takes. */
export type ListPromotionCodesInput = CommandInput<typeof listPromotionCodes>;
/** What `listPromotionCodes` returns. */
export type ListPromotionCodesResult = CommandResult<typeof listPromotionCodes>;
/** What `listDisputes` takes. */
export type ListDisputesInput = CommandInput<typeof listDisputes>;
/** What `listDisputes` returns. */
export type ListDisputesResult = CommandResult<typeof listDisputes>;
/** What `getDispute` takes. */
export type GetDisputeInput = CommandInput<typeof getDispute>;
/** What `getDispute` returns. */
export type GetDisputeResult = CommandResult<typeof getDispute>;
/** What `updateDispute` takes. */
export type UpdateDisputeInput = CommandInput<typeof updateDispute>;
/** What `updateDispute` returns. */
export type UpdateDisputeResult = CommandResult<typeof updateDispute>;
/** What `closeDispute` takes. */
export type CloseDisputeInput = CommandInput<typeof closeDispute>;
/** What `closeDispute` returns. */
export type CloseDisputeResult = CommandResult<typeof closeDispute>;
/** What `search` takes. */
export type SearchInput = CommandInput<typeof search>;
/** What `search` returns. */
export type SearchResult = CommandResult<typeof search>;
/** What `listEvents` takes. */
export type ListEventsInput = CommandInput<typeof listEvents>;
/** What `listEvents` returns. */
export type ListEventsResult = CommandResult<typeof listEvents>;
/** What `getEvent` takes. */
export type GetEventInput = CommandInput<typeof getEvent>;
/** What `getEvent` returns. */
export type GetEventResult = CommandResult<typeof getEvent>;
/** What `getBalance` takes. */
export type GetBalanceInput = CommandInput<typeof getBalance>;
/** What `getBalance` returns. */
export type GetBalanceResult = CommandResult<typeof getBalance>;
/** What `listPayouts` takes. */
export type ListPayoutsInput = CommandInput<typeof listPayouts>;
/** What `listPayouts` returns. */
export type ListPayoutsResult = CommandResult<typeof listPayouts>;
/** What `getPayout` takes. */
export type GetPayoutInput = CommandInput<typeof getPayout>;
/** What `getPayout` returns. */
export type GetPayoutResult = CommandResult<typeof getPayout>;
/** What `createPayout` takes. */
export type CreatePayoutInput = CommandInput<typeof createPayout>;
/** What `createPayout` returns. */
export type CreatePayoutResult = CommandResult<typeof createPayout>;
/** What `cancelPayout` takes. */
export type CancelPayoutInput = CommandInput<typeof cancelPayout>;
/** What `cancelPayout` returns. */
export type CancelPayoutResult = CommandResult<typeof cancelPayout>;
