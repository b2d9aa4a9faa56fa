import type { StripeState } from '../stripe-state.js';

// Stripe's invoice payments (docs.stripe.com/api/invoice-payment; InvoicePayment of stripe-node
// 23.1.0): since API 2025-03-31.basil an invoice names no payment intent or charge of its own; its
// `payments`, an includable list (`expand: ['payments']`), holds each attempt to collect it. A
// finalized invoice has one `open` payment for the amount due (the payment intent its Payment
// Element confirms); paying it makes the payment `paid` with the amount and time, and names the
// charge that paid it; voiding it, or paying it out of band, cancels the open payment. A draft has
// none.

type Invoice = Record<string, unknown>;

/** The invoice payment's id: one per invoice here, derived from the invoice's. */
const paymentId = (invoice: Invoice) => `inpay_${String(invoice.id).slice(3)}`;

/** The payment intent Stripe confirms an invoice's payment with (as in `confirmation_secret`). */
const intentId = (invoice: Invoice) => `pi_${String(invoice.id).slice(3)}`;

/** The charge that paid an invoice, as `POST /v1/invoices/{id}/pay` made it. */
function chargeOf(invoice: Invoice, state: StripeState): string | undefined {
  const description = `Payment for Invoice ${String(invoice.number)}`;
  return state.charges
    .list()
    .find((charge) => charge.customer === invoice.customer && charge.description === description)?.id;
}

/** `invoice.payments`: the list of its payments, as `expand: ['payments']` answers it. */
export function invoicePayments(invoice: Invoice, state: StripeState): Record<string, unknown> {
  const transitions = (invoice.status_transitions ?? {}) as Record<string, number | null>;
  const amountDue = invoice.amount_due as number;
  const amountPaid = invoice.amount_paid as number;
  const data: Record<string, unknown>[] = [];
  if (invoice.status !== 'draft' && amountDue > 0) {
    const paid = invoice.status === 'paid' && amountPaid > 0;
    const canceledAt =
      invoice.status === 'void'
        ? (transitions.voided_at ?? null)
        : invoice.status === 'paid' && !paid
          ? (transitions.paid_at ?? null)
          : null;
    const charge = paid ? chargeOf(invoice, state) : undefined;
    data.push({
      id: paymentId(invoice),
      object: 'invoice_payment',
      amount_paid: paid ? amountPaid : null,
      amount_requested: amountDue,
      created: transitions.finalized_at ?? (invoice.created as number),
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: charge
        ? { charge, type: 'charge' }
        : { payment_intent: intentId(invoice), type: 'payment_intent' },
      status: paid ? 'paid' : canceledAt !== null ? 'canceled' : 'open',
      status_transitions: { canceled_at: canceledAt, paid_at: paid ? (transitions.paid_at ?? null) : null },
    });
  }
  return {
    object: 'list',
    data,
    has_more: false,
    url: `/v1/invoice_payments?invoice=${String(invoice.id)}`,
  };
}
