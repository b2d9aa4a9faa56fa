import { find, type ResourceSpec, resourceRoutes, viewOf } from '../stripe-engine.js';
import { invalidRequest, missingParam, noSuch, StripeFailure } from '../stripe-errors.js';
import { applyMetadata, bool, hash, int, nullableStr, str } from '../stripe-params.js';
import { type Call, type Route, requestOf, route } from '../stripe-route.js';
import { type StoredObject, stripeStyleId } from '../stripe-state.js';
import { buildBalanceTransaction, cardFee } from './balance.js';
import { buildCharge } from './charges.js';
import { buildInvoice } from './invoices.js';
import { declines } from './payment-methods.js';
import { noPaymentMethod } from './subscription-billing.js';

// Stripe's invoice status machine (docs.stripe.com/invoicing/overview#invoice-lifecycle): draft →
// open (finalize; a zero total is paid at once) → paid, void or uncollectible; uncollectible → paid or
// void. Only a draft can be deleted or take new items; only an open or uncollectible invoice can be
// paid; only an open one is sent (collection_method send_invoice) or marked uncollectible.

const DAY = 86_400;

/** Stripe's 400 for a transition the invoice's status does not allow. */
function cannot(invoice: StoredObject, action: string): StripeFailure {
  return invalidRequest(`You can't ${action} an invoice with status ${invoice.status}.`, {
    code: 'status_transition_invalid',
  });
}

/** An invoice item as Stripe answers it: its order is kept in `created`, which Stripe does not send. */
const itemView = (item: StoredObject): unknown => {
  const { created: _created, ...answer } = item;
  return answer;
};

/** The line an invoice item makes on its invoice. */
function lineOf(item: StoredObject): Record<string, unknown> {
  const pricing = item.pricing as { price_details?: { price: string; product: string } } | null;
  return {
    id: stripeStyleId('il_1', 24),
    object: 'line_item',
    amount: item.amount,
    currency: item.currency,
    description: item.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: item.invoice,
    livemode: false,
    metadata: item.metadata ?? {},
    parent: {
      invoice_item_details: {
        invoice_item: item.id,
        proration: false,
        proration_details: { credited_items: null },
        subscription: null,
      },
      subscription_item_details: null,
      type: 'invoice_item_details',
    },
    period: item.period,
    pretax_credit_amounts: [],
    pricing: {
      ...(pricing?.price_details ? { price_details: pricing.price_details } : {}),
      type: 'price_details',
      unit_amount_decimal: String((item.amount as number) / (item.quantity as number)),
    },
    quantity: item.quantity,
    quantity_decimal: String(item.quantity),
    subscription: null,
    subtotal: item.amount,
    taxes: [],
  };
}

/** Recomputes an invoice's totals from its lines. */
function withTotals(invoice: StoredObject, lines: Record<string, unknown>[]): StoredObject {
  const total = lines.reduce((sum, line) => sum + (line.amount as number), 0);
  return {
    ...invoice,
    lines: { ...(invoice.lines as object), data: lines, has_more: false },
    amount_due: total,
    amount_remaining: total - (invoice.amount_paid as number),
    subtotal: total,
    subtotal_excluding_tax: total,
    total,
    total_excluding_tax: total,
  };
}

