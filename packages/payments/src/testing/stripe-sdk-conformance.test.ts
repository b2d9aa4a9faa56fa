// The official Stripe client (stripe-node 23.1.0, API version 2026-10-28.endive) drives the simulator
// through the calls a user makes first. Every request is checked against the contract derived from the
// same package's types, and every response too; the results are printed as a table at the end.
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type PaymentsSandbox,
  SEED_IDS,
  SIMULATED_API_VERSION,
  startPaymentsSimulator,
  stripeFaults,
} from './index.js';

const READ_ONLY_KEY = 'rk_test_ConformanceReadOnly0001';

let sim: PaymentsSandbox;
let stripe: Stripe;
const results: { call: string; ok: boolean; note: string }[] = [];

/** Runs one SDK call, records it for the table, and fails the test when it fails. */
async function call<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    const value = await run();
    results.push({ call: name, ok: true, note: '' });
    return value;
  } catch (error) {
    results.push({ call: name, ok: false, note: (error as Error).message.slice(0, 80) });
    throw error;
  }
}

/** Runs one SDK call that must fail with the given Stripe error class. */
async function refused<E extends Error>(
  name: string,
  kind: abstract new (...args: never[]) => E,
  run: () => Promise<unknown>,
): Promise<E> {
  return call(name, async () => {
    try {
      await run();
    } catch (error) {
      if (error instanceof kind) return error;
      throw error;
    }
    throw new Error(`expected ${kind.name}, but the call succeeded`);
  });
}

const client = (key: string, options: Stripe.StripeConfig = {}) =>
  new Stripe(key, {
    host: '127.0.0.1',
    port: Number(new URL(sim.url).port),
    protocol: 'http',
    telemetry: false,
    ...options,
  });

beforeAll(async () => {
  sim = await startPaymentsSimulator({
    seed: true,
    checkResponses: true,
    restrictedKeys: { [READ_ONLY_KEY]: { customers: 'read' } },
  });
  stripe = client(sim.connection.credentials.apiKey);
});

afterEach(() => {
  const { violations, calls } = sim.server;
  expect(violations, 'requests or responses outside the contract of stripe@23.1.0').toEqual([]);
  expect(new Set(calls.map((recorded) => recorded.headers['stripe-version']))).toEqual(
    new Set([SIMULATED_API_VERSION]),
  );
  sim.server.reset();
  sim.server.clearFaults();
});

afterAll(async () => {
  await sim?.close();
  const width = Math.max(...results.map((row) => row.call.length));
  const lines = results.map((row) => `${row.call.padEnd(width)}  ${row.ok ? 'ok' : `FAILED ${row.note}`}`);
  const passed = results.filter((row) => row.ok).length;
  console.log(
    `stripe-node ${Stripe.PACKAGE_VERSION ?? '23.1.0'} against the Stripe simulator (${SIMULATED_API_VERSION}): ${passed} of ${results.length} calls pass\n${lines.join('\n')}`,
  );
});

describe('stripe-node against the simulator: customers', () => {
  it('creates, retrieves, updates, lists page by page, searches and deletes customers', async () => {
    const created = await call('customers.create', () =>
      stripe.customers.create({ email: 'sdk@example.com', name: 'SDK User', metadata: { source: 'sdk' } }),
    );
    expect(created).toMatchObject({
      object: 'customer',
      email: 'sdk@example.com',
      metadata: { source: 'sdk' },
    });
    const read = await call('customers.retrieve', () => stripe.customers.retrieve(created.id));
    expect(read.id).toBe(created.id);
    const updated = await call('customers.update', () =>
      stripe.customers.update(created.id, { name: 'SDK User 2', metadata: { tier: 'gold' } }),
    );
    expect(updated).toMatchObject({ name: 'SDK User 2', metadata: { source: 'sdk', tier: 'gold' } });
    const all = await call('customers.list (auto-pagination)', async () => {
      const ids: string[] = [];
      for await (const customer of stripe.customers.list({ limit: 2 })) ids.push(customer.id);
      return ids;
    });
    expect(all).toHaveLength(6);
    expect(
      sim.server.calls.filter((recorded) => recorded.method === 'GET' && recorded.path === '/v1/customers'),
    ).toHaveLength(3);
    const found = await call('customers.search', () =>
      stripe.customers.search({ query: "email:'sdk@example.com' AND metadata['tier']:'gold'" }),
    );
    expect(found.data.map((customer) => customer.id)).toEqual([created.id]);
    const searched = await call('customers.search (auto-pagination)', () =>
      stripe.customers.search({ query: "email~'example.com'", limit: 2 }).autoPagingToArray({ limit: 10 }),
    );
    expect(searched).toHaveLength(6);
    const deleted = await call('customers.del', () => stripe.customers.del(created.id));
    expect(deleted).toMatchObject({ id: created.id, deleted: true });
    const gone = await call('customers.retrieve (deleted)', () => stripe.customers.retrieve(created.id));
    expect(gone.deleted).toBe(true);
  });

  it('attaches test cards and lists a customer’s payment methods', async () => {
    const customer = await call('customers.create (payment_method)', () =>
      stripe.customers.create({
        email: 'card@example.com',
        payment_method: 'pm_card_visa',
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      }),
    );
    expect(customer.invoice_settings.default_payment_method).toMatch(/^pm_/);
    const attached = await call('paymentMethods.attach', () =>
      stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id }),
    );
    expect(attached).toMatchObject({ customer: customer.id, card: { brand: 'mastercard', last4: '4444' } });
    const methods = await call('customers.listPaymentMethods', () =>
      stripe.customers.listPaymentMethods(customer.id),
    );
    expect(methods.data).toHaveLength(2);
  });
});

