import { buildBalanceTransaction } from './resources/balance.js';
import { buildCoupon } from './resources/coupons.js';
import { buildCustomer } from './resources/customers.js';
import { seedDispute } from './resources/disputes.js';
import { buildInvoice, type InvoiceFields } from './resources/invoices.js';
import { buildMeter } from './resources/meters.js';
import { buildPaymentMethod, TEST_CARDS } from './resources/payment-methods.js';
import { buildPayout } from './resources/payouts.js';
import { buildPrice } from './resources/prices.js';
import { buildProduct } from './resources/product-object.js';
import { buildPromotionCode } from './resources/promotion-codes.js';
import { buildSubscription, periodEnd } from './resources/subscription-objects.js';
import { buildPhase, buildSchedule } from './resources/subscription-schedules.js';
import type { StoredObject, StripeState } from './stripe-state.js';

const DAY = 86_400;

/** Ids of the seeded objects, for examples and tests. */
export const SEED_IDS = {
  customers: {
    ada: 'cus_SeedAdaLovelace',
    grace: 'cus_SeedGraceHopper',
    alan: 'cus_SeedAlanTuring',
    katherine: 'cus_SeedKatherineJohnson',
    linus: 'cus_SeedLinusTorvalds',
  },
  paymentMethods: {
    ada: 'pm_SeedAdaVisa',
    grace: 'pm_SeedGraceMastercard',
    alan: 'pm_SeedAlanVisa',
    katherine: 'pm_SeedKatherineDeclines',
  },
  products: { starter: 'prod_SeedStarter', pro: 'prod_SeedPro', onboarding: 'prod_SeedOnboarding' },
  prices: {
    starterMonthly: 'price_SeedStarterMonthly',
    starterYearly: 'price_SeedStarterYearly',
    starterLegacy: 'price_SeedStarterLegacy',
    proMonthly: 'price_SeedProMonthly',
    proYearly: 'price_SeedProYearly',
    onboarding: 'price_SeedOnboardingFee',
  },
  subscriptions: {
    adaPro: 'sub_SeedAdaPro',
    graceStarter: 'sub_SeedGraceStarter',
    alanStarter: 'sub_SeedAlanStarter',
    katherinePro: 'sub_SeedKatherinePro',
    linusStarter: 'sub_SeedLinusStarter',
  },
  coupons: { welcome: 'WELCOME10' },
  promotionCodes: { welcome: 'promo_SeedWelcome' },
  disputes: { adaFraud: 'du_SeedAdaFraudulent', graceNotReceived: 'du_SeedGraceNotReceived' },
  payouts: { paid: 'po_SeedWeeklyPaid', pending: 'po_SeedPending' },
  subscriptionSchedules: { adaToYearly: 'sub_sched_SeedAdaToYearly' },
  meters: { apiRequests: 'mtr_SeedApiRequests', storage: 'mtr_SeedStorageLegacy' },
} as const;

const SEED_REQUEST = { id: null, idempotencyKey: null };

/**
 * Fills the account with a small, realistic data set so every command has something to show: five
 * customers (four with a card, Katherine's declining; Linus with none), three products with six
 * prices (one inactive, one one-time), five subscriptions in different states (active, trialing,
 * canceled, past due, and paused after a trial that ended without a payment method), each with its
 * latest invoice, a coupon with its promotion code (WELCOME), two disputed payments, two payouts
 * (paid, pending), twelve balance transactions of every common type, a schedule that moves Ada to Pro
 * yearly at her next renewal, two meters (api_requests active, a legacy one inactive), and their
 * events.
 */