/** `POST /v1/invoiceitems`: a charge for the next invoice, or for a draft invoice named. */
function createInvoiceItem(call: Call): StoredObject {
  const { params, state } = call;
  const customerId = str(params, 'customer');
  if (!customerId) throw missingParam('customer');
  const customer = state.customers.get(customerId);
  if (!customer) throw noSuch('customer', customerId, 'customer', 400);
  const invoiceId = str(params, 'invoice');
  const invoice = invoiceId ? state.invoices.get(invoiceId) : undefined;
  if (invoiceId && !invoice) throw noSuch('invoice', invoiceId, 'invoice', 400);
  if (invoice && invoice.status !== 'draft') {
    throw invalidRequest(
      `You can only add invoice items to draft invoices. This invoice is ${invoice.status}.`,
      {
        param: 'invoice',
        code: 'invoice_not_editable',
      },
    );
  }
  const priceId = str(hash(params, 'pricing') ?? {}, 'price');
  const price = priceId ? state.prices.get(priceId) : undefined;
  if (priceId && !price) throw noSuch('price', priceId, 'pricing[price]', 400);
  const quantity = int(params, 'quantity') ?? 1;
  const amount = price ? (price.unit_amount as number) * quantity : int(params, 'amount');
  if (amount === undefined) throw missingParam('amount');
  const currency = String(price?.currency ?? str(params, 'currency') ?? '');
  if (!currency) throw missingParam('currency');
  const now = state.now();
  const item: StoredObject = {
    id: stripeStyleId('ii_1', 24),
    object: 'invoiceitem',
    amount,
    created: now,
    currency,
    customer: customerId,
    customer_account: null,
    date: now,
    description: nullableStr(params, 'description') ?? (price ? String(price.nickname ?? price.id) : null),
    discountable: true,
    discounts: [],
    invoice: invoice?.id ?? null,
    livemode: false,
    metadata: applyMetadata({}, params),
    parent: null,
    period: { end: now, start: now },
    pricing: price
      ? {
          price_details: { price: price.id, product: price.product },
          type: 'price_details',
          unit_amount_decimal: String(price.unit_amount),
        }
      : null,
    proration: false,
    quantity,
    quantity_decimal: String(quantity),
    tax_rates: [],
    test_clock: null,
  };
  state.invoiceItems.set(item);
  state.recordEvent('invoiceitem.created', itemView(item) as StoredObject, requestOf(call));
  if (invoice) {
    const lines = [...(invoice.lines as { data: Record<string, unknown>[] }).data, lineOf(item)];
    state.invoices.set(withTotals(invoice, lines));
  }
  return item;
}

/** `POST /v1/invoices`: a draft for a customer, with its pending items when asked. */
function createInvoice(call: Call): StoredObject {
  const { params, state } = call;
  const customerId = str(params, 'customer');
  if (!customerId) throw missingParam('customer');
  const customer = state.customers.get(customerId);
  if (!customer) throw noSuch('customer', customerId, 'customer', 400);
  const collectionMethod = str(params, 'collection_method') ?? 'charge_automatically';
  const daysUntilDue = int(params, 'days_until_due') ?? null;
  if (collectionMethod === 'send_invoice' && daysUntilDue === null && !int(params, 'due_date')) {
    throw invalidRequest(
      'Invoices with `collection_method=send_invoice` need a `days_until_due` or `due_date`.',
      {
        param: 'days_until_due',
      },
    );
  }
  const include = str(params, 'pending_invoice_items_behavior') === 'include';
  const pending = include
    ? state.invoiceItems.list().filter((item) => item.customer === customerId && item.invoice === null)
    : [];
  const invoice = buildInvoice({
    created: state.now(),
    customer,
    lines: [],
    status: 'draft',
    billingReason: 'manual',
    collectionMethod,
    daysUntilDue,
    description: nullableStr(params, 'description') ?? null,
    autoAdvance: bool(params, 'auto_advance') ?? false,
    metadata: applyMetadata({}, params),
  });
  for (const item of pending) state.invoiceItems.set({ ...item, invoice: invoice.id });
  const lines = pending.map((item) => lineOf({ ...item, invoice: invoice.id }));
  const made = withTotals(invoice, lines);
  state.invoices.set(made);
  state.recordEvent('invoice.created', made, requestOf(call));
  return made;
}

/** Finalizes a draft: numbered, open, and paid at once when nothing is due. */
function finalize(call: Call, invoice: StoredObject): StoredObject {
  const { state } = call;
  if (invoice.status !== 'draft') {
    throw invalidRequest("This invoice is already finalized, you can't re-finalize a non-draft invoice.", {
      code: 'invoice_not_editable',
    });
  }
  const now = state.now();
  const customer = state.customers.get(invoice.customer as string) as StoredObject;
  const sequence = (customer.next_invoice_sequence as number) ?? 1;
  state.customers.set({ ...customer, next_invoice_sequence: sequence + 1 });
  const zero = invoice.amount_due === 0;
  const after: StoredObject = {
    ...invoice,
    status: zero ? 'paid' : 'open',
    number: `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
    effective_at: now,
    ending_balance: 0,
    automatically_finalizes_at: null,
    due_date:
      invoice.collection_method === 'send_invoice'
        ? now + ((invoice.days_until_due as number) ?? 30) * DAY
        : null,
    hosted_invoice_url: `https://invoice.stripe.com/i/simulated/${invoice.id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/simulated/${invoice.id}/pdf`,
    status_transitions: {
      ...(invoice.status_transitions as object),
      finalized_at: now,
      ...(zero ? { paid_at: now } : {}),
    },
  };
  state.invoices.set(after);
  state.recordEvent('invoice.finalized', after, requestOf(call));
  if (zero) state.recordEvent('invoice.paid', after, requestOf(call));
  return after;
}

