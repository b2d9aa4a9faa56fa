import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import { currency, livemode, metadata, minorAmount, objectType, unixTime } from './common.js';

// Checkout Sessions, their line items and Payment Links as API version 2026-10-28.endive returns
// them (stripe-node 23.1.0's `Checkout.Session`, `LineItem`, `PaymentLink`): the fields a person
// reads; every other field passes through.

/** An id that `expand[]` may replace with its object, or null. */
const idOrObject = (z: Zod, title: string, description: string) =>
  z
    .union([z.string(), z.looseObject({ id: z.string() })])
    .nullable()
    .meta({ title, description: `${description} (an id, or the object when expanded), or null.` });

/** A Checkout Session (`cs_…`): a hosted payment page for a customer, open until paid or expired. */
export const checkoutSessionSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Session Id', description: 'The session’s id, cs_….' }),
      object: objectType(z, 'checkout.session'),
      url: z.string().nullable().meta({
        title: 'URL',
        description: 'The payment page to send the customer to; null once complete or expired.',
      }),
      mode: z.string().meta({ title: 'Mode', description: 'payment, subscription or setup.' }),
      status: z.string().nullable().meta({ title: 'Status', description: 'open, complete or expired.' }),
      payment_status: z.string().meta({
        title: 'Payment Status',
        description: 'unpaid, paid, or no_payment_required (setup mode).',
      }),
      amount_total: minorAmount(z, 'Amount Total', 'The total to pay').nullable(),
      currency: currency(z).nullable(),
      customer: idOrObject(z, 'Customer', 'The customer, cus_…'),
      customer_email: z
        .string()
        .nullable()
        .meta({ title: 'Customer Email', description: 'The email given for a new customer, or null.' }),
      payment_intent: idOrObject(z, 'Payment Intent', 'The payment, pi_…, once the customer pays'),
      subscription: idOrObject(z, 'Subscription', 'The subscription it started, sub_…'),
      success_url: z.string().nullable().meta({
        title: 'Success URL',
        description: 'Where the customer goes after paying, or null.',
      }),
      expires_at: unixTime(z, 'Expires At', 'When the session expires'),
      created: unixTime(z, 'Created', 'When it was created'),
      livemode: livemode(z),
      metadata: metadata(z).nullable(),
    })
    .meta(resultView({ view: 'record' }));

/** A Checkout Session. */
export type StripeCheckoutSession = z.output<ReturnType<typeof checkoutSessionSchema>>;

/** One line of a Checkout Session or Payment Link (`item`), with its price. */
export const lineItemSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Line Item Id', description: 'The line’s id, li_….' }),
    object: objectType(z, 'item'),
    description: z.string().nullable().meta({ title: 'Description', description: 'What is sold.' }),
    quantity: z.number().int().nullable().meta({ title: 'Quantity', description: 'How many.' }),
    amount_subtotal: minorAmount(z, 'Amount Subtotal', 'Before discounts and taxes'),
    amount_total: minorAmount(z, 'Amount Total', 'After discounts and taxes'),
    currency: currency(z),
    price: z
      .looseObject({ id: z.string().meta({ title: 'Price Id', description: 'The price, price_….' }) })
      .nullable()
      .meta({ title: 'Price', description: 'The price sold, whole.' }),
  });

/** A line item of a Checkout Session or Payment Link. */
export type StripeLineItem = z.output<ReturnType<typeof lineItemSchema>>;

/** A Payment Link (`plink_…`): a reusable payment page for a fixed set of items. */
export const paymentLinkSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Payment Link Id', description: 'The link’s id, plink_….' }),
      object: objectType(z, 'payment_link'),
      url: z.string().meta({ title: 'URL', description: 'The payment page to share.' }),
      active: z
        .boolean()
        .meta({ title: 'Active', description: 'Whether customers can still pay through it.' }),
      currency: currency(z),
      allow_promotion_codes: z
        .boolean()
        .meta({ title: 'Allow Promotion Codes', description: 'Whether the page takes promotion codes.' }),
      after_completion: z
        .looseObject({
          type: z.string().meta({ title: 'Type', description: 'hosted_confirmation or redirect.' }),
        })
        .meta({ title: 'After Completion', description: 'What the customer sees after paying.' }),
      livemode: livemode(z),
      metadata: metadata(z),
    })
    .meta(resultView({ view: 'record' }));

/** A Payment Link. */
export type StripePaymentLink = z.output<ReturnType<typeof paymentLinkSchema>>;