export function seedStripeState(state: StripeState): void {
  const now = state.now();
  const ago = (days: number, hours = 0) => now - days * DAY - hours * 3600;
  const add = (
    collection: { set(value: StoredObject): StoredObject },
    type: string,
    object: StoredObject,
  ) => {
    collection.set(object);
    state.recordEvent(type, object, SEED_REQUEST, { created: object.created });
    return object;
  };
  const ids = SEED_IDS;

  const cards: Record<string, [string, keyof typeof TEST_CARDS]> = {
    [ids.customers.ada]: [ids.paymentMethods.ada, 'pm_card_visa'],
    [ids.customers.grace]: [ids.paymentMethods.grace, 'pm_card_mastercard'],
    [ids.customers.alan]: [ids.paymentMethods.alan, 'pm_card_visa'],
    [ids.customers.katherine]: [ids.paymentMethods.katherine, 'pm_card_chargeDeclined'],
  };
  const customers: {
    id: string;
    name: string;
    email: string;
    days: number;
    metadata: Record<string, string>;
    description?: string;
  }[] = [
    {
      id: ids.customers.ada,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      days: 40,
      metadata: { plan: 'pro', region: 'eu' },
      description: 'Analytical Engines Ltd',
    },
    {
      id: ids.customers.grace,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      days: 31,
      metadata: { plan: 'starter' },
    },
    { id: ids.customers.alan, name: 'Alan Turing', email: 'alan@example.com', days: 22, metadata: {} },
    {
      id: ids.customers.katherine,
      name: 'Katherine Johnson',
      email: 'katherine@example.com',
      days: 12,
      metadata: { region: 'us' },
    },
    { id: ids.customers.linus, name: 'Linus Torvalds', email: 'linus@example.com', days: 9, metadata: {} },
  ];
  for (const customer of customers) {
    const card = cards[customer.id];
    add(
      state.customers,
      'customer.created',
      buildCustomer({
        id: customer.id,
        created: ago(customer.days),
        name: customer.name,
        email: customer.email,
        description: customer.description ?? null,
        metadata: customer.metadata,
        defaultPaymentMethod: card?.[0] ?? null,
      }),
    );
    if (card) {
      add(
        state.paymentMethods,
        'payment_method.attached',
        buildPaymentMethod({
          id: card[0],
          created: ago(customer.days),
          card: TEST_CARDS[card[1]],
          customer: customer.id,
        }),
      );
    }
  }

  const product = (id: string, name: string, description: string, days: number, features: string[]) =>
    add(
      state.products,
      'product.created',
      buildProduct({ id, created: ago(days), name, description, marketingFeatures: features }),
    );
  const starter = product(ids.products.starter, 'Starter', 'For small teams getting started.', 60, [
    '3 projects',
    'Email support',
  ]);
  const pro = product(
    ids.products.pro,
    'Pro',
    'For growing teams: unlimited projects and priority support.',
    59,
    ['Unlimited projects', 'Priority support'],
  );
  const onboarding = product(ids.products.onboarding, 'Onboarding', 'One-time guided setup.', 58, []);

  const price = (
    id: string,
    productId: string,
    unitAmount: number,
    interval: 'month' | 'year' | undefined,
    days: number,
    extra: { active?: boolean; nickname?: string } = {},
  ) =>
    add(
      state.prices,
      'price.created',
      buildPrice({
        id,
        created: ago(days),
        product: productId,
        currency: 'usd',
        unitAmount,
        recurring: interval ? { interval, intervalCount: 1 } : null,
        active: extra.active,
        nickname: extra.nickname ?? null,
      }),
    );
  price(ids.prices.starterLegacy, starter.id, 700, 'month', 60, {
    active: false,
    nickname: 'Starter (2022)',
  });
  const starterMonthly = price(ids.prices.starterMonthly, starter.id, 900, 'month', 57, {
    nickname: 'Starter monthly',
  });
  const starterYearly = price(ids.prices.starterYearly, starter.id, 9000, 'year', 57, {
    nickname: 'Starter yearly',
  });
  const proMonthly = price(ids.prices.proMonthly, pro.id, 2900, 'month', 56, { nickname: 'Pro monthly' });
  const proYearly = price(ids.prices.proYearly, pro.id, 29000, 'year', 56, { nickname: 'Pro yearly' });
  price(ids.prices.onboarding, onboarding.id, 15000, undefined, 55, { nickname: 'Onboarding fee' });
  state.products.set({ ...starter, default_price: starterMonthly.id });
  state.products.set({ ...pro, default_price: proMonthly.id });

  const subscription = (
    id: string,
    customerId: string,
    subscribed: StoredObject,
    days: number,
    extra: {
      status?: string;
      trialDays?: number;
      invoice: InvoiceFields['status'];
      attempts?: number;
      pauseWithoutCard?: boolean;
    },
  ) => {
    const created = ago(days);
    const trialEnd = extra.trialDays ? created + extra.trialDays * DAY : null;
    const built = buildSubscription({
      id,
      created,
      customer: customerId,
      items: [{ price: subscribed }],
      trialEnd,
      status: extra.status,
      ...(extra.pauseWithoutCard ? { missingPaymentMethod: 'pause' as const } : {}),
    });
    // A subscription older than one period has renewed: its items bill the current period.
    const recurring = subscribed.recurring as { interval: string; interval_count: number };
    let start = trialEnd && trialEnd < now ? trialEnd : created;
    while (!trialEnd && periodEnd(start, recurring) <= now) start = periodEnd(start, recurring);
    for (const item of (built.items as { data: Record<string, unknown>[] }).data) {
      item.current_period_start = start;
      item.current_period_end = trialEnd && trialEnd > now ? trialEnd : periodEnd(start, recurring);
    }
    if (extra.status === 'canceled') {
      Object.assign(built, {
        canceled_at: ago(days - 5),
        ended_at: ago(days - 5),
        cancellation_details: {
          comment: null,
          feedback: 'too_expensive',
          feedback_option: null,
          reason: 'cancellation_requested',
        },
      });
    }
    const customer = state.customers.get(customerId) as StoredObject;
    const invoice = buildInvoice({
      created: trialEnd && trialEnd < now ? trialEnd : start,
      customer,
      subscription: built,
      status: extra.invoice,
      billingReason: start === created ? 'subscription_create' : 'subscription_cycle',
      ...(extra.attempts !== undefined ? { attempts: extra.attempts } : {}),
      lines: [
        {
          item: String((built.items as { data: { id: string }[] }).data[0]?.id),
          price: subscribed,
          productName: String(state.products.get(subscribed.product as string)?.name),
          quantity: 1,
          periodStart: start,
          periodEnd: periodEnd(start, recurring),
        },
      ],
    });
    state.invoices.set(invoice);
    state.customers.set({ ...customer, next_invoice_sequence: 2 });
    built.latest_invoice = invoice.id;
    return add(state.subscriptions, 'customer.subscription.created', built);
  };
  subscription(ids.subscriptions.adaPro, ids.customers.ada, proMonthly, 38, { invoice: 'paid' });
  subscription(ids.subscriptions.graceStarter, ids.customers.grace, starterMonthly, 3, {
    trialDays: 14,
    invoice: 'paid',
  });
  subscription(ids.subscriptions.alanStarter, ids.customers.alan, starterYearly, 20, {
    status: 'canceled',
    invoice: 'paid',
  });
  subscription(ids.subscriptions.katherinePro, ids.customers.katherine, proYearly, 11, {
    status: 'past_due',
    invoice: 'open',
    attempts: 2,
  });
  subscription(ids.subscriptions.linusStarter, ids.customers.linus, starterMonthly, 9, {
    status: 'paused',
    trialDays: 7,
    invoice: 'paid',
    pauseWithoutCard: true,
  });

  add(
    state.coupons,
    'coupon.created',
    buildCoupon({
      id: ids.coupons.welcome,
      created: ago(30),
      percentOff: 10,
      duration: 'repeating',
      durationInMonths: 3,
      name: 'Welcome 10% off',
    }),
  );
  add(
    state.promotionCodes,
    'promotion_code.created',
    buildPromotionCode({
      id: ids.promotionCodes.welcome,
      created: ago(30),
      code: 'WELCOME',
      coupon: ids.coupons.welcome,
      maxRedemptions: 1000,
    }),
  );

  // Two disputed payments: Ada's, awaiting a response; Grace's, with evidence under review.
  const disputed: [string, string, string, number, string, string, number][] = [
    [
      ids.disputes.adaFraud,
      ids.customers.ada,
      ids.paymentMethods.ada,
      4900,
      'fraudulent',
      'needs_response',
      6,
    ],
    [
      ids.disputes.graceNotReceived,
      ids.customers.grace,
      ids.paymentMethods.grace,
      1900,
      'product_not_received',
      'under_review',
      14,
    ],
  ];
  for (const [id, customer, method, amount, reason, status, days] of disputed) {
    const paymentMethod = state.paymentMethods.get(method) as StoredObject;
    const description = 'Hardware add-on';
    seedDispute(state, {
      id,
      created: ago(days),
      customer,
      paymentMethod,
      amount,
      description,
      reason,
      status,
    });
  }

  const transactions: [string, number, number, number, string][] = [
    ['charge', 2900, 114, 38, 'Pro monthly: Ada Lovelace'],
    ['charge', 900, 56, 33, 'Starter monthly: Grace Hopper'],
    ['charge', 9000, 291, 20, 'Starter yearly: Alan Turing'],
    ['stripe_fee', -200, 0, 19, 'Radar fees'],
    ['refund', -9000, 0, 15, 'Refund: Starter yearly'],
    ['charge', 29000, 871, 11, 'Pro yearly: Katherine Johnson'],
    ['adjustment', -1500, 0, 9, 'Dispute adjustment'],
    ['charge', 15000, 465, 8, 'Onboarding fee'],
    ['transfer', -5000, 0, 7, 'Transfer to connected account'],
    ['charge', 2900, 114, 4, 'Pro monthly: Ada Lovelace'],
  ];
  for (const [type, amount, fee, days, description] of transactions) {
    state.balanceTransactions.set(
      buildBalanceTransaction({ created: ago(days), type, amount, fee, description }),
    );
  }
  // Two payouts to the bank account: one that arrived, one on its way (it can still be canceled).
  const payouts: [string, number, number, string][] = [
    [ids.payouts.paid, 15000, 5, 'paid'],
    [ids.payouts.pending, 5000, 1, 'pending'],
  ];
  for (const [id, amount, days, status] of payouts) {
    add(
      state.payouts,
      'payout.created',
      buildPayout(state, { id, created: ago(days), amount, currency: 'usd', status }),
    );
  }
  seedSchedule(state, ago(2));
  state.meters.set(
    buildMeter({
      id: ids.meters.apiRequests,
      created: ago(50),
      displayName: 'API requests',
      eventName: 'api_requests',
    }),
  );
  state.meters.set(
    buildMeter({
      id: ids.meters.storage,
      created: ago(200),
      displayName: 'Storage (legacy)',
      eventName: 'storage_gb',
      status: 'inactive',
      formula: 'last',
    }),
  );
  state.balanceTransactions.set(
    buildBalanceTransaction({
      created: ago(0, 2),
      type: 'charge',
      amount: 15000,
      fee: 465,
      description: 'Onboarding fee',
      status: 'pending',
    }),
  );
}

