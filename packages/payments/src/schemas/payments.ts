import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import {
  currency,
  livemode,
  metadata,
  minorAmount,
  nullableUnixTime,
  objectType,
  unixTime,
} from './common.js';

// Payment intents, charges, refunds, setup intents and payment methods as API version
// 2026-10-28.endive returns them (stripe-node 23.1.0's `PaymentIntent`, `Charge`, `Refund`,
// `SetupIntent`, `PaymentMethod`): the fields a person reads; every other field passes through.

/** An id field that `expand[]` may replace with the object it names. */
const expandable = (z: Zod, title: string, description: string) =>
  z
    .union([z.string(), z.looseObject({ id: z.string() })])
    .nullable()
    .meta({ title, description: `${description} (an id, or the object when expanded), or null.` });

/** A payment intent (`pi_…`): one attempt to collect an amount, through its status machine. */
export const paymentIntentSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Payment Intent Id', description: 'The payment intent’s id, pi_….' }),
      object: objectType(z, 'payment_intent'),
      amount: minorAmount(z, 'Amount', 'The amount to collect'),
      amount_capturable: minorAmount(z, 'Amount Capturable', 'What can still be captured (manual capture)'),
      amount_received: minorAmount(z, 'Amount Received', 'What was collected'),
      currency: currency(z),
      status: z.string().meta({
        title: 'Status',
        description:
          'requires_payment_method, requires_confirmation, requires_action, processing, requires_capture, canceled or succeeded.',
      }),
      capture_method: z.string().meta({
        title: 'Capture Method',
        description: 'automatic, automatic_async, or manual (authorize now, capture later).',
      }),
      customer: expandable(z, 'Customer', 'The paying customer, cus_…'),
      payment_method: expandable(z, 'Payment Method', 'The payment method, pm_…'),
      latest_charge: expandable(z, 'Latest Charge', 'The last charge attempted, ch_…'),
      client_secret: z.string().nullable().meta({
        title: 'Client Secret',
        description: 'What a browser or app confirms the payment with (Stripe.js), or null.',
      }),
      description: z.string().nullable().meta({ title: 'Description', description: 'A note, or null.' }),
      receipt_email: z
        .string()
        .nullable()
        .meta({ title: 'Receipt Email', description: 'Where the receipt goes, or null.' }),
      last_payment_error: z
        .looseObject({
          code: z.string().optional().meta({ title: 'Code', description: 'Stripe’s error code.' }),
          message: z.string().optional().meta({ title: 'Message', description: 'What went wrong.' }),
          type: z.string().meta({ title: 'Type', description: 'card_error, invalid_request_error, …' }),
        })
        .nullable()
        .meta({ title: 'Last Payment Error', description: 'Why the last attempt failed, or null.' }),
      canceled_at: nullableUnixTime(z, 'Canceled At', 'When it was canceled'),
      cancellation_reason: z
        .string()
        .nullable()
        .meta({ title: 'Cancellation Reason', description: 'Why it was canceled, or null.' }),
      created: unixTime(z, 'Created', 'When it was created'),
      livemode: livemode(z),
      metadata: metadata(z),
    })
    .meta(resultView({ view: 'record' }));

/** A payment intent. */
export type StripePaymentIntent = z.output<ReturnType<typeof paymentIntentSchema>>;

/** A charge (`ch_…`): one attempt to move money from a payment method. */
export const chargeSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Charge Id', description: 'The charge’s id, ch_….' }),
      object: objectType(z, 'charge'),
      amount: minorAmount(z, 'Amount', 'The amount charged'),
      amount_captured: minorAmount(z, 'Amount Captured', 'What was captured'),
      amount_refunded: minorAmount(z, 'Amount Refunded', 'What was refunded (or released)'),
      currency: currency(z),
      status: z.string().meta({ title: 'Status', description: 'succeeded, pending or failed.' }),
      paid: z.boolean().meta({ title: 'Paid', description: 'Whether it succeeded or was authorized.' }),
      captured: z.boolean().meta({ title: 'Captured', description: 'Whether the amount was captured.' }),
      refunded: z.boolean().meta({ title: 'Refunded', description: 'Whether it was refunded in full.' }),
      disputed: z.boolean().meta({ title: 'Disputed', description: 'Whether it was disputed.' }),
      customer: expandable(z, 'Customer', 'The paying customer, cus_…'),
      payment_intent: expandable(z, 'Payment Intent', 'The payment intent it belongs to, pi_…'),
      payment_method: z
        .string()
        .nullable()
        .meta({ title: 'Payment Method', description: 'The payment method charged, pm_…, or null.' }),
      balance_transaction: expandable(z, 'Balance Transaction', 'Its effect on the balance, txn_…'),
      failure_code: z
        .string()
        .nullable()
        .meta({ title: 'Failure Code', description: 'Why it failed (card_declined, …), or null.' }),
      failure_message: z
        .string()
        .nullable()
        .meta({ title: 'Failure Message', description: 'The failure in words, or null.' }),
      receipt_url: z
        .string()
        .nullable()
        .meta({ title: 'Receipt URL', description: 'The receipt’s web page, or null.' }),
      description: z.string().nullable().meta({ title: 'Description', description: 'A note, or null.' }),
      created: unixTime(z, 'Created', 'When it was made'),
      livemode: livemode(z),
      metadata: metadata(z),
    })
    .meta(resultView({ view: 'record' }));

