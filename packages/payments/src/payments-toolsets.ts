import type { Toolset } from '@c/core';

/**
 * The payments connector's commands by area, for MCP toolsets, `c-host list` and the UI. `core` holds
 * the commands a Stripe user runs most; every command sits in at least one other area.
 */
export const paymentsToolsets: Record<string, Toolset> = {
  core: {
    title: 'Most used',
    description:
      'Find and create customers, read subscriptions, take payments and refund them, and call any endpoint.',
    commands: [
      'createCustomer',
      'getCustomerById',
      'getCustomers',
      'createSubscription',
      'getSubscriptions',
      'createPaymentIntent',
      'createRefund',
      'customAction',
    ],
  },
  customers: {
    title: 'Customers',
    description: 'Create, find, read and update the people and companies you bill.',
    commands: [
      'createCustomer',
      'getCustomerById',
      'getCustomers',
      'updateCustomer',
      'deleteCustomer',
      'createBillingPortalSession',
    ],
  },
  payments: {
    title: 'Payments',
    description: 'Take payments: payment intents (create, confirm, capture, cancel) and their charges.',
    commands: [
      'createPaymentIntent',
      'getPaymentIntent',
      'listPaymentIntents',
      'updatePaymentIntent',
      'confirmPaymentIntent',
      'capturePaymentIntent',
      'cancelPaymentIntent',
      'getCharge',
      'listCharges',
    ],
  },
  refunds: {
    title: 'Refunds',
    description: 'Give money back for a payment, in part or in full.',
    commands: ['createRefund', 'getRefund', 'listRefunds', 'cancelRefund'],
  },
  'payment-methods': {
    title: 'Payment methods',
    description: 'Save, list and remove the cards and accounts customers pay with.',
    commands: [
      'listCustomerPaymentMethods',
      'attachPaymentMethod',
      'detachPaymentMethod',
      'createSetupIntent',
    ],
  },
  invoices: {
    title: 'Invoices',
    description:
      'Bill customers: draft invoices and their items, finalize, send, collect, void or write off.',
    commands: [
      'createInvoice',
      'createInvoiceItem',
      'getInvoice',
      'listInvoices',
      'listInvoiceLines',
      'previewInvoice',
      'finalizeInvoice',
      'sendInvoice',
      'payInvoice',
      'voidInvoice',
      'markInvoiceUncollectible',
      'deleteDraftInvoice',
    ],
  },
  checkout: {
    title: 'Checkout and payment links',
    description: 'Stripe-hosted payment pages: Checkout Sessions for one customer, payment links to share.',
    commands: [
      'createCheckoutSession',
      'getCheckoutSession',
      'listCheckoutSessions',
      'listCheckoutSessionLineItems',
      'expireCheckoutSession',
      'createPaymentLink',
      'listPaymentLinks',
      'updatePaymentLink',
    ],
  },
  coupons: {
    title: 'Coupons and promotion codes',
    description: 'Make discounts: coupons, and the codes customers type to redeem them.',
    commands: ['createCoupon', 'listCoupons', 'deleteCoupon', 'createPromotionCode', 'listPromotionCodes'],
  },
  subscriptions: {
    title: 'Subscriptions',
    description:
      'Subscribe customers to recurring prices; read, change, cancel and resume their subscriptions.',
    commands: [
      'createSubscription',
      'getSubscriptions',
      'getSubscription',
      'updateSubscription',
      'cancelSubscription',
      'resumeSubscription',
    ],
  },
  schedules: {
    title: 'Subscription schedules',
    description:
      'Plan a subscription’s changes ahead, phase by phase: create, read, cancel or release a schedule.',
    commands: [
      'createSubscriptionSchedule',
      'getSubscriptionSchedule',
      'cancelSubscriptionSchedule',
      'releaseSubscriptionSchedule',
    ],
  },
  usage: {
    title: 'Usage-based billing',
    description: 'Report customers’ usage to billing meters, and list the meters.',
    commands: ['listMeters', 'createMeterEvent'],
  },
  catalog: {
    title: 'Products and prices',
    description: 'What you sell: products and their prices (plans).',
    commands: [
      'createProduct',
      'getProductById',
      'getProducts',
      'updateProduct',
      'deleteProduct',
      'getPlans',
      'createPrice',
      'getPrice',
      'listPrices',
      'updatePrice',
    ],
  },
  balance: {
    title: 'Balance',
    description: 'Money in and out of the account’s balance, and payouts to the bank account.',
    commands: [
      'getBalance',
      'getBalanceTransactions',
      'listPayouts',
      'getPayout',
      'createPayout',
      'cancelPayout',
    ],
  },
  disputes: {
    title: 'Disputes',
    description: 'Answer chargebacks: read disputes, send evidence, or accept the loss.',
    commands: ['listDisputes', 'getDispute', 'updateDispute', 'closeDispute'],
  },
  find: {
    title: 'Search',
    description:
      'Find customers, charges, invoices, payment intents, prices, products and subscriptions with Stripe’s search query language.',
    commands: ['search'],
  },
  events: {
    title: 'Events',
    description: 'Read what changed in the account: events by type and time.',
    commands: ['listEvents', 'getEvent'],
  },
  custom: {
    title: 'Any endpoint',
    description: 'Call a Stripe endpoint no command covers yet.',
    commands: ['customAction'],
  },
};
