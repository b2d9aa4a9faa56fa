/**
 * The Stripe event types `payments.event` offers, as Stripe's event reference names them, for the
 * commands' resources: declared on the trigger's `events` items (`examples`), so that a form can offer
 * them grouped by resource (`customer.subscription.updated` under `customer.subscription`) the way
 * the Stripe Dashboard's webhook form does. `*` (every type) comes first. Any other well-formed type
 * is still accepted: Stripe adds types, and its API is the judge of what it knows.
 */
export const STRIPE_EVENT_TYPES: readonly string[] = [
  '*',
  ...of('billing.meter', ['created', 'deactivated', 'reactivated', 'updated']),
  ...of('charge', ['captured', 'expired', 'failed', 'pending', 'refunded', 'succeeded', 'updated']),
  ...of('charge.dispute', ['closed', 'created', 'funds_reinstated', 'funds_withdrawn', 'updated']),
  ...of('charge.refund', ['updated']),
  ...of('checkout.session', ['async_payment_failed', 'async_payment_succeeded', 'completed', 'expired']),
  ...of('coupon', ['created', 'deleted', 'updated']),
  ...of('customer', ['created', 'deleted', 'updated']),
  ...of('customer.discount', ['created', 'deleted', 'updated']),
  ...of('customer.subscription', [
    'created',
    'deleted',
    'paused',
    'pending_update_applied',
    'pending_update_expired',
    'resumed',
    'trial_will_end',
    'updated',
  ]),
  ...of('customer.tax_id', ['created', 'deleted', 'updated']),
  ...of('invoice', [
    'created',
    'deleted',
    'finalization_failed',
    'finalized',
    'marked_uncollectible',
    'overdue',
    'paid',
    'payment_action_required',
    'payment_failed',
    'payment_succeeded',
    'sent',
    'upcoming',
    'updated',
    'voided',
    'will_be_due',
  ]),
  ...of('invoiceitem', ['created', 'deleted']),
  ...of('payment_intent', [
    'amount_capturable_updated',
    'canceled',
    'created',
    'partially_funded',
    'payment_failed',
    'processing',
    'requires_action',
    'succeeded',
  ]),
  ...of('payment_method', ['attached', 'automatically_updated', 'detached', 'updated']),
  ...of('payout', ['canceled', 'created', 'failed', 'paid', 'updated']),
  ...of('price', ['created', 'deleted', 'updated']),
  ...of('product', ['created', 'deleted', 'updated']),
  ...of('promotion_code', ['created', 'updated']),
  ...of('refund', ['created', 'failed', 'updated']),
  ...of('setup_intent', ['canceled', 'created', 'requires_action', 'setup_failed', 'succeeded']),
  ...of('subscription_schedule', [
    'aborted',
    'canceled',
    'completed',
    'created',
    'expiring',
    'released',
    'updated',
  ]),
];

function of(resource: string, changes: string[]): string[] {
  return changes.map((change) => `${resource}.${change}`);
}