describe('stripe-node against the simulator: products and prices', () => {
  it('creates, reads, updates, lists and searches products, prices and plans', async () => {
    const product = await call('products.create (default_price_data)', () =>
      stripe.products.create({
        name: 'Team',
        marketing_features: [{ name: 'Shared workspaces' }],
        default_price_data: { currency: 'usd', unit_amount: 4900, recurring: { interval: 'month' } },
      }),
    );
    expect(product.marketing_features).toEqual([{ name: 'Shared workspaces' }]);
    const expanded = await call('products.retrieve (expand default_price)', () =>
      stripe.products.retrieve(product.id, { expand: ['default_price'] }),
    );
    expect((expanded.default_price as Stripe.Price).unit_amount).toBe(4900);
    await call('products.update', () => stripe.products.update(product.id, { description: 'For teams' }));
    const products = await call('products.list (auto-pagination)', () =>
      stripe.products.list({ limit: 2 }).autoPagingToArray({ limit: 100 }),
    );
    expect(products).toHaveLength(4);
    const search = await call('products.search', () => stripe.products.search({ query: "name:'Team'" }));
    expect(search.data.map((found) => found.id)).toEqual([product.id]);
    const price = await call('prices.create', () =>
      stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 49000,
        recurring: { interval: 'year' },
        lookup_key: 'team_yearly',
      }),
    );
    const withProduct = await call('prices.retrieve (expand product)', () =>
      stripe.prices.retrieve(price.id, { expand: ['product'] }),
    );
    expect((withProduct.product as Stripe.Product).name).toBe('Team');
    expect(String(withProduct.unit_amount_decimal)).toBe('49000');
    await call('prices.update', () => stripe.prices.update(price.id, { nickname: 'Team yearly' }));
    const prices = await call('prices.list', () => stripe.prices.list({ product: product.id }));
    expect(prices.data).toHaveLength(2);
    const byKey = await call('prices.search', () =>
      stripe.prices.search({ query: "lookup_key:'team_yearly'" }),
    );
    expect(byKey.data.map((found) => found.id)).toEqual([price.id]);
    const plans = await call('plans.list', () => stripe.plans.list({ active: true }));
    expect(plans.data.every((plan) => plan.object === 'plan')).toBe(true);
    const plan = await call('plans.retrieve', () => stripe.plans.retrieve(SEED_IDS.prices.proMonthly));
    expect(plan).toMatchObject({ amount: 2900, interval: 'month' });
    await refused('products.del (has prices)', Stripe.errors.StripeInvalidRequestError, () =>
      stripe.products.del(product.id),
    );
    const bare = await stripe.products.create({ name: 'Scratch' });
    const deleted = await call('products.del', () => stripe.products.del(bare.id));
    expect(deleted.deleted).toBe(true);
  });
});

