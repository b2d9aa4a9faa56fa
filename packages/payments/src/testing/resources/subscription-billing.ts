import { invalidRequest, StripeFailure } from '../stripe-errors.js';
import { type Call, requestOf } from '../stripe-route.js';
import type { StoredObject, StripeState } from '../stripe-state.js';
import { buildBalanceTransaction, cardFee } from './balance.js';
import { buildInvoice, type InvoiceFields } from './invoices.js';
import { declines } from './payment-methods.js';
import { periodEnd } from './subscription-objects.js';

/**
 * Stripe's refusal of a `charge_automatically` subscription that nothing can pay: no trial, an amount
 * due, no payment method on the subscription or the customer, and no `default_incomplete`. No `param`.
 */
export const NO_PAYMENT_METHOD_MESSAGE =
  'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.';

/** Stripe's 400 for a subscription nothing can pay. */
export const noPaymentMethod = () => invalidRequest(NO_PAYMENT_METHOD_MESSAGE, { code: 'resource_missing' });

type Items = { data: Record<string, unknown>[] };

/** The items of a subscription. */
export const itemsOf = (subscription: StoredObject) => (subscription.items as Items).data;

/** Who pays the subscription's invoices: its own payment method, else the customer's default. */
export function payingMethod(state: StripeState, subscription: StoredObject): StoredObject | undefined {
  const own = subscription.default_payment_method as string | null;
  const customer = state.customers.get(subscription.customer as string);
  const fallback = (customer?.invoice_settings as { default_payment_method?: string | null } | undefined)
    ?.default_payment_method;
  const id = own ?? fallback;
  return id ? state.paymentMethods.get(id) : undefined;
}

/** The invoice a subscription's billing creates, stored with its events and, when paid, its charge. */
export function issueInvoice(
  call: Call,
  subscription: StoredObject,
  status: InvoiceFields['status'],
  billingReason: InvoiceFields['billingReason'],
  attempts?: number,
): StoredObject {
  const { state } = call;
  const customer = state.customers.get(subscription.customer as string) as StoredObject;
  const sequence = (customer.next_invoice_sequence as number) ?? 1;
  const invoice = buildInvoice({
    created: state.now(),
    customer,
    subscription,
    status,
    billingReason,
    sequence,
    ...(attempts !== undefined ? { attempts } : {}),
    lines: itemsOf(subscription).map((item) => {
      const price = item.price as StoredObject;
      return {
        item: item.id as string,
        price,
        productName: String(state.products.get(price.product as string)?.name ?? price.product),
        quantity: item.quantity as number,
        periodStart: item.current_period_start as number,
        periodEnd: item.current_period_end as number,
      };
    }),
  });
  state.invoices.set(invoice);
  if (status !== 'draft') state.customers.set({ ...customer, next_invoice_sequence: sequence + 1 });
  const request = requestOf(call);
  state.recordEvent('invoice.created', invoice, request);
  if (status !== 'draft') state.recordEvent('invoice.finalized', invoice, request);
  if (status === 'paid') {
    state.recordEvent('invoice.paid', invoice, request);
    const amount = invoice.amount_paid as number;
    if (amount > 0) {
      state.balanceTransactions.set(
        buildBalanceTransaction({
          created: state.now(),
          type: 'charge',
          amount,
          fee: cardFee(amount),
          currency: invoice.currency as string,
          description: 'Subscription creation',
          status: 'pending',
        }),
      );
    }
  }
  return invoice;
}

/** How a subscription's first payment goes. */
export type Outcome =
  | { status: 'trialing' | 'active'; invoice: 'paid' | 'draft' }
  | { status: 'incomplete'; invoice: 'open'; attempts: number };

/**
 * Decides the first invoice of a new subscription as Stripe does: a trial or a zero amount needs no
 * payment; `send_invoice` sends a draft; under `charge_automatically`, `default_incomplete` leaves it
 * `incomplete` for the customer to pay; otherwise a payment method must pay now, a declined card
 * leaves it `incomplete` (or is a 402 with `error_if_incomplete`), and no payment method is Stripe's 400.
 */
export function firstPayment(
  call: Call,
  subscription: StoredObject,
  amount: number,
  behavior: string,
): Outcome {
  if (subscription.status === 'trialing') return { status: 'trialing', invoice: 'paid' };
  if (subscription.collection_method === 'send_invoice') return { status: 'active', invoice: 'draft' };
  if (amount === 0) return { status: 'active', invoice: 'paid' };
  if (behavior === 'default_incomplete') return { status: 'incomplete', invoice: 'open', attempts: 0 };
  const method = payingMethod(call.state, subscription);
  if (!method) throw noPaymentMethod();
  if (!declines(method)) return { status: 'active', invoice: 'paid' };
  if (behavior === 'error_if_incomplete') {
    throw new StripeFailure(402, {
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  }
  return { status: 'incomplete', invoice: 'open', attempts: 1 };
}

/** Starts every item's billing period now (a trial that ends, a paused subscription that resumes). */
export function restartPeriods(after: StoredObject, now: number): void {
  after.billing_cycle_anchor = now;
  const restart = itemsOf(after).map((item) => ({
    ...item,
    current_period_start: now,
    current_period_end: periodEnd(
      now,
      (item.price as StoredObject).recurring as { interval: string; interval_count: number },
    ),
  }));
  after.items = { ...(after.items as object), data: restart };
}

/** Ends a trial now: paid when something can pay, else what `trial_settings` says. */
export function endTrialNow(call: Call, after: StoredObject): void {
  const now = call.state.now();
  after.trial_end = now;
  restartPeriods(after, now);
  const method = payingMethod(call.state, after);
  if (method && !declines(method)) {
    after.status = 'active';
    after.latest_invoice = issueInvoice(call, after, 'paid', 'subscription_cycle').id;
    return;
  }
  const missing = (after.trial_settings as { end_behavior: { missing_payment_method: string } }).end_behavior
    .missing_payment_method;
  if (missing === 'pause') {
    after.status = 'paused';
    return;
  }
  if (missing === 'cancel') {
    Object.assign(after, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancellation_details: {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: 'cancellation_requested',
      },
    });
    return;
  }
  throw noPaymentMethod();
}
