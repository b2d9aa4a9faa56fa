import { find, type ResourceSpec, resourceRoutes } from '../stripe-engine.js';
import { invalidRequest } from '../stripe-errors.js';
import { applyMetadata, bool, hash, type StripeParams } from '../stripe-params.js';
import { type Call, changes, type Route, requestOf, route } from '../stripe-route.js';
import { type StoredObject, type StripeState, stripeStyleId } from '../stripe-state.js';
import { buildBalanceTransaction } from './balance.js';
import { buildCharge } from './charges.js';

// Stripe's dispute rules (docs.stripe.com/disputes/api, /api/disputes/update and /close; the status
// values of stripe-node 23.1.0's `Dispute.Status`): a dispute opens as `needs_response` (an inquiry
// as `warning_needs_response`) and withdraws its amount plus a 15.00 fee from the balance. Evidence
// can be saved (staged) as often as wanted while a response is due; `submit: true` sends it, which
// moves the dispute to `under_review` (`warning_under_review`) and can happen once. Closing it
// accepts the loss: `needs_response` becomes `lost` (`warning_needs_response` becomes
// `warning_closed`), irreversibly. Evidence on a dispute no longer awaiting a response, and closing
// one that is, are refused with an invalid_request_error; the exact wording of Stripe's messages is
// not published and could not be checked offline, so the messages below say the same in Stripe's
// style. Metadata can change at any time. Each change records `charge.dispute.updated`; closing
// records `charge.dispute.closed`. In test mode, a payment with `pm_card_createDispute` (the card
// 4000 0000 0000 0259) is disputed as fraudulent right after it succeeds.

/** Stripe's dispute fee in the US, in cents. */
const DISPUTE_FEE = 1500;
/** Days a merchant has to respond before the evidence is due. */
const RESPONSE_DAYS = 21;

/** The statuses in which evidence may still be saved or submitted, and what each becomes. */
const AWAITING: Readonly<Record<string, { submitted: string; closed: string }>> = {
  needs_response: { submitted: 'under_review', closed: 'lost' },
  warning_needs_response: { submitted: 'warning_under_review', closed: 'warning_closed' },
};

/** The evidence fields of the pinned version, all empty. */
const EVIDENCE_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_communication',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'customer_signature',
  'duplicate_charge_documentation',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'receipt',
  'refund_policy',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'service_documentation',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_documentation',
  'shipping_tracking_number',
  'uncategorized_file',
  'uncategorized_text',
] as const;

/** Fields of a new dispute. */
export interface DisputeFields {
  id?: string;
  created: number;
  charge: StoredObject;
  reason?: string;
  status?: string;
}

/**
 * A dispute of a charge in the pinned version's shape, with the balance transaction that withdraws
 * its amount and fee (stored on `state`), and the charge marked `disputed`.
 */
export function openDispute(state: StripeState, fields: DisputeFields): StoredObject {
  const { charge, created } = fields;
  const amount = charge.amount as number;
  const currency = charge.currency as string;
  const id = fields.id ?? stripeStyleId('du_1', 24);
  const txn = buildBalanceTransaction({
    created,
    type: 'adjustment',
    amount: -amount,
    fee: DISPUTE_FEE,
    currency,
    description: `Chargeback withdrawal for ${charge.id}`,
  });
  state.balanceTransactions.set({ ...txn, source: id, reporting_category: 'dispute' });
  state.charges.set({ ...charge, disputed: true });
  const card = (charge.payment_method_details as { card?: { brand?: string } } | undefined)?.card;
  return {
    id,
    object: 'dispute',
    amount,
    balance_transactions: [{ ...txn, source: id, reporting_category: 'dispute' }],
    charge: charge.id,
    created,
    currency,
    enhanced_eligibility_types: [],
    evidence: {
      ...Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, null])),
      enhanced_evidence: {},
    },
    evidence_details: {
      due_by: created + RESPONSE_DAYS * 86_400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent ?? null,
    payment_method_details: {
      card: {
        brand: card?.brand ?? 'visa',
        case_type: 'chargeback',
        network: card?.brand ?? 'visa',
        network_reason_code: '10.4',
      },
      type: 'card',
    },
    reason: fields.reason ?? 'fraudulent',
    status: fields.status ?? 'needs_response',
  };
}

/** A past card payment of a customer and its dispute, for a seeded account. */
export interface SeedDisputeFields {
  id: string;
  created: number;
  customer: string;
  paymentMethod: StoredObject;
  amount: number;
  description: string;
  reason: string;
  status: string;
}