describe('stripe-node against the simulator: subscriptions', () => {
  it('creates subscriptions under each payment behaviour, as Stripe decides them', async () => {
    const paying = await call('subscriptions.create (card on file)', () =>
      stripe.subscriptions.create({
        customer: SEED_IDS.customers.ada,
        items: [{ price: SEED_IDS.prices.starterMonthly, quantity: 2 }],
        metadata: { order: '42' },
      }),
    );
    expect(paying.status).toBe('active');
    // The pinned version's shape, as stripe-node 23 types it.
    const item = paying.items.data[0] as Stripe.SubscriptionItem;
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    expect(paying).not.toHaveProperty('current_period_end');
    const customer = await stripe.customers.create({ email: 'nocard@example.com' });
    const noCard = await refused(
      'subscriptions.create (no payment method)',
      Stripe.errors.StripeInvalidRequestError,
      () =>
        stripe.subscriptions.create({
          customer: customer.id,
          items: [{ price: SEED_IDS.prices.proMonthly }],
        }),
    );
    expect(noCard).toMatchObject({ statusCode: 400, code: 'resource_missing' });
    expect(noCard.message).toMatch(/^This customer has no attached payment source or default payment method/);
    const incomplete = await call('subscriptions.create (default_incomplete, expand latest_invoice)', () =>
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: SEED_IDS.prices.proMonthly }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: ['latest_invoice'],
      }),
    );
    expect(incomplete.status).toBe('incomplete');
    expect(incomplete.latest_invoice as Stripe.Invoice).toMatchObject({ status: 'open', amount_due: 2900 });
    const secret = await call('subscriptions.retrieve (expand latest_invoice.confirmation_secret)', () =>
      stripe.subscriptions.retrieve(incomplete.id, { expand: ['latest_invoice.confirmation_secret'] }),
    );
    expect((secret.latest_invoice as Stripe.Invoice).confirmation_secret).toEqual({
      client_secret: expect.stringMatching(/^pi_.+_secret_/),
      type: 'payment_intent',
    });
    const trialing = await call('subscriptions.create (trial_period_days)', () =>
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: SEED_IDS.prices.proMonthly }],
        trial_period_days: 14,
      }),
    );
    expect(trialing.status).toBe('trialing');
    const invoiced = await call('subscriptions.create (send_invoice)', () =>
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: SEED_IDS.prices.proMonthly }],
        collection_method: 'send_invoice',
        days_until_due: 30,
      }),
    );
    expect(invoiced).toMatchObject({ status: 'active', days_until_due: 30 });
    const declined = await refused(
      'subscriptions.create (declined, error_if_incomplete)',
      Stripe.errors.StripeCardError,
      () =>
        stripe.subscriptions.create({
          customer: SEED_IDS.customers.katherine,
          items: [{ price: SEED_IDS.prices.proMonthly }],
          payment_behavior: 'error_if_incomplete',
        }),
    );
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined' });
    const allowed = await call('subscriptions.create (declined, allow_incomplete)', () =>
      stripe.subscriptions.create({
        customer: SEED_IDS.customers.katherine,
        items: [{ price: SEED_IDS.prices.proMonthly }],
        payment_behavior: 'allow_incomplete',
      }),
    );
    expect(allowed.status).toBe('incomplete');
    const invoice = await call('invoices.retrieve', () =>
      stripe.invoices.retrieve(paying.latest_invoice as string),
    );
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 1800,
      parent: { type: 'subscription_details' },
    });
  });

  it('retrieves, updates, lists, searches and cancels subscriptions', async () => {
    const id = SEED_IDS.subscriptions.adaPro;
    const read = await call('subscriptions.retrieve (expand customer)', () =>
      stripe.subscriptions.retrieve(id, { expand: ['customer'] }),
    );
    expect((read.customer as Stripe.Customer).email).toBe('ada@example.com');
    const itemId = read.items.data[0]?.id as string;
    const updated = await call('subscriptions.update', () =>
      stripe.subscriptions.update(id, {
        metadata: { seats: '5' },
        cancel_at_period_end: true,
        items: [{ id: itemId, quantity: 5 }],
        proration_behavior: 'none',
      }),
    );
    expect(updated).toMatchObject({ cancel_at_period_end: true, metadata: { seats: '5' } });
    expect(updated.items.data[0]?.quantity).toBe(5);
    const graces = await call('subscriptions.list (customer)', () =>
      stripe.subscriptions.list({ customer: SEED_IDS.customers.grace }),
    );
    expect(graces.data.map((subscription) => subscription.id)).toEqual([SEED_IDS.subscriptions.graceStarter]);
    const everything = await call('subscriptions.list (status all, auto-pagination)', () =>
      stripe.subscriptions.list({ status: 'all', limit: 2 }).autoPagingToArray({ limit: 100 }),
    );
    expect(everything).toHaveLength(sim.state.subscriptions.size);
    const expandedList = await call('subscriptions.list (expand data.customer)', () =>
      stripe.subscriptions.list({ limit: 1, expand: ['data.customer'] }),
    );
    expect(expandedList.data[0]?.customer).toMatchObject({ object: 'customer' });
    const paused = await call('subscriptions.search', () =>
      stripe.subscriptions.search({ query: "status:'paused'" }),
    );
    expect(paused.data.map((subscription) => subscription.id)).toEqual([SEED_IDS.subscriptions.linusStarter]);
    const canceled = await call('subscriptions.cancel', () =>
      stripe.subscriptions.cancel(id, { cancellation_details: { comment: 'Moving on' } }),
    );
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_details: { comment: 'Moving on', reason: 'cancellation_requested' },
    });
    const again = await refused(
      'subscriptions.cancel (already canceled)',
      Stripe.errors.StripeInvalidRequestError,
      () => stripe.subscriptions.cancel(id),
    );
    expect(again.statusCode).toBe(404);
    const ended = await call('subscriptions.list (status ended)', () =>
      stripe.subscriptions.list({ status: 'ended' }),
    );
    expect(ended.data.map((subscription) => subscription.id).sort()).toEqual(
      [SEED_IDS.subscriptions.adaPro, SEED_IDS.subscriptions.alanStarter].sort(),
    );
  });
});

