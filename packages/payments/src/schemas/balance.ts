import type { Zod } from '@c/core';
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