/** Stores a settled card charge and a dispute of it (with its events), for a seeded account. */
export function seedDispute(state: StripeState, fields: SeedDisputeFields): StoredObject {
  const seeded = { id: null, idempotencyKey: null };
  const charge = state.charges.set(
    buildCharge({
      created: fields.created,
      amount: fields.amount,
      currency: 'usd',
      customer: fields.customer,
      paymentIntent: null,
      paymentMethod: fields.paymentMethod,
      description: fields.description,
      receiptEmail: null,
      captured: true,
      balanceTransaction: null,
    }),
  );
  state.recordEvent('charge.succeeded', charge, seeded, { created: fields.created });
  const opened = fields.created + 86_400;
  const dispute = openDispute(state, { ...fields, charge, created: opened, status: 'needs_response' });
  state.disputes.set(dispute);
  state.recordEvent('charge.dispute.created', dispute, seeded, { created: opened });
  if (fields.status === 'needs_response') return dispute;
  const after = { ...dispute, status: fields.status };
  state.disputes.set(after);
  state.recordEvent('charge.dispute.updated', after, seeded, {
    created: opened,
    previousAttributes: { status: dispute.status },
  });
  return after;
}

/** Disputes a charge made with `pm_card_createDispute`, as Stripe's test mode does. */
export function disputeTestCharge(call: Call, charge: StoredObject): void {
  const dispute = openDispute(call.state, { created: call.state.now(), charge });
  call.state.disputes.set(dispute);
  call.state.recordEvent('charge.dispute.created', dispute, requestOf(call));
}

/** The evidence after an update: the fields sent replace the saved ones, the rest stay. */
function mergedEvidence(before: StoredObject, sent: StripeParams): Record<string, unknown> {
  const evidence = { ...(before.evidence as Record<string, unknown>) };
  for (const [field, value] of Object.entries(sent)) {
    evidence[field] = value === '' ? null : value;
  }
  return evidence;
}

/** Refuses a change of evidence, a submission or a close when no response is due any more. */
function checkAwaiting(dispute: StoredObject, doing: string): void {
  if (AWAITING[dispute.status as string]) return;
  throw invalidRequest(
    `This dispute is already closed or under review (status: ${dispute.status}), so you can no longer ${doing}.`,
  );
}

/** `POST /v1/disputes/{id}`: metadata at any time; evidence staged, or submitted, while a response is due. */
function updateDispute(call: Call): StoredObject {
  const before = find(DISPUTES, call);
  const evidence = hash(call.params, 'evidence');
  const submit = bool(call.params, 'submit') ?? false;
  if (evidence || submit) checkAwaiting(before, submit ? 'submit evidence' : 'update its evidence');
  const after: StoredObject = {
    ...before,
    metadata: applyMetadata(before.metadata as Record<string, string>, call.params),
  };
  if (evidence) {
    after.evidence = mergedEvidence(before, evidence);
    after.evidence_details = { ...(before.evidence_details as object), has_evidence: true };
  }
  if (submit) {
    const details = after.evidence_details as Record<string, unknown>;
    after.evidence_details = {
      ...details,
      has_evidence: true,
      submission_count: (details.submission_count as number) + 1,
      submission_method: 'manual',
    };
    after.status = AWAITING[before.status as string]?.submitted;
  }
  call.state.disputes.set(after);
  const previous = changes(before, after);
  if (previous) {
    call.state.recordEvent('charge.dispute.updated', after, requestOf(call), {
      previousAttributes: previous,
    });
  }
  return after;
}

/** Disputes: listed by charge or payment intent, read by id. */
export const DISPUTES: ResourceSpec = {
  path: '/v1/disputes',
  permission: 'disputes',
  noun: 'dispute',
  collection: (state) => state.disputes,
  list: { charge: 'charge', payment_intent: 'payment_intent' },
  retrieve: true,
};

/** `/v1/disputes`: list, retrieve, update (evidence, submit, metadata) and close. */
export function disputeRoutes(): Route[] {
  return [
    ...resourceRoutes(DISPUTES),
    route('POST', `${DISPUTES.path}/:id`, 'disputes', (call) => ({ body: updateDispute(call) })),
    route('POST', `${DISPUTES.path}/:id/close`, 'disputes', (call) => {
      const dispute = find(DISPUTES, call);
      checkAwaiting(dispute, 'close it');
      const after = { ...dispute, status: AWAITING[dispute.status as string]?.closed };
      call.state.disputes.set(after);
      call.state.recordEvent('charge.dispute.closed', after, requestOf(call), {
        previousAttributes: { status: dispute.status },
      });
      return { body: after };
    }),
  ];
}