describe('stripe-node against the simulator: take a payment and refund it', () => {
  it('charges a card, captures an authorization, refunds in part then in full, and saves a card', async () => {
    const customer = await stripe.customers.create({ email: 'payer@example.com' });
    const paid = await call('paymentIntents.create (confirm)', () =>
      stripe.paymentIntents.create({
        amount: 2000,
        currency: 'usd',
        customer: customer.id,
        payment_method: 'pm_card_visa',
        allowed_payment_method_types: ['card'],
        confirm: true,
      }),
    );
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 2000 });
    const charge = await call('charges.retrieve (expand balance_transaction)', () =>
      stripe.charges.retrieve(paid.latest_charge as string, { expand: ['balance_transaction'] }),
    );
    expect(charge.balance_transaction).toMatchObject({
      object: 'balance_transaction',
      amount: 2000,
      fee: 88,
    });
    const partial = await call('refunds.create (part)', () =>
      stripe.refunds.create({ payment_intent: paid.id, amount: 500, reason: 'requested_by_customer' }),
    );
    expect(partial).toMatchObject({ status: 'succeeded', amount: 500, charge: charge.id });
    const tooMuch = await refused(
      'refunds.create (over what is left)',
      Stripe.errors.StripeInvalidRequestError,
      () => stripe.refunds.create({ charge: charge.id, amount: 1600 }),
    );
    expect(tooMuch.code).toBe('amount_too_large');
    const rest = await call('refunds.create (the rest)', () => stripe.refunds.create({ charge: charge.id }));
    expect(rest.amount).toBe(1500);
    expect((await stripe.charges.retrieve(charge.id)).refunded).toBe(true);
    await refused('refunds.create (nothing left)', Stripe.errors.StripeInvalidRequestError, () =>
      stripe.refunds.create({ payment_intent: paid.id }),
    );
    const refunds = await call('refunds.list', () => stripe.refunds.list({ payment_intent: paid.id }));
    expect(refunds.data.map((refund) => refund.amount)).toEqual([1500, 500]);
    await call('refunds.retrieve', () => stripe.refunds.retrieve(partial.id));
    await refused('refunds.cancel (succeeded)', Stripe.errors.StripeInvalidRequestError, () =>
      stripe.refunds.cancel(partial.id),
    );

    const held = await call('paymentIntents.create (manual capture)', () =>
      stripe.paymentIntents.create({
        amount: 5000,
        currency: 'usd',
        payment_method: 'pm_card_mastercard',
        capture_method: 'manual',
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      }),
    );
    expect(held.status).toBe('requires_confirmation');
    const authorized = await call('paymentIntents.confirm', () => stripe.paymentIntents.confirm(held.id));
    expect(authorized).toMatchObject({ status: 'requires_capture', amount_capturable: 5000 });
    await refused(
      'paymentIntents.capture (over the authorization)',
      Stripe.errors.StripeInvalidRequestError,
      () => stripe.paymentIntents.capture(held.id, { amount_to_capture: 6000 }),
    );
    const captured = await call('paymentIntents.capture', () =>
      stripe.paymentIntents.capture(held.id, { amount_to_capture: 4000 }),
    );
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 4000 });
    const late = await refused(
      'paymentIntents.cancel (succeeded)',
      Stripe.errors.StripeInvalidRequestError,
      () => stripe.paymentIntents.cancel(held.id),
    );
    expect(late.code).toBe('payment_intent_unexpected_state');

    const declined = await refused(
      'paymentIntents.create (declined card)',
      Stripe.errors.StripeCardError,
      () =>
        stripe.paymentIntents.create({
          amount: 1000,
          currency: 'usd',
          payment_method: 'pm_card_chargeDeclined',
          allowed_payment_method_types: ['card'],
          confirm: true,
        }),
    );
    expect(declined).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    const retry = declined.payment_intent as Stripe.PaymentIntent;
    expect(retry.status).toBe('requires_payment_method');
    const updated = await call('paymentIntents.update', () =>
      stripe.paymentIntents.update(retry.id, { amount: 1200, metadata: { order: '42' } }),
    );
    expect(updated.amount).toBe(1200);
    const canceled = await call('paymentIntents.cancel', () =>
      stripe.paymentIntents.cancel(retry.id, { cancellation_reason: 'abandoned' }),
    );
    expect(canceled.status).toBe('canceled');
    await call('paymentIntents.retrieve (expand latest_charge)', () =>
      stripe.paymentIntents.retrieve(paid.id, { expand: ['latest_charge', 'customer'] }),
    );
    const listed = await call('paymentIntents.list', () =>
      stripe.paymentIntents.list({ customer: customer.id }),
    );
    expect(listed.data.map((intent) => intent.id)).toEqual([paid.id]);
    const found = await call('paymentIntents.search', () =>
      stripe.paymentIntents.search({ query: "status:'canceled' AND metadata['order']:'42'" }),
    );
    expect(found.data.map((intent) => intent.id)).toEqual([retry.id]);
    const charges = await call('charges.list', () => stripe.charges.list({ payment_intent: retry.id }));
    expect(charges.data.map((item) => item.status)).toEqual(['failed']);
    await call('charges.search', () => stripe.charges.search({ query: 'refunded:"true"' }));

    const setup = await call('setupIntents.create', () =>
      stripe.setupIntents.create({
        customer: customer.id,
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
      }),
    );
    expect(setup.status).toBe('requires_payment_method');
    await call('setupIntents.retrieve', () => stripe.setupIntents.retrieve(setup.id));
    const types = new Set(sim.state.events.list().map((event) => event.type));
    for (const type of [
      'payment_intent.created',
      'payment_intent.succeeded',
      'payment_intent.amount_capturable_updated',
      'payment_intent.payment_failed',
      'payment_intent.canceled',
      'charge.succeeded',
      'charge.captured',
      'charge.failed',
      'charge.refunded',
      'refund.created',
      'setup_intent.created',
    ]) {
      expect(types, type).toContain(type);
    }
  });
});

describe('stripe-node against the simulator: invoice a customer and collect', () => {
  it('adds items, finalizes, collects, voids and marks uncollectible, as Stripe’s status machine allows', async () => {
    const customer = await stripe.customers.create({ email: 'billed@example.com' });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    const pending = await call('invoiceItems.create (pending)', () =>
      stripe.invoiceItems.create({
        customer: customer.id,
        amount: 1500,
        currency: 'usd',
        description: 'Setup',
      }),
    );
    expect(pending.invoice).toBeNull();
    const preview = await call('invoices.createPreview', () =>
      stripe.invoices.createPreview({ customer: customer.id }),
    );
    expect(preview.amount_due).toBe(1500);
    const draft = await call('invoices.create', () =>
      stripe.invoices.create({
        customer: customer.id,
        pending_invoice_items_behavior: 'include',
        description: 'May',
      }),
    );
    expect(draft).toMatchObject({ status: 'draft', amount_due: 1500 });
    await call('invoiceItems.create (on the draft)', () =>
      stripe.invoiceItems.create({
        customer: customer.id,
        invoice: draft.id,
        pricing: { price: SEED_IDS.prices.proMonthly },
        quantity: 2,
      }),
    );
    const lines = await call('invoices.listLineItems', () => stripe.invoices.listLineItems(draft.id));
    expect(lines.data).toHaveLength(2);
    const open = await call('invoices.finalizeInvoice', () => stripe.invoices.finalizeInvoice(draft.id));
    expect(open.status).toBe('open');
    await refused('invoices.finalizeInvoice (again)', Stripe.errors.StripeInvalidRequestError, () =>
      stripe.invoices.finalizeInvoice(draft.id),
    );
    await refused('invoices.del (not a draft)', Stripe.errors.StripeInvalidRequestError, () =>
      stripe.invoices.del(draft.id),
    );
    const paid = await call('invoices.pay', () => stripe.invoices.pay(draft.id));
    expect(paid).toMatchObject({ status: 'paid', amount_remaining: 0 });
    await refused('invoices.voidInvoice (paid)', Stripe.errors.StripeInvalidRequestError, () =>
      stripe.invoices.voidInvoice(draft.id),
    );

    const second = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 14,
    });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: second.id,
      amount: 900,
      currency: 'usd',
    });
    await stripe.invoices.finalizeInvoice(second.id);
    await call('invoices.sendInvoice', () => stripe.invoices.sendInvoice(second.id));
    const lost = await call('invoices.markUncollectible', () => stripe.invoices.markUncollectible(second.id));
    expect(lost.status).toBe('uncollectible');
    const outOfBand = await call('invoices.pay (paid out of band)', () =>
      stripe.invoices.pay(second.id, { paid_out_of_band: true }),
    );
    expect(outOfBand.status).toBe('paid');

    const third = await stripe.invoices.create({ customer: customer.id });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: third.id,
      amount: 700,
      currency: 'usd',
    });
    await stripe.invoices.finalizeInvoice(third.id);
    const voided = await call('invoices.voidInvoice', () => stripe.invoices.voidInvoice(third.id));
    expect(voided.status).toBe('void');
    const fourth = await stripe.invoices.create({ customer: customer.id });
    const deleted = await call('invoices.del (draft)', () => stripe.invoices.del(fourth.id));
    expect(deleted).toMatchObject({ id: fourth.id, deleted: true });
    const listed = await call('invoices.list', () =>
      stripe.invoices.list({ customer: customer.id, status: 'paid' }),
    );
    expect(listed.data.map((invoice) => invoice.id).sort()).toEqual([draft.id, second.id].sort());
    await call('invoices.retrieve (expand customer)', () =>
      stripe.invoices.retrieve(third.id, { expand: ['customer'] }),
    );
    await call('invoices.search', () => stripe.invoices.search({ query: "status:'void'" }));
    await call('invoiceItems.list', () => stripe.invoiceItems.list({ customer: customer.id }));
    const portal = await call('billingPortal.sessions.create', () =>
      stripe.billingPortal.sessions.create({
        customer: customer.id,
        return_url: 'https://example.com/account',
      }),
    );
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const types = new Set(sim.state.events.list().map((event) => event.type));
    for (const type of [
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'invoice.sent',
      'invoice.marked_uncollectible',
      'invoice.voided',
      'invoice.deleted',
      'invoiceitem.created',
    ]) {
      expect(types, type).toContain(type);
    }
  });
});

