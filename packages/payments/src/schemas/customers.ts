import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import { livemode, metadata, minorAmount, objectType, unixTime } from './common.js';

/** A customer (`cus_…`). */
export const customerSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Customer Id', description: 'The customer’s id, cus_….' }),
      object: objectType(z, 'customer'),
      created: unixTime(z, 'Created', 'When the customer was created'),
      email: z
        .string()
        .nullable()
        .meta({ title: 'Email', description: 'The customer’s email address, or null.' }),
      name: z
        .string()
        .nullable()
        .optional()
        .meta({ title: 'Name', description: 'The customer’s full name or business name, or null.' }),
      description: z
        .string()
        .nullable()
        .meta({ title: 'Description', description: 'An internal note about the customer, or null.' }),
      phone: z
        .string()
        .nullable()
        .optional()
        .meta({ title: 'Phone', description: 'The customer’s phone number, or null.' }),
      balance: minorAmount(
        z,
        'Balance',
        'Credit (negative) or amount owed (positive) applied to the next invoice',
      ),
      currency: z.string().nullable().optional().meta({
        title: 'Currency',
        description:
          'The currency the customer is billed in (set by the first invoice or subscription), or null.',
      }),
      delinquent: z.boolean().nullable().optional().meta({
        title: 'Delinquent',
        description: 'Whether the customer’s latest invoice is past due or unpaid.',
      }),
      invoice_settings: z
        .looseObject({
          default_payment_method: z.string().nullable().meta({
            title: 'Default Payment Method',
            description:
              'The payment method (pm_…) that pays the customer’s invoices and subscriptions, or null.',
          }),
        })
        .meta({ title: 'Invoice Settings', description: 'How the customer’s invoices are paid and shown.' }),
      livemode: livemode(z),
      metadata: metadata(z),
    })
    .meta(resultView({ view: 'record' }));

/** A customer. */
export type StripeCustomer = z.output<ReturnType<typeof customerSchema>>;

/** What Stripe returns for a customer that was deleted. */
export const deletedCustomerSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Customer Id', description: 'The deleted customer’s id, cus_….' }),
      object: objectType(z, 'customer'),
      deleted: z
        .literal(true)
        .meta({ title: 'Deleted', description: 'Always true: the customer was deleted.' }),
    })
    .meta(resultView({ view: 'record' }));

/** A deleted customer: `{id, object: 'customer', deleted: true}`. */
export type StripeDeletedCustomer = z.output<ReturnType<typeof deletedCustomerSchema>>;

/**
 * A customer, or what is left of a deleted one (Get Customer By Id). Either is an object, and the
 * JSON Schema says so beside its `anyOf`: MCP lists a tool's output schema only when it is an object.
 */
export const customerOrDeletedSchema = (z: Zod) =>
  z.union([deletedCustomerSchema(z), customerSchema(z)]).meta({
    type: 'object',
    title: 'Customer',
    description: 'The customer; a deleted customer comes back as {id, object: customer, deleted: true}.',
    ...resultView({ view: 'record' }),
  });
