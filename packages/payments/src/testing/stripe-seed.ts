import {
  buildBalanceTransaction,
  buildCoupon,
  buildCustomer,
  buildPrice,
  buildProduct,
  buildSubscription,
} from './stripe-objects.js';
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
  },
  coupons: { welcome: 'WELCOME10' },
} as const;

const SEED_REQUEST = { id: null, idempotencyKey: null };

/**
 * Fills the account with a small, realistic data set so every command has something to show:
 * five customers, three products with six prices (one inactive, one one-time), four subscriptions in
 * different states, a coupon, twelve balance transactions of every common type, and their events.
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
    { id: ids.customers.linus, name: 'Linus Torvalds', email: 'linus@example.com', days: 2, metadata: {} },
  ];
  for (const customer of customers) {
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
      }),
    );
  }

  const product = (id: string, name: string, description: string, days: number) =>
    add(state.products, 'product.created', buildProduct({ id, created: ago(days), name, description }));
  const starter = product(ids.products.starter, 'Starter', 'For small teams getting started.', 60);
  const pro = product(
    ids.products.pro,
    'Pro',
    'For growing teams: unlimited projects and priority support.',
    59,
  );
  const onboarding = product(ids.products.onboarding, 'Onboarding', 'One-time guided setup.', 58);

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
    customer: string,
    subscribed: StoredObject,
    days: number,
    extra: { status?: string; trialDays?: number } = {},
  ) => {
    const built = buildSubscription({
      id,
      created: ago(days),
      customer,
      items: [{ price: subscribed }],
      trialDays: extra.trialDays ?? null,
      status: extra.status,
    });
    if (extra.status === 'canceled') {
      Object.assign(built, {
        canceled_at: ago(days - 5),
        ended_at: ago(days - 5),
        cancellation_details: { comment: null, feedback: 'too_expensive', reason: 'cancellation_requested' },
      });
    }
    return add(state.subscriptions, 'customer.subscription.created', built);
  };
  subscription(ids.subscriptions.adaPro, ids.customers.ada, proMonthly, 38);
  subscription(ids.subscriptions.graceStarter, ids.customers.grace, starterMonthly, 3, { trialDays: 14 });
  subscription(ids.subscriptions.alanStarter, ids.customers.alan, starterYearly, 20, { status: 'canceled' });
  subscription(ids.subscriptions.katherinePro, ids.customers.katherine, proYearly, 11, {
    status: 'past_due',
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
    ['payout', -30000, 0, 5, 'STRIPE PAYOUT'],
    ['charge', 2900, 114, 4, 'Pro monthly: Ada Lovelace'],
  ];
  for (const [type, amount, fee, days, description] of transactions) {
    state.balanceTransactions.set(
      buildBalanceTransaction({ created: ago(days), type, amount, fee, description }),
    );
  }
  state.balanceTransactions.set(
    buildBalanceTransaction({
      created: ago(0, 2),
      type: 'charge',
      amount: 900,
      fee: 56,
      description: 'Starter monthly: Linus Torvalds',
      status: 'pending',
    }),
  );
}
