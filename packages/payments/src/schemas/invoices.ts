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

// Invoices, their lines and invoice items as API version 2026-10-28.endive returns them
// (stripe-node 23.1.0's `Invoice`, `InvoiceLineItem`, `InvoiceItem`): the fields a person reads.

/** An id that `expand[]` may replace with its object. */
const idOrObject = (z: Zod, title: string, description: string) =>
  z
    .union([z.string(), z.looseObject({ id: z.string() })])
    .nullable()
    .meta({ title, description: `${description} (an id, or the object when expanded), or null.` });

/** One line of an invoice. */
export const invoiceLineSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Line Id', description: 'The line’s id, il_….' }),
    object: objectType(z, 'line_item'),
    amount: minorAmount(z, 'Amount', 'The line’s amount'),
    currency: currency(z),
    description: z.string().nullable().meta({ title: 'Description', description: 'What it bills, or null.' }),
    quantity: z.number().nullable().meta({ title: 'Quantity', description: 'How many, or null.' }),
  });

/** An invoice line. */
export type StripeInvoiceLine = z.output<ReturnType<typeof invoiceLineSchema>>;

/** One payment of an invoice (`inpay_…`): the amount asked, what was paid, and by what. */
export const invoicePaymentSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Invoice Payment Id', description: 'The payment’s id, inpay_….' }),
    object: objectType(z, 'invoice_payment'),
    status: z.string().meta({ title: 'Status', description: 'open, paid or canceled.' }),
    amount_requested: minorAmount(z, 'Amount Requested', 'What it asks for'),
    amount_paid: z.number().int().nullable().meta({
      title: 'Amount Paid',
      description: 'What was paid, in the currency’s smallest unit, or null while open.',
    }),
    currency: currency(z),
    payment: z
      .looseObject({
        type: z.string().meta({ title: 'Type', description: 'payment_intent, charge or payment_record.' }),
        payment_intent: z
          .unknown()
          .optional()
          .meta({ title: 'Payment Intent', description: 'pi_…, when one.' }),
        charge: z.unknown().optional().meta({ title: 'Charge', description: 'ch_…, when one.' }),
      })
      .meta({ title: 'Payment', description: 'What pays it.' }),
    created: unixTime(z, 'Created', 'When it was made'),
  });

/** An invoice (`in_…`), through Stripe's status machine: draft, open, paid, uncollectible, void. */
export const invoiceSchema = (z: Zod) =>
  z
    .looseObject({
      id: z
        .string()
        .meta({ title: 'Invoice Id', description: 'The invoice’s id, in_… (upcoming_in_… for a preview).' }),
      object: objectType(z, 'invoice'),
      status: z.string().nullable().meta({
        title: 'Status',
        description: 'draft, open, paid, uncollectible or void.',
      }),
      number: z
        .string()
        .nullable()
        .meta({ title: 'Number', description: 'Its number once finalized, or null.' }),
      customer: idOrObject(z, 'Customer', 'The billed customer, cus_…'),
      collection_method: z.string().meta({
        title: 'Collection Method',
        description: 'charge_automatically or send_invoice (emailed, paid by the customer).',
      }),
      amount_due: minorAmount(z, 'Amount Due', 'What is owed'),
      amount_paid: minorAmount(z, 'Amount Paid', 'What was paid'),
      amount_remaining: minorAmount(z, 'Amount Remaining', 'What is left to pay'),
      total: minorAmount(z, 'Total', 'The total'),
      currency: currency(z),
      description: z.string().nullable().meta({ title: 'Description', description: 'A memo, or null.' }),
      due_date: nullableUnixTime(z, 'Due Date', 'When it is due (send_invoice)'),
      hosted_invoice_url: z.string().nullable().optional().meta({
        title: 'Hosted Invoice URL',
        description: 'The page where the customer pays it, once finalized, or null.',
      }),
      lines: z
        .looseObject({
          data: z.array(invoiceLineSchema(z)).meta({ title: 'Data', description: 'The first lines.' }),
          has_more: z.boolean().meta({ title: 'Has More', description: 'Whether more lines follow.' }),
        })
        .meta({ title: 'Lines', description: 'What it bills, line by line.' }),
      payments: z
        .looseObject({
          data: z.array(invoicePaymentSchema(z)).meta({ title: 'Data', description: 'The payments.' }),
          has_more: z.boolean().meta({ title: 'Has More', description: 'Whether more payments follow.' }),
        })
        .optional()
        .meta({
          title: 'Payments',
          description: 'The attempts to collect it, when asked for with expand ["payments"].',
        }),
      created: unixTime(z, 'Created', 'When it was created'),
      livemode: livemode(z),
      metadata: metadata(z).nullable(),
    })
    .meta(resultView({ view: 'record' }));

/** An invoice. */
export type StripeInvoice = z.output<ReturnType<typeof invoiceSchema>>;

/** What Stripe returns for a deleted draft invoice. */
export const deletedInvoiceSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Invoice Id', description: 'The deleted invoice’s id, in_….' }),
      object: objectType(z, 'invoice'),
      deleted: z.literal(true).meta({ title: 'Deleted', description: 'Always true.' }),
    })
    .meta(resultView({ view: 'record' }));

/** A deleted invoice. */
export type StripeDeletedInvoice = z.output<ReturnType<typeof deletedInvoiceSchema>>;

/** An invoice item (`ii_…`): a charge waiting for an invoice, or on a draft one. */
export const invoiceItemSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Invoice Item Id', description: 'The item’s id, ii_….' }),
      object: objectType(z, 'invoiceitem'),
      amount: minorAmount(z, 'Amount', 'Its amount'),
      currency: currency(z),
      quantity: z.number().meta({ title: 'Quantity', description: 'How many.' }),
      description: z.string().nullable().meta({ title: 'Description', description: 'What it is, or null.' }),
      customer: idOrObject(z, 'Customer', 'The customer, cus_…'),
      invoice: idOrObject(z, 'Invoice', 'Its invoice, in_…, or null while pending'),
      date: unixTime(z, 'Date', 'When it was created'),
      livemode: livemode(z),
      metadata: metadata(z).nullable(),
    })
    .meta(resultView({ view: 'record' }));

/** An invoice item. */
export type StripeInvoiceItem = z.output<ReturnType<typeof invoiceItemSchema>>;
