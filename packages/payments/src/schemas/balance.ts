import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import { currency, minorAmount, objectType, unixTime } from './common.js';
/** A balance transaction (`txn_…`): money into or out of the account's balance. */
export const balanceTransactionSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Transaction Id', description: 'The transaction’s id, txn_….' }),
    object: objectType(z, 'balance_transaction'),
    amount: minorAmount(z, 'Amount', 'Gross amount, negative for money out'),
    fee: minorAmount(z, 'Fee', 'Fees paid for it'),
    net: minorAmount(z, 'Net', 'Amount minus fees: what the balance changed by'),
    currency: currency(z),
    type: z.string().meta({
      title: 'Type',
      description: 'What moved the money: charge, refund, payout, adjustment, stripe_fee, transfer, …',
    }),
    reporting_category: z.string().meta({
      title: 'Reporting Category',
      description: 'Stripe’s reporting category: charge, refund, payout, fee, …',
    }),
    status: z.string().meta({ title: 'Status', description: 'available or pending.' }),
    balance_type: z.string().meta({
      title: 'Balance Type',
      description:
        'Which balance it affects: payments, issuing, refund_and_dispute_prefunding or risk_reserved.',
    }),
    created: unixTime(z, 'Created', 'When it happened'),
    available_on: unixTime(z, 'Available On', 'When the money becomes available'),
    description: z.string().nullable().meta({ title: 'Description', description: 'A description, or null.' }),
    exchange_rate: z.number().nullable().meta({
      title: 'Exchange Rate',
      description: 'The conversion rate when the currency was converted, or null.',
    }),
    fee_details: z
      .array(
        z.looseObject({
          amount: minorAmount(z, 'Amount', 'The fee'),
          application: z
            .string()
            .nullable()
            .meta({ title: 'Application', description: 'A Connect application, or null.' }),
          currency: currency(z),
          description: z
            .string()
            .nullable()
            .meta({ title: 'Description', description: 'What the fee is for.' }),
          type: z.string().meta({
            title: 'Type',
            description: 'application_fee, stripe_fee, tax or payment_method_passthrough_fee.',
          }),
        }),
      )
      .meta({ title: 'Fee Details', description: 'The fees, one by one.' }),
    source: z.string().nullable().meta({
      title: 'Source',
      description: 'The object that caused it (ch_…, re_…, po_…), or null.',
    }),
  });

/** A balance transaction. */
export type StripeBalanceTransaction = z.output<ReturnType<typeof balanceTransactionSchema>>;

/** One currency's amount of a balance. */
const balanceAmount = (z: Zod) =>
  z.looseObject({
    amount: minorAmount(z, 'Amount', 'The amount'),
    currency: currency(z),
  });

/** The account's balance: what can be paid out now, and what is still pending. */
export const balanceSchema = (z: Zod) =>
  z
    .looseObject({
      object: objectType(z, 'balance'),
      available: z
        .array(balanceAmount(z))
        .meta({ title: 'Available', description: 'What can be paid out now, by currency.' }),
      pending: z
        .array(balanceAmount(z))
        .meta({ title: 'Pending', description: 'What is not yet available, by currency.' }),
      livemode: z
        .boolean()
        .meta({ title: 'Live Mode', description: 'true for live data, false for test mode.' }),
    })
    .meta(resultView({ view: 'record' }));

/** The balance, as Stripe answers for it. */
export type StripeBalance = z.output<ReturnType<typeof balanceSchema>>;

/** A payout: money sent from the balance to the account's bank account or debit card. */
export const payoutSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Payout Id', description: 'The payout’s id, po_….' }),
    object: objectType(z, 'payout'),
    amount: minorAmount(z, 'Amount', 'The amount paid out'),
    currency: currency(z),
    status: z.string().meta({
      title: 'Status',
      description: 'pending, in_transit, paid, failed or canceled.',
    }),
    method: z.string().meta({ title: 'Method', description: 'standard or instant.' }),
    arrival_date: unixTime(z, 'Arrival Date', 'When it is expected in the bank account'),
    destination: z
      .string()
      .nullable()
      .meta({ title: 'Destination', description: 'The bank account or card it goes to, or null.' }),
    description: z.string().nullable().meta({ title: 'Description', description: 'A description, or null.' }),
    statement_descriptor: z.string().nullable().meta({
      title: 'Statement Descriptor',
      description: 'What the bank statement shows, or null.',
    }),
    balance_transaction: z
      .string()
      .nullable()
      .meta({ title: 'Balance Transaction', description: 'The transaction that took it out, or null.' }),
    failure_message: z
      .string()
      .nullable()
      .meta({ title: 'Failure Message', description: 'Why it failed, or null.' }),
    automatic: z.boolean().meta({
      title: 'Automatic',
      description: 'Whether Stripe made it on the payout schedule (false for one made through the API).',
    }),
    created: unixTime(z, 'Created', 'When the payout was made'),
    livemode: z
      .boolean()
      .meta({ title: 'Live Mode', description: 'true for live data, false for test mode.' }),
    metadata: z.record(z.string(), z.string()).nullable().meta({
      title: 'Metadata',
      description: 'Key-value pairs stored on the payout, or null.',
    }),
  });

/** A payout, as Stripe answers for it. */
export type StripePayout = z.output<ReturnType<typeof payoutSchema>>;

/** A payout shown as a record. */
export const payoutRecordSchema = (z: Zod) => payoutSchema(z).meta(resultView({ view: 'record' }));