describe('stripe-node against the simulator: sell through Checkout', () => {
  it('opens a Checkout Session, the customer pays, reads it back, and expires an abandoned one', async () => {
    const session = await call('checkout.sessions.create (price_data)', () =>
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            price_data: { currency: 'usd', unit_amount: 1500, product_data: { name: 'Tote bag' } },
            quantity: 2,
          },
          { price: SEED_IDS.prices.onboarding, quantity: 1 },
        ],
        success_url: 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}',
        customer_email: 'buyer@example.com',
      }),
    );
    const onboarding = sim.state.prices.get(SEED_IDS.prices.onboarding)?.unit_amount as number;
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 3000 + onboarding,
    });
    sim.completeCheckoutSession(session.id);
    const paid = await call('checkout.sessions.retrieve', () =>
      stripe.checkout.sessions.retrieve(session.id),
    );
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const intent = await call('paymentIntents.retrieve (of the session)', () =>
      stripe.paymentIntents.retrieve(paid.payment_intent as string),
    );
    expect(intent).toMatchObject({ status: 'succeeded', amount: paid.amount_total });
    const lines = await call('checkout.sessions.listLineItems', () =>
      stripe.checkout.sessions.listLineItems(session.id, { limit: 1 }),
    );
    expect(lines).toMatchObject({ has_more: true, data: [{ quantity: 2, amount_total: 3000 }] });
    const completed = await call('events.list (checkout.session.completed)', () =>
      stripe.events.list({ type: 'checkout.session.completed' }),
    );
    expect(completed.data[0]?.data.object).toMatchObject({ id: session.id });
    const abandoned = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: SEED_IDS.prices.proMonthly, quantity: 1 }],
      customer: SEED_IDS.customers.ada,
    });
    const expired = await call('checkout.sessions.expire', () =>
      stripe.checkout.sessions.expire(abandoned.id),
    );
    expect(expired.status).toBe('expired');
    await refused('checkout.sessions.expire (complete)', Stripe.errors.StripeInvalidRequestError, () =>
      stripe.checkout.sessions.expire(session.id),
    );
    await refused(
      'checkout.sessions.create (recurring price in payment mode)',
      Stripe.errors.StripeInvalidRequestError,
      () =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [{ price: SEED_IDS.prices.proMonthly, quantity: 1 }],
        }),
    );
    const listed = await call('checkout.sessions.list (auto-pagination)', async () => {
      const ids: string[] = [];
      for await (const found of stripe.checkout.sessions.list({ limit: 1 })) ids.push(found.id);
      return ids;
    });
    expect(listed).toEqual([abandoned.id, session.id]);
  });

  it('creates, reads, deactivates and lists payment links', async () => {
    const link = await call('paymentLinks.create', () =>
      stripe.paymentLinks.create({
        line_items: [{ price: SEED_IDS.prices.onboarding, quantity: 1 }],
        after_completion: { type: 'redirect', redirect: { url: 'https://shop.example.com/welcome' } },
      }),
    );
    expect(link).toMatchObject({ active: true, after_completion: { type: 'redirect' } });
    const read = await call('paymentLinks.retrieve', () => stripe.paymentLinks.retrieve(link.id));
    expect(read.url).toBe(link.url);
    const off = await call('paymentLinks.update', () =>
      stripe.paymentLinks.update(link.id, { active: false }),
    );
    expect(off.active).toBe(false);
    const items = await call('paymentLinks.listLineItems', () => stripe.paymentLinks.listLineItems(link.id));
    expect(items.data.map((item) => item.price?.id)).toEqual([SEED_IDS.prices.onboarding]);
    const inactive = await call('paymentLinks.list (active: false)', () =>
      stripe.paymentLinks.list({ active: false }),
    );
    expect(inactive.data.map((found) => found.id)).toEqual([link.id]);
  });
});

