import { ValidationError } from '@c/core';
import { failure, useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { PAYMENTS_API_VERSION } from './payments-client.js';
import { payments } from './payments-connector.js';
import { paymentsSimulator } from './testing/index.js';
import { stripeHarness } from './testing/stripe-test-helpers.js';

/** The payments table of spec/COMMANDS.md: key, title and parameter keys. */
const SPEC: [string, string, string[]][] = [
  ['createCustomer', 'Create Customer', ['email', 'name', 'description', 'metadata']],
  ['getCustomerById', 'Get Customer By Id', ['customerId']],
  ['getCustomers', 'Get Customers', ['email', 'createdAfter', 'createdBefore', 'limit']],
  [
    'createSubscription',
    'Create Subscription',
    [
      'customerId',
      'plan',
      'metadata',
      'paymentBehavior',
      'defaultPaymentMethod',
      'trialPeriodDays',
      'collectionMethod',
      'daysUntilDue',
      'quantity',
    ],
  ],
  ['getSubscriptions', 'Get Subscriptions', ['customerId', 'status', 'limit']],
  ['updateCustomer', 'Update Customer', ['customerId', 'email', 'name', 'description', 'metadata']],
  ['createProduct', 'Create Product', ['name', 'description', 'metadata']],
  ['getProductById', 'Get Product By Id', ['productId']],
  ['getBalanceTransactions', 'Get Balance Transactions', ['type', 'pagination']],
  ['getPlans', 'Get Plans', ['active', 'pagination']],
  ['getProducts', 'Get Products', ['createdAfter', 'createdBefore', 'limit']],
  ['customAction', 'Custom Action', ['method', 'path', 'query', 'body', 'headers']],
];

/**
 * The payments commands of spec/SURFACE.md landed so far: key, title and parameter keys (the listed
 * ones, then `extra` on creates and updates, `expand` on reads, `startingAfter` on lists).
 */
const SURFACE: [string, string, string[]][] = [
  [
    'createPaymentIntent',
    'Create Payment Intent',
    [
      'amount',
      'currency',
      'customerId',
      'paymentMethod',
      'confirm',
      'captureMethod',
      'automaticPaymentMethods',
      'paymentMethodTypes',
      'description',
      'receiptEmail',
      'setupFutureUsage',
      'returnUrl',
      'metadata',
      'extra',
    ],
  ],
  ['getPaymentIntent', 'Get Payment Intent', ['paymentIntentId', 'expand']],
  [
    'listPaymentIntents',
    'List Payment Intents',
    ['customerId', 'createdAfter', 'createdBefore', 'limit', 'startingAfter'],
  ],
  [
    'updatePaymentIntent',
    'Update Payment Intent',
    ['paymentIntentId', 'amount', 'description', 'metadata', 'extra'],
  ],
  [
    'confirmPaymentIntent',
    'Confirm Payment Intent',
    ['paymentIntentId', 'paymentMethod', 'returnUrl', 'extra'],
  ],
  ['capturePaymentIntent', 'Capture Payment Intent', ['paymentIntentId', 'amountToCapture']],
  ['cancelPaymentIntent', 'Cancel Payment Intent', ['paymentIntentId', 'cancellationReason']],
  ['getCharge', 'Get Charge', ['chargeId', 'expand']],
  [
    'listCharges',
    'List Charges',
    ['customerId', 'paymentIntentId', 'createdAfter', 'createdBefore', 'limit', 'startingAfter'],
  ],
  ['createRefund', 'Create Refund', ['paymentIntentId', 'chargeId', 'amount', 'reason', 'metadata', 'extra']],
  ['getRefund', 'Get Refund', ['refundId', 'expand']],
  ['listRefunds', 'List Refunds', ['chargeId', 'paymentIntentId', 'limit', 'startingAfter']],
  ['cancelRefund', 'Cancel Refund', ['refundId']],
  ['deleteCustomer', 'Delete Customer', ['customerId']],
  [
    'listCustomerPaymentMethods',
    'List Customer Payment Methods',
    ['customerId', 'type', 'limit', 'startingAfter'],
  ],
  ['attachPaymentMethod', 'Attach Payment Method', ['paymentMethodId', 'customerId']],
  ['detachPaymentMethod', 'Detach Payment Method', ['paymentMethodId']],
  [
    'createSetupIntent',
    'Create Setup Intent',
    ['customerId', 'paymentMethodTypes', 'usage', 'description', 'metadata', 'extra'],
  ],
  [
    'createInvoice',
    'Create Invoice',
    [
      'customerId',
      'collectionMethod',
      'daysUntilDue',
      'description',
      'autoAdvance',
      'subscriptionId',
      'metadata',
      'extra',
    ],
  ],
  [
    'createInvoiceItem',
    'Create Invoice Item',
    [
      'customerId',
      'invoiceId',
      'price',
      'amount',
      'currency',
      'quantity',
      'description',
      'metadata',
      'extra',
    ],
  ],
  ['getInvoice', 'Get Invoice', ['invoiceId', 'expand']],
  [
    'listInvoices',
    'List Invoices',
    ['customerId', 'subscriptionId', 'status', 'createdAfter', 'createdBefore', 'limit', 'startingAfter'],
  ],
  ['listInvoiceLines', 'List Invoice Lines', ['invoiceId', 'limit', 'startingAfter']],
  ['previewInvoice', 'Preview Invoice', ['customerId', 'subscriptionId', 'subscriptionItems']],
  ['finalizeInvoice', 'Finalize Invoice', ['invoiceId']],
  ['sendInvoice', 'Send Invoice', ['invoiceId']],
  ['payInvoice', 'Pay Invoice', ['invoiceId', 'paymentMethod', 'paidOutOfBand']],
  ['voidInvoice', 'Void Invoice', ['invoiceId']],
  ['markInvoiceUncollectible', 'Mark Invoice Uncollectible', ['invoiceId']],
  ['deleteDraftInvoice', 'Delete Draft Invoice', ['invoiceId']],
  ['createBillingPortalSession', 'Create Billing Portal Session', ['customerId', 'returnUrl', 'extra']],
  [
    'createCheckoutSession',
    'Create Checkout Session',
    [
      'mode',
      'lineItems',
      'successUrl',
      'cancelUrl',
      'customerId',
      'customerEmail',
      'allowPromotionCodes',
      'metadata',
      'extra',
    ],
  ],
  ['getCheckoutSession', 'Get Checkout Session', ['sessionId', 'expand']],
  [
    'listCheckoutSessions',
    'List Checkout Sessions',
    ['customerId', 'paymentIntentId', 'status', 'limit', 'startingAfter'],
  ],
  [
    'listCheckoutSessionLineItems',
    'List Checkout Session Line Items',
    ['sessionId', 'limit', 'startingAfter'],
  ],
  ['expireCheckoutSession', 'Expire Checkout Session', ['sessionId']],
  [
    'createPaymentLink',
    'Create Payment Link',
    ['lineItems', 'afterCompletionUrl', 'allowPromotionCodes', 'metadata', 'extra'],
  ],
  ['listPaymentLinks', 'List Payment Links', ['active', 'limit', 'startingAfter']],
  ['updatePaymentLink', 'Update Payment Link', ['paymentLinkId', 'active', 'metadata', 'extra']],
  [
    'createPrice',
    'Create Price',
    [
      'productId',
      'productName',
      'unitAmount',
      'currency',
      'recurring',
      'nickname',
      'lookupKey',
      'taxBehavior',
      'metadata',
      'extra',
    ],
  ],
  ['getPrice', 'Get Price', ['priceId', 'expand']],
  ['listPrices', 'List Prices', ['productId', 'active', 'type', 'lookupKeys', 'limit', 'startingAfter']],
  ['updatePrice', 'Update Price', ['priceId', 'active', 'nickname', 'lookupKey', 'metadata', 'extra']],
  [
    'updateProduct',
    'Update Product',
    ['productId', 'name', 'description', 'active', 'defaultPrice', 'metadata', 'extra'],
  ],
  ['deleteProduct', 'Delete Product', ['productId']],
  ['getSubscription', 'Get Subscription', ['subscriptionId', 'expand']],
  [
    'updateSubscription',
    'Update Subscription',
    [
      'subscriptionId',
      'items',
      'prorationBehavior',
      'cancelAtPeriodEnd',
      'cancelAt',
      'defaultPaymentMethod',
      'trialEnd',
      'pauseCollection',
      'discounts',
      'metadata',
      'extra',
    ],
  ],
  [
    'cancelSubscription',
    'Cancel Subscription',
    ['subscriptionId', 'invoiceNow', 'prorate', 'comment', 'feedback'],
  ],
  ['resumeSubscription', 'Resume Subscription', ['subscriptionId', 'prorationBehavior']],
  [
    'createCoupon',
    'Create Coupon',
    [
      'percentOff',
      'amountOff',
      'currency',
      'duration',
      'durationInMonths',
      'id',
      'name',
      'maxRedemptions',
      'redeemBy',
      'metadata',
      'extra',
    ],
  ],
  ['listCoupons', 'List Coupons', ['createdAfter', 'createdBefore', 'limit', 'startingAfter']],
  ['deleteCoupon', 'Delete Coupon', ['couponId']],
  [
    'createPromotionCode',
    'Create Promotion Code',
    ['coupon', 'code', 'customerId', 'maxRedemptions', 'expiresAt', 'metadata', 'extra'],
  ],
  [
    'listPromotionCodes',
    'List Promotion Codes',
    ['code', 'active', 'coupon', 'customerId', 'limit', 'startingAfter'],
  ],
  [
    'listDisputes',
    'List Disputes',
    ['chargeId', 'paymentIntentId', 'createdAfter', 'createdBefore', 'limit', 'startingAfter'],
  ],
  ['getDispute', 'Get Dispute', ['disputeId', 'expand']],
  ['updateDispute', 'Update Dispute', ['disputeId', 'evidence', 'submit', 'metadata', 'extra']],
  ['closeDispute', 'Close Dispute', ['disputeId']],
  ['search', 'Search', ['resource', 'query', 'limit', 'page']],
  ['listEvents', 'List Events', ['type', 'createdAfter', 'createdBefore', 'limit', 'startingAfter']],
  ['getEvent', 'Get Event', ['eventId']],
  ['getBalance', 'Get Balance', []],
  ['listPayouts', 'List Payouts', ['status', 'arrivalAfter', 'arrivalBefore', 'limit', 'startingAfter']],
  ['getPayout', 'Get Payout', ['payoutId', 'expand']],
  [
    'createPayout',
    'Create Payout',
    ['amount', 'currency', 'description', 'method', 'statementDescriptor', 'metadata', 'extra'],
  ],
  ['cancelPayout', 'Cancel Payout', ['payoutId']],
  [
    'createSubscriptionSchedule',
    'Create Subscription Schedule',
    ['customerId', 'phases', 'fromSubscription', 'startDate', 'endBehavior', 'metadata', 'extra'],
  ],
  ['getSubscriptionSchedule', 'Get Subscription Schedule', ['scheduleId', 'expand']],
  ['cancelSubscriptionSchedule', 'Cancel Subscription Schedule', ['scheduleId', 'invoiceNow', 'prorate']],
  ['releaseSubscriptionSchedule', 'Release Subscription Schedule', ['scheduleId', 'preserveCancelDate']],
  [
    'createMeterEvent',
    'Create Meter Event',
    ['eventName', 'customerId', 'value', 'identifier', 'timestamp', 'extra'],
  ],
  ['listMeters', 'List Meters', ['status', 'limit', 'startingAfter']],
];

describe('payments connector', () => {
  it('has exactly the commands, titles and parameters of the spec, each with a title and description', () => {
    expect(payments.id).toBe('payments');
    expect(payments.list.map((command) => command.key)).toEqual([...SPEC, ...SURFACE].map(([key]) => key));
    for (const [key, title, parameters] of [...SPEC, ...SURFACE]) {
      const command = payments.commands[key as keyof typeof payments.commands];
      expect(command.title).toBe(title);
      const properties = command.inputSchema.properties as Record<
        string,
        { title?: string; description?: string }
      >;
      expect(Object.keys(properties)).toEqual(parameters);
      for (const [name, schema] of Object.entries(properties)) {
        expect(schema.title, `${key}.${name} title`).toBeTruthy();
        expect(schema.description, `${key}.${name} description`).toBeTruthy();
      }
    }
  });

  it('marks required parameters and the reference’s labels', () => {
    const required = (key: keyof typeof payments.commands) => payments.commands[key].inputSchema.required;
    expect(required('getCustomerById')).toEqual(['customerId']);
    expect(required('createSubscription')).toEqual(['customerId', 'plan']);
    expect(required('createProduct')).toEqual(['name']);
    expect(required('customAction')).toEqual(['method', 'path']);
    const title = (key: keyof typeof payments.commands, name: string) =>
      (payments.commands[key].inputSchema.properties as Record<string, { title: string }>)[name]?.title;
    expect(title('createProduct', 'name')).toBe('Product Name');
    expect(title('getPlans', 'active')).toBe('Is Plan Active');
    expect(title('getCustomers', 'createdAfter')).toBe('Created After');
    expect(title('getBalanceTransactions', 'type')).toBe('Balance Transaction Type');
    expect(title('getBalanceTransactions', 'pagination')).toBe('Pagination Parameters');
    expect(title('getSubscriptions', 'status')).toBe('Subscription Status');
  });

  it.each([
    [{ credentials: {} }, 'credentials.apiKey'],
    [{ credentials: { apiKey: 'pk_test_publishable123' } }, 'credentials.apiKey'],
    [{ credentials: { apiKey: 'sk_test_ok123' }, baseUrl: 'ftp://example.com' }, 'baseUrl'],
    [{ credentials: { apiKey: 'sk_test_ok123' }, apiVersion: 'latest' }, 'apiVersion'],
  ])('refuses a bad connection %j without echoing the key', (config, parameter) => {
    let error: any;
    try {
      payments.connect(config as Parameters<typeof payments.connect>[0]);
    } catch (caught) {
      error = caught;
    }
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe(parameter);
    expect(JSON.stringify(error.toJSON())).not.toContain('publishable123');
  });

  it('declares an output schema on every command: an object schema whose fields are described', () => {
    const undescribed: string[] = [];
    for (const command of payments.list) {
      expect(command.output, command.key).toBeDefined();
      const schema = command.outputSchema!;
      expect(schema.type, command.key).toBe('object');
      const branches = (schema.anyOf ?? [schema]) as (typeof schema)[];
      for (const branch of branches) {
        expect(branch.type, command.key).toBe('object');
        for (const [key, property] of Object.entries(
          (branch.properties ?? {}) as Record<string, { description?: string }>,
        )) {
          if (!property.description) undescribed.push(`${command.key}.${key}`);
        }
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('returns Stripe’s list object from every list command, as the spec’s results table says', () => {
    for (const key of [
      'getCustomers',
      'getSubscriptions',
      'getBalanceTransactions',
      'getPlans',
      'getProducts',
    ]) {
      const schema = payments.commands[key as keyof typeof payments.commands].outputSchema!;
      expect(schema.required, key).toEqual(['object', 'data', 'has_more', 'url']);
      expect((schema.properties as Record<string, unknown>).object, key).toMatchObject({ const: 'list' });
    }
  });

  it('declares its simulator, loaded only when asked', async () => {
    const simulator = await payments.simulator!();
    expect(simulator).toBe(paymentsSimulator);
    expect(simulator.connectorId).toBe(payments.id);
    expect(simulator.speaks).toBe(`Stripe API ${PAYMENTS_API_VERSION}`);
  });

  it('names the environment variables of the spec', () => {
    expect(payments.env).toEqual({
      C_PAYMENTS_API_KEY: 'credentials.apiKey',
      C_PAYMENTS_BASE_URL: 'baseUrl',
      C_PAYMENTS_API_VERSION: 'apiVersion',
    });
  });

  it('pins the Stripe API version it is built against, and says so in the option’s schema', () => {
    expect(payments.parseOptions({}).apiVersion).toBe('2026-10-28.endive');
    expect(payments.parseOptions({ apiVersion: '2024-06-20' }).apiVersion).toBe('2024-06-20');
    const meta = payments.options.shape.apiVersion.meta();
    expect(meta?.title).toBe('API Version');
    expect(meta?.description).toMatch(/Stripe-Version.*2026-10-28\.endive/);
  });
});

const h = useSimulator(paymentsSimulator, stripeHarness());

describe('payments connection', () => {
  it('verifies the key with one cheap read', async () => {
    await h.client.verify();
    expect(h.sim.server.calls.map((call) => `${call.method} ${call.path}${call.url.search}`)).toEqual([
      'GET /v1/customers?limit=1',
    ]);
    const error = await failure(h.connect({ apiKey: 'sk_test_NotTheKey000' }).verify());
    expect(error.kind).toBe('auth');
  });

  it('refuses an unknown command by name', async () => {
    const error = await failure(h.client.runUnknown('deleteEverything', {}));
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('command');
    expect(h.sim.server.calls).toHaveLength(0);
  });
});