/** Collects an open (or uncollectible) invoice: out of band, or by charging a payment method. */
function pay(call: Call, invoice: StoredObject): StoredObject {
  const { params, state } = call;
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') throw cannot(invoice, 'pay');
  const now = state.now();
  const amount = invoice.amount_remaining as number;
  const paidAt = { ...(invoice.status_transitions as object), paid_at: now };
  if (bool(params, 'paid_out_of_band')) {
    const after = { ...invoice, status: 'paid', amount_remaining: 0, status_transitions: paidAt };
    state.invoices.set(after);
    state.recordEvent('invoice.paid', after, requestOf(call));
    return after;
  }
  const customer = state.customers.get(invoice.customer as string);
  const methodId =
    str(params, 'payment_method') ??
    (invoice.default_payment_method as string | null) ??
    (customer?.invoice_settings as { default_payment_method?: string | null } | undefined)
      ?.default_payment_method;
  const method = methodId ? state.paymentMethods.get(methodId) : undefined;
  if (methodId && !method) throw noSuch('PaymentMethod', methodId, 'payment_method', 400);
  if (!method) throw noPaymentMethod();
  const attempts = (invoice.attempt_count as number) + 1;
  if (declines(method)) {
    const failed = { ...invoice, attempt_count: attempts, attempted: true };
    state.invoices.set(failed);
    state.recordEvent('invoice.payment_failed', failed, requestOf(call));
    throw new StripeFailure(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
  }
  const currency = invoice.currency as string;
  const txn = state.balanceTransactions.set(
    buildBalanceTransaction({ created: now, type: 'charge', amount, fee: cardFee(amount), currency }),
  );
  const charge = buildCharge({
    created: now,
    amount,
    currency,
    customer: invoice.customer as string,
    paymentIntent: null,
    paymentMethod: method,
    description: `Payment for Invoice ${invoice.number}`,
    receiptEmail: null,
    captured: true,
    balanceTransaction: txn.id,
  });
  state.charges.set(charge);
  state.balanceTransactions.set({ ...txn, source: charge.id });
  const after = {
    ...invoice,
    status: 'paid',
    amount_paid: (invoice.amount_paid as number) + amount,
    amount_remaining: 0,
    attempt_count: attempts,
    attempted: true,
    status_transitions: paidAt,
  };
  state.invoices.set(after);
  state.recordEvent('charge.succeeded', charge, requestOf(call));
  state.recordEvent('invoice.paid', after, requestOf(call));
  state.recordEvent('invoice.payment_succeeded', after, requestOf(call));
  return after;
}

/** Moves an invoice to `void` or `uncollectible`, from the statuses Stripe allows. */
function close(call: Call, invoice: StoredObject, to: 'void' | 'uncollectible'): StoredObject {
  const allowed = to === 'void' ? ['open', 'uncollectible'] : ['open'];
  if (!allowed.includes(invoice.status as string)) {
    throw cannot(invoice, to === 'void' ? 'void' : 'mark as uncollectible');
  }
  const at = to === 'void' ? 'voided_at' : 'marked_uncollectible_at';
  const after = {
    ...invoice,
    status: to,
    ...(to === 'void' ? { amount_remaining: 0 } : {}),
    status_transitions: { ...(invoice.status_transitions as object), [at]: call.state.now() },
  };
  call.state.invoices.set(after);
  call.state.recordEvent(
    to === 'void' ? 'invoice.voided' : 'invoice.marked_uncollectible',
    after,
    requestOf(call),
  );
  return after;
}

/** Invoices: listed by customer, subscription, status or collection method; searched; only drafts deleted. */
export const INVOICES: ResourceSpec = {
  path: '/v1/invoices',
  permission: 'invoices',
  noun: 'invoice',
  collection: (state) => state.invoices,
  list: {
    customer: 'customer',
    status: 'status',
    collection_method: 'collection_method',
    subscription: (invoice, value) =>
      (invoice.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details
        ?.subscription === value,
  },
  retrieve: true,
  search: {
    created: { kind: 'number' },
    currency: { kind: 'text' },
    customer: { kind: 'text' },
    metadata: { kind: 'metadata' },
    number: { kind: 'text' },
    status: { kind: 'text' },
    total: { kind: 'number' },
  },
  update: {
    fields: { description: 'nullable', days_until_due: 'int', auto_advance: 'bool', metadata: 'metadata' },
    check(call, before) {
      const drafting = ['description', 'days_until_due'].find((name) => call.params[name] !== undefined);
      if (drafting && before.status !== 'draft') {
        throw invalidRequest(`You can only update ${drafting} on a draft invoice.`, {
          param: drafting,
          code: 'invoice_not_editable',
        });
      }
    },
  },
  delete: {
    check(_call, invoice) {
      if (invoice.status !== 'draft') {
        throw invalidRequest('You can only delete draft invoices.', { code: 'invoice_not_editable' });
      }
    },
  },
};

/** Invoice items: listed by customer, invoice or pending; retrieved; deleted while their invoice is a draft. */
export const INVOICE_ITEMS: ResourceSpec = {
  path: '/v1/invoiceitems',
  permission: 'invoices',
  noun: 'invoiceitem',
  collection: (state) => state.invoiceItems,
  view: itemView,
  list: {
    customer: 'customer',
    invoice: 'invoice',
    pending: (item, value) => (item.invoice === null) === (value === 'true'),
  },
  retrieve: true,
  delete: {
    check(call, item) {
      const invoice = item.invoice ? call.state.invoices.get(item.invoice as string) : undefined;
      if (invoice && invoice.status !== 'draft') {
        throw invalidRequest('You can only delete invoice items of draft invoices.', {
          code: 'invoice_not_editable',
        });
      }
    },
  },
};

/** `/v1/invoices` and `/v1/invoiceitems`: the generic routes, create, lines, preview and the status machine. */
export function invoicingRoutes(): Route[] {
  const path = INVOICES.path;
  const action = (name: string, run: (call: Call, invoice: StoredObject) => StoredObject) =>
    route('POST', `${path}/:id/${name}`, 'invoices', (call) => ({ body: run(call, find(INVOICES, call)) }));
  return [
    ...resourceRoutes(INVOICES),
    ...resourceRoutes(INVOICE_ITEMS),
    route('POST', path, 'invoices', (call) => ({ body: createInvoice(call) })),
    route('POST', INVOICE_ITEMS.path, 'invoices', (call) => ({
      body: viewOf(INVOICE_ITEMS)(createInvoiceItem(call)),
    })),
    route('GET', `${path}/:id/lines`, 'invoices', (call) => ({
      body: linesPage(call, find(INVOICES, call)),
    })),
    route('POST', `${path}/create_preview`, 'invoices', (call) => ({ body: preview(call) })),
    action('finalize', finalize),
    action('pay', pay),
    action('void', (call, invoice) => close(call, invoice, 'void')),
    action('mark_uncollectible', (call, invoice) => close(call, invoice, 'uncollectible')),
    action('send', (call, invoice) => {
      if (invoice.status !== 'open') throw cannot(invoice, 'send');
      call.state.recordEvent('invoice.sent', invoice, requestOf(call));
      return invoice;
    }),
  ];
}

/** One page of an invoice's lines, in their order on the invoice (`limit`, `starting_after`). */
function linesPage(call: Call, invoice: StoredObject): unknown {
  const lines = (invoice.lines as { data: { id: string }[] }).data;
  const limit = int(call.params, 'limit') ?? 10;
  const after = str(call.params, 'starting_after');
  const start = after ? lines.findIndex((line) => line.id === after) + 1 : 0;
  if (after && start === 0) throw noSuch('line_item', after, 'starting_after', 400);
  const data = lines.slice(start, start + limit);
  return {
    object: 'list',
    data,
    has_more: start + limit < lines.length,
    url: `/v1/invoices/${invoice.id}/lines`,
  };
}

/** `POST /v1/invoices/create_preview`: what the customer's next invoice would hold (its pending items). */
function preview(call: Call): unknown {
  const { params, state } = call;
  const subscriptionId = str(params, 'subscription');
  const subscription = subscriptionId ? state.subscriptions.get(subscriptionId) : undefined;
  if (subscriptionId && !subscription) throw noSuch('subscription', subscriptionId, 'subscription', 400);
  const customerId = str(params, 'customer') ?? (subscription?.customer as string | undefined);
  if (!customerId) throw missingParam('customer');
  const customer = state.customers.get(customerId);
  if (!customer) throw noSuch('customer', customerId, 'customer', 400);
  const pending = state.invoiceItems
    .list()
    .filter((item) => item.customer === customerId && item.invoice === null);
  const draft = buildInvoice({
    created: state.now(),
    customer,
    lines: [],
    status: 'draft',
    billingReason: 'manual',
  });
  // Stripe names a preview `upcoming_in_…`; it is not stored.
  return { ...withTotals(draft, pending.map(lineOf)), id: stripeStyleId('upcoming_in_1', 24) };
}