describe('stripe-node against the simulator: handle a dispute', () => {
  it('lists disputes, saves and submits evidence, closes another, and refuses evidence on a closed one', async () => {
    const paid = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'usd',
      payment_method: 'pm_card_createDispute',
      allowed_payment_method_types: ['card'],
      confirm: true,
    });
    const listed = await call('disputes.list (payment_intent)', () =>
      stripe.disputes.list({ payment_intent: paid.id }),
    );
    const dispute = listed.data[0] as Stripe.Dispute;
    expect(dispute).toMatchObject({ status: 'needs_response', amount: 3000, reason: 'fraudulent' });
    const read = await call('disputes.retrieve (expand charge)', () =>
      stripe.disputes.retrieve(dispute.id, { expand: ['charge'] }),
    );
    expect(read.charge).toMatchObject({ id: paid.latest_charge, disputed: true });
    const saved = await call('disputes.update (evidence, saved)', () =>
      stripe.disputes.update(dispute.id, { evidence: { product_description: 'A sticker pack' } }),
    );
    expect(saved).toMatchObject({ status: 'needs_response', evidence_details: { has_evidence: true } });
    const submitted = await call('disputes.update (submit)', () =>
      stripe.disputes.update(dispute.id, {
        evidence: { customer_email_address: 'payer@example.com' },
        submit: true,
      }),
    );
    expect(submitted).toMatchObject({
      status: 'under_review',
      evidence: { product_description: 'A sticker pack', customer_email_address: 'payer@example.com' },
      evidence_details: { submission_count: 1 },
    });
    const closed = await call('disputes.close', () => stripe.disputes.close(SEED_IDS.disputes.adaFraud));
    expect(closed.status).toBe('lost');
    await refused(
      'disputes.update (evidence on a closed dispute)',
      Stripe.errors.StripeInvalidRequestError,
      () => stripe.disputes.update(closed.id, { evidence: { uncategorized_text: 'Too late' } }),
    );
    await refused('disputes.close (under review)', Stripe.errors.StripeInvalidRequestError, () =>
      stripe.disputes.close(dispute.id),
    );
    const events = await stripe.events.list({ type: 'charge.dispute.*', limit: 10 });
    expect(events.data.map((event) => event.type)).toEqual(
      expect.arrayContaining(['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed']),
    );
  });
});

describe('stripe-node against the simulator: balance, events and coupons', () => {
  it('lists and reads balance transactions, the balance and events', async () => {
    const transactions = await call('balanceTransactions.list (auto-pagination)', () =>
      stripe.balanceTransactions.list({ limit: 5 }).autoPagingToArray({ limit: 100 }),
    );
    expect(transactions.length).toBeGreaterThanOrEqual(12);
    const first = transactions[0] as Stripe.BalanceTransaction;
    const one = await call('balanceTransactions.retrieve', () =>
      stripe.balanceTransactions.retrieve(first.id),
    );
    expect(one).toMatchObject({ id: first.id, balance_type: 'payments' });
    const charges = await call('balanceTransactions.list (type)', () =>
      stripe.balanceTransactions.list({ type: 'charge' }),
    );
    expect(charges.data.every((transaction) => transaction.type === 'charge')).toBe(true);
    const balance = await call('balance.retrieve', () => stripe.balance.retrieve());
    expect(balance.available[0]?.currency).toBe('usd');
    const events = await call('events.list (type)', () =>
      stripe.events.list({ type: 'customer.created', limit: 3 }),
    );
    expect(events.data.every((event) => event.type === 'customer.created')).toBe(true);
    const event = await call('events.retrieve', () => stripe.events.retrieve(events.data[0]?.id as string));
    expect(event.api_version).toBe(SIMULATED_API_VERSION);
  });

  it('pays out from the balance, lists, reads and cancels a payout, and refuses one beyond the balance', async () => {
    const payout = await call('payouts.create', () =>
      stripe.payouts.create({ amount: 1200, currency: 'usd', description: 'Weekly' }),
    );
    expect(payout).toMatchObject({ status: 'pending', method: 'standard', amount: 1200 });
    const pending = await call('payouts.list (status)', () => stripe.payouts.list({ status: 'pending' }));
    expect(pending.data.map((found) => found.id)).toContain(payout.id);
    const read = await call('payouts.retrieve', () => stripe.payouts.retrieve(payout.id));
    expect(read.balance_transaction).toBeTypeOf('string');
    const canceled = await call('payouts.cancel', () => stripe.payouts.cancel(payout.id));
    expect(canceled.status).toBe('canceled');
    const refusal = await refused(
      'payouts.create (beyond the balance)',
      Stripe.errors.StripeInvalidRequestError,
      () => stripe.payouts.create({ amount: 100_000_000, currency: 'usd' }),
    );
    expect(refusal.code).toBe('balance_insufficient');
    const events = await call('events.list (types)', () =>
      stripe.events.list({ types: ['payout.created', 'payout.canceled'], limit: 2 }),
    );
    expect(events.data.map((event) => event.type)).toEqual(['payout.canceled', 'payout.created']);
  });

  it('creates, reads, updates, lists and deletes coupons', async () => {
    const coupon = await call('coupons.create', () =>
      stripe.coupons.create({
        percent_off: 20,
        duration: 'repeating',
        duration_in_months: 3,
        name: 'Spring',
      }),
    );
    const read = await call('coupons.retrieve', () => stripe.coupons.retrieve(coupon.id));
    expect(read).toMatchObject({ percent_off: 20, duration_in_months: 3 });
    const renamed = await call('coupons.update', () =>
      stripe.coupons.update(coupon.id, { name: 'Spring 20' }),
    );
    expect(renamed.name).toBe('Spring 20');
    const coupons = await call('coupons.list', () => stripe.coupons.list());
    expect(coupons.data.map((found) => found.id)).toContain(SEED_IDS.coupons.welcome);
    const deleted = await call('coupons.del', () => stripe.coupons.del(coupon.id));
    expect(deleted.deleted).toBe(true);
  });
});