/** A charge. */
export type StripeCharge = z.output<ReturnType<typeof chargeSchema>>;

/** A refund (`re_…`). */
export const refundSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Refund Id', description: 'The refund’s id, re_….' }),
      object: objectType(z, 'refund'),
      amount: minorAmount(z, 'Amount', 'The amount refunded'),
      currency: currency(z),
      status: z.string().nullable().meta({
        title: 'Status',
        description: 'pending, requires_action, succeeded, failed or canceled.',
      }),
      reason: z.string().nullable().meta({
        title: 'Reason',
        description: 'duplicate, fraudulent, requested_by_customer or expired_uncaptured_charge, or null.',
      }),
      charge: expandable(z, 'Charge', 'The refunded charge, ch_…'),
      payment_intent: expandable(z, 'Payment Intent', 'The refunded payment intent, pi_…'),
      balance_transaction: expandable(z, 'Balance Transaction', 'Its effect on the balance, txn_…'),
      created: unixTime(z, 'Created', 'When it was made'),
      metadata: metadata(z).nullable(),
    })
    .meta(resultView({ view: 'record' }));

/** A refund. */
export type StripeRefund = z.output<ReturnType<typeof refundSchema>>;

/** A setup intent (`seti_…`): saving a payment method for later payments. */
export const setupIntentSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Setup Intent Id', description: 'The setup intent’s id, seti_….' }),
      object: objectType(z, 'setup_intent'),
      status: z.string().meta({
        title: 'Status',
        description:
          'requires_payment_method, requires_confirmation, requires_action, processing, canceled or succeeded.',
      }),
      usage: z.string().meta({ title: 'Usage', description: 'off_session or on_session.' }),
      customer: expandable(z, 'Customer', 'The customer the payment method is saved for, cus_…'),
      payment_method: expandable(z, 'Payment Method', 'The payment method, pm_…'),
      client_secret: z.string().nullable().meta({
        title: 'Client Secret',
        description: 'What a browser or app confirms the setup with (Stripe.js), or null.',
      }),
      payment_method_types: z
        .array(z.string())
        .meta({ title: 'Payment Method Types', description: 'The kinds of payment method it accepts.' }),
      created: unixTime(z, 'Created', 'When it was created'),
      livemode: livemode(z),
      metadata: metadata(z),
    })
    .meta(resultView({ view: 'record' }));

/** A setup intent. */
export type StripeSetupIntent = z.output<ReturnType<typeof setupIntentSchema>>;

/** A payment method (`pm_…`). */
export const paymentMethodSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Payment Method Id', description: 'The payment method’s id, pm_….' }),
      object: objectType(z, 'payment_method'),
      type: z.string().meta({ title: 'Type', description: 'card, us_bank_account, sepa_debit, …' }),
      customer: expandable(z, 'Customer', 'The customer it is attached to, cus_…'),
      card: z
        .looseObject({
          brand: z.string().meta({ title: 'Brand', description: 'visa, mastercard, amex, …' }),
          last4: z.string().meta({ title: 'Last 4', description: 'The card number’s last four digits.' }),
          exp_month: z.number().int().meta({ title: 'Expiry Month', description: '1 to 12.' }),
          exp_year: z.number().int().meta({ title: 'Expiry Year', description: 'Four digits.' }),
        })
        .optional()
        .meta({ title: 'Card', description: 'The card, for a card payment method.' }),
      created: unixTime(z, 'Created', 'When it was created'),
      livemode: livemode(z),
      metadata: metadata(z).nullable(),
    })
    .meta(resultView({ view: 'record' }));

/** A payment method. */
export type StripePaymentMethod = z.output<ReturnType<typeof paymentMethodSchema>>;