/** Ada's Pro monthly subscription under a schedule: this period as it is, then a year of Pro yearly. */
function seedSchedule(state: StripeState, created: number): void {
  const ids = SEED_IDS;
  const subscription = state.subscriptions.get(ids.subscriptions.adaPro) as StoredObject;
  const item = (subscription.items as { data: Record<string, unknown>[] }).data[0] as Record<string, number>;
  const monthly = state.prices.get(ids.prices.proMonthly) as StoredObject;
  const yearly = state.prices.get(ids.prices.proYearly) as StoredObject;
  const renewal = item.current_period_end as number;
  const current = { start_date: item.current_period_start as number, end_date: renewal };
  const schedule: StoredObject = {
    ...buildSchedule({
      id: ids.subscriptionSchedules.adaToYearly,
      created,
      customer: ids.customers.ada,
      phases: [
        buildPhase([{ price: monthly, quantity: 1 }], current.start_date, renewal, 'none'),
        buildPhase(
          [{ price: yearly, quantity: 1 }],
          renewal,
          periodEnd(renewal, yearly.recurring as never),
          'none',
        ),
      ],
      endBehavior: 'release',
      metadata: { reason: 'annual plan from next renewal' },
    }),
    status: 'active',
    subscription: subscription.id,
    current_phase: current,
  };
  state.subscriptionSchedules.set(schedule);
  state.recordEvent('subscription_schedule.created', schedule, SEED_REQUEST, { created });
  state.subscriptions.set({ ...subscription, schedule: schedule.id });
}