describe('stripe-node against the simulator: idempotency, errors and API v2', () => {
  it('replays a retried create with the same Idempotency-Key and refuses the key with other parameters', async () => {
    const before = sim.state.customers.size;
    const first = await call('customers.create (idempotencyKey)', () =>
      stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'sdk-once' }),
    );
    const again = await call('customers.create (same idempotencyKey)', () =>
      stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'sdk-once' }),
    );
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(sim.state.customers.size).toBe(before + 1);
    await refused('customers.create (reused key, other params)', Stripe.errors.StripeIdempotencyError, () =>
      stripe.customers.create({ email: 'twice@example.com' }, { idempotencyKey: 'sdk-once' }),
    );
  });

  it('raises Stripe’s error classes', async () => {
    const missing = await refused(
      'customers.retrieve (unknown)',
      Stripe.errors.StripeInvalidRequestError,
      () => stripe.customers.retrieve('cus_Nobody'),
    );
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    await refused('customers.list (wrong key)', Stripe.errors.StripeAuthenticationError, () =>
      client('sk_test_NotTheKey0000000000').customers.list(),
    );
    await refused('customers.create (read-only restricted key)', Stripe.errors.StripePermissionError, () =>
      client(READ_ONLY_KEY).customers.create({ email: 'nope@example.com' }),
    );
    sim.server.fault(stripeFaults.rateLimited({ retryAfterSeconds: 1 }));
    await refused('customers.list (429)', Stripe.errors.StripeRateLimitError, () => stripe.customers.list());
    const unknown = await refused(
      'customers.create (unknown parameter)',
      Stripe.errors.StripeInvalidRequestError,
      () => stripe.customers.create({ favourite_colour: 'blue' } as Stripe.CustomerCreateParams),
    );
    expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'favourite_colour' });
    // The contract check recorded what the real API would refuse.
    expect(sim.server.violations).toEqual([expect.stringContaining('parameter_unknown favourite_colour')]);
    sim.server.violations.length = 0;
  });

  it('calls API v2 with JSON bodies and v2 pagination', async () => {
    const destination = await call('v2.core.eventDestinations.create', () =>
      stripe.v2.core.eventDestinations.create({
        name: 'Orders',
        type: 'webhook_endpoint',
        event_payload: 'thin',
        enabled_events: ['v1.billing.meter.error_report_triggered'],
        webhook_endpoint: { url: 'https://example.com/hooks' },
      }),
    );
    expect(destination).toMatchObject({ object: 'v2.core.event_destination', status: 'enabled' });
    const post = sim.server.calls.find((recorded) => recorded.method === 'POST');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['idempotency-key']).toMatch(/^stripe-node-retry-/);
    const read = await call('v2.core.eventDestinations.retrieve', () =>
      stripe.v2.core.eventDestinations.retrieve(destination.id, { include: ['webhook_endpoint.url'] }),
    );
    expect(read.webhook_endpoint?.url).toBe('https://example.com/hooks');
    await stripe.v2.core.eventDestinations.create({
      name: 'Second',
      type: 'webhook_endpoint',
      event_payload: 'thin',
      enabled_events: ['v1.billing.meter.error_report_triggered'],
      webhook_endpoint: { url: 'https://example.com/second' },
    });
    const listed = await call('v2.core.eventDestinations.list (auto-pagination)', async () => {
      const names: string[] = [];
      for await (const item of stripe.v2.core.eventDestinations.list({ limit: 1 })) names.push(item.name);
      return names;
    });
    expect(listed.sort()).toEqual(['Orders', 'Second']);
    const deleted = await call('v2.core.eventDestinations.del', () =>
      stripe.v2.core.eventDestinations.del(destination.id),
    );
    expect(deleted.id).toBe(destination.id);
  });
});

describe('stripe-node against the simulator: subscription schedules, usage and invoice payments', () => {
  it('schedules a subscription change: phases from now, release, from_subscription, cancel', async () => {
    const { prices } = SEED_IDS;
    const customer = await stripe.customers.create({
      email: 'schedule@example.com',
      payment_method: 'pm_card_visa',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const schedule = await call('subscriptionSchedules.create (phases)', () =>
      stripe.subscriptionSchedules.create({
        customer: customer.id,
        start_date: 'now',
        end_behavior: 'release',
        phases: [
          { items: [{ price: prices.starterMonthly, quantity: 1 }], duration: { interval: 'month' } },
          {
            items: [{ price: prices.proMonthly, quantity: 2 }],
            duration: { interval: 'month', interval_count: 2 },
          },
        ],
      }),
    );
    expect(schedule).toMatchObject({ object: 'subscription_schedule', status: 'active' });
    expect(schedule.phases.map((phase) => phase.items[0]?.price)).toEqual([
      prices.starterMonthly,
      prices.proMonthly,
    ]);
    const subscriptionId = schedule.subscription as string;
    const subscription = await call('subscriptions.retrieve (expand schedule)', () =>
      stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] }),
    );
    expect(subscription.status).toBe('active');
    expect((subscription.schedule as Stripe.SubscriptionSchedule).id).toBe(schedule.id);
    const read = await call('subscriptionSchedules.retrieve', () =>
      stripe.subscriptionSchedules.retrieve(schedule.id),
    );
    expect(read.current_phase?.start_date).toBe(schedule.phases[0]?.start_date);
    const listed = await call('subscriptionSchedules.list (customer)', () =>
      stripe.subscriptionSchedules.list({ customer: customer.id }),
    );
    expect(listed.data.map((found) => found.id)).toEqual([schedule.id]);
    const released = await call('subscriptionSchedules.release', () =>
      stripe.subscriptionSchedules.release(schedule.id),
    );
    expect(released).toMatchObject({
      status: 'released',
      subscription: null,
      released_subscription: subscriptionId,
    });
    const after = await stripe.subscriptions.retrieve(subscriptionId);
    expect(after).toMatchObject({ status: 'active', schedule: null });
    await refused('subscriptionSchedules.release (released)', Stripe.errors.StripeInvalidRequestError, () =>
      stripe.subscriptionSchedules.release(schedule.id),
    );
    const adopted = await call('subscriptionSchedules.create (from_subscription)', () =>
      stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }),
    );
    expect(adopted).toMatchObject({
      status: 'active',
      subscription: subscriptionId,
      end_behavior: 'release',
    });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).schedule).toBe(adopted.id);
    const canceled = await call('subscriptionSchedules.cancel', () =>
      stripe.subscriptionSchedules.cancel(adopted.id),
    );
    expect(canceled.status).toBe('canceled');
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    const refusal = await refused(
      'subscriptionSchedules.cancel (canceled)',
      Stripe.errors.StripeInvalidRequestError,
      () => stripe.subscriptionSchedules.cancel(adopted.id),
    );
    expect(refusal.message).toContain('`canceled` status');
    const later = await call('subscriptionSchedules.create (start_date ahead)', () =>
      stripe.subscriptionSchedules.create({
        customer: customer.id,
        start_date: Math.floor(Date.now() / 1000) + 7 * 86_400,
        phases: [{ items: [{ price: prices.proYearly }] }],
      }),
    );
    expect(later).toMatchObject({ status: 'not_started', subscription: null, current_phase: null });
    await refused(
      'subscriptionSchedules.create (from_subscription and customer)',
      Stripe.errors.StripeInvalidRequestError,
      () => stripe.subscriptionSchedules.create({ from_subscription: subscriptionId, customer: customer.id }),
    );
    const events = await stripe.events.list({ type: 'subscription_schedule.*', limit: 10 });
    const mine = events.data.filter(
      (event) => (event.data.object as Stripe.SubscriptionSchedule).customer === customer.id,
    );
    expect(mine.map((event) => event.type)).toEqual([
      'subscription_schedule.created',
      'subscription_schedule.canceled',
      'subscription_schedule.created',
      'subscription_schedule.released',
      'subscription_schedule.created',
    ]);
  });

  it('reports usage: lists meters, records meter events, refuses a duplicate identifier', async () => {
    const meters = await call('billing.meters.list (status)', () =>
      stripe.billing.meters.list({ status: 'active' }),
    );
    expect(meters.data.map((meter) => meter.id)).toEqual([SEED_IDS.meters.apiRequests]);
    const meter = await call('billing.meters.retrieve', () =>
      stripe.billing.meters.retrieve(SEED_IDS.meters.apiRequests),
    );
    expect(meter).toMatchObject({ event_name: 'api_requests', status: 'active' });
    const payload = { stripe_customer_id: SEED_IDS.customers.ada, value: '25' };
    const event = await call('billing.meterEvents.create', () =>
      stripe.billing.meterEvents.create({
        event_name: meter.event_name,
        payload,
        identifier: 'usage-2026-12-02-1',
      }),
    );
    expect(event).toMatchObject({ object: 'billing.meter_event', identifier: 'usage-2026-12-02-1', payload });
    const generated = await call('billing.meterEvents.create (no identifier)', () =>
      stripe.billing.meterEvents.create({ event_name: meter.event_name, payload }),
    );
    expect(generated.identifier).not.toBe('');
    const duplicate = await refused(
      'billing.meterEvents.create (duplicate identifier)',
      Stripe.errors.StripeInvalidRequestError,
      () =>
        stripe.billing.meterEvents.create({
          event_name: meter.event_name,
          payload,
          identifier: 'usage-2026-12-02-1',
        }),
    );
    expect(duplicate.message).toBe('An event already exists with identifier usage-2026-12-02-1.');
    await refused(
      'billing.meterEvents.create (timestamp too old)',
      Stripe.errors.StripeInvalidRequestError,
      () =>
        stripe.billing.meterEvents.create({
          event_name: meter.event_name,
          payload,
          timestamp: Math.floor(Date.now() / 1000) - 40 * 86_400,
        }),
    );
  });

  it('expands invoice.payments: open while due, paid by its charge', async () => {
    const customer = await stripe.customers.create({
      email: 'payments@example.com',
      payment_method: 'pm_card_visa',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    await stripe.invoiceItems.create({ customer: customer.id, amount: 4200, currency: 'usd' });
    const draft = await stripe.invoices.create({
      customer: customer.id,
      pending_invoice_items_behavior: 'include',
    });
    const open = await stripe.invoices.finalizeInvoice(draft.id);
    const due = await call('invoices.retrieve (expand payments)', () =>
      stripe.invoices.retrieve(open.id, { expand: ['payments'] }),
    );
    expect(due.payments?.data).toEqual([
      expect.objectContaining({
        status: 'open',
        amount_requested: 4200,
        amount_paid: null,
        invoice: open.id,
      }),
    ]);
    const paid = await call('invoices.pay (expand payments)', () =>
      stripe.invoices.pay(open.id, { expand: ['payments'] }),
    );
    const [payment] = paid.payments?.data ?? [];
    expect(payment).toMatchObject({ status: 'paid', amount_paid: 4200, payment: { type: 'charge' } });
    const charge = await stripe.charges.retrieve(payment?.payment.charge as string);
    expect(charge.amount).toBe(4200);
  });
});
