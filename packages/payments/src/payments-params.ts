import type { Zod } from '@c/core';

/** Stripe's metadata limits: 50 keys, keys up to 40 characters without brackets, values up to 500. */
const METADATA_MAX_KEYS = 50;
const METADATA_MAX_KEY_LENGTH = 40;
const METADATA_MAX_VALUE_LENGTH = 500;
/** Unix seconds above this are milliseconds by mistake (the year 5138). */
const MAX_UNIX_SECONDS = 99_999_999_999;

/** Stripe's default page size, used when a list command's limit is blank. */
export const DEFAULT_LIMIT = 10;

/** A Stripe id with its object prefix (`cus_`, `prod_`): the prefix, then letters and digits. */
export function stripeId(z: Zod, prefix: string, title: string, description: string) {
  return z
    .string()
    .regex(new RegExp(`^${prefix}[A-Za-z0-9]+$`), `must be a Stripe id starting with ${prefix}`)
    .meta({ title, description });
}

/** A customer id, `cus_…`. */
export const customerIdField = (z: Zod, description: string) =>
  stripeId(z, 'cus_', 'Customer Id', description);

/**
 * Metadata: a flat record of strings within Stripe's limits. Keys with brackets are refused because
 * the form encoding would read them as nesting.
 */
export const metadataField = (z: Zod, description: string) =>
  z
    .record(
      z
        .string()
        .min(1, 'metadata keys must not be empty')
        .max(METADATA_MAX_KEY_LENGTH, `metadata keys are at most ${METADATA_MAX_KEY_LENGTH} characters`)
        .regex(/^[^[\]]+$/, 'metadata keys must not contain [ or ]'),
      z
        .string({ error: 'metadata values must be strings' })
        .max(
          METADATA_MAX_VALUE_LENGTH,
          `metadata values are at most ${METADATA_MAX_VALUE_LENGTH} characters`,
        ),
    )
    .refine((value) => Object.keys(value).length <= METADATA_MAX_KEYS, {
      message: `metadata holds at most ${METADATA_MAX_KEYS} keys`,
    })
    .meta({ title: 'Metadata', description });

/** A Unix timestamp in whole seconds. */
export const unixSecondsField = (z: Zod, title: string, description: string) =>
  z
    .number()
    .int('must be whole Unix seconds')
    .nonnegative('must be Unix seconds, not negative')
    .max(MAX_UNIX_SECONDS, 'looks like milliseconds: give Unix seconds')
    .meta({ title, description });

/** How many items a list command returns in all; above 100 it reads further pages. */
export const limitField = (z: Zod, description: string) =>
  z
    .number()
    .int('must be a whole number')
    .positive('must be at least 1')
    .max(Number.MAX_SAFE_INTEGER)
    .default(DEFAULT_LIMIT)
    .meta({ title: 'Limit', description });

/** Stripe's own pagination parameters, passed through as given (one page per call). */
export const paginationField = (z: Zod) =>
  z
    .object({
      limit: z
        .number()
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(100, 'must be at most 100 (one Stripe page)')
        .optional()
        .meta({ title: 'Limit', description: 'Items per page, 1 to 100 (Stripe’s default is 10).' }),
      starting_after: z.string().min(1).optional().meta({
        title: 'Starting After',
        description: 'Id of the last item of the previous page: returns the page after it.',
      }),
      ending_before: z.string().min(1).optional().meta({
        title: 'Ending Before',
        description: 'Id of the first item of the next page: returns the page before it.',
      }),
    })
    .strict()
    .refine((value) => !(value.starting_after && value.ending_before), {
      message: 'give starting_after or ending_before, not both',
    })
    .optional()
    .meta({
      title: 'Pagination Parameters',
      description:
        'One page of results: how many items (limit, 1–100) and where the page starts, after an item (starting_after) or before one (ending_before).',
    });

/** `created[gt]` / `created[lt]` from the Created After / Created Before parameters. */
export function createdRange(after: number | undefined, before: number | undefined) {
  if (after === undefined && before === undefined) return undefined;
  return { gt: after, lt: before };
}

/** `extra`: Stripe parameters no field covers, sent as given (bracket-encoded like the rest). */
export const extraField = (z: Zod) =>
  z.record(z.string(), z.unknown()).optional().meta({
    title: 'Extra Parameters',
    description:
      'Other Stripe parameters of this call, by their Stripe names (e.g. {"statement_descriptor": "ACME"}), sent unchanged; the fields above win over them.',
  });

/** `expand`: fields Stripe should return as objects instead of ids. */
export const expandField = (z: Zod, example: string) =>
  z
    .array(z.string().min(1).max(200))
    .max(20)
    .optional()
    .meta({
      title: 'Expand',
      description: `Fields to return as whole objects instead of ids, as Stripe's expand[] takes them (e.g. ${example}).`,
    });

/** `startingAfter`: resume a list after this id (a previous result's `next_starting_after`). */
export const startingAfterField = (z: Zod) =>
  z.string().min(1).max(255).optional().meta({
    title: 'Starting After',
    description: 'Resume after this id: the next_starting_after of a previous result.',
  });

/** A payment intent id, `pi_…`. */
export const paymentIntentIdField = (z: Zod, description: string) =>
  stripeId(z, 'pi_', 'Payment Intent Id', description);

/** A charge id, `ch_…` (or `py_…` for a non-card payment). */
export const chargeIdField = (z: Zod, description: string) =>
  z
    .string()
    .regex(/^(ch|py)_[A-Za-z0-9]+$/, 'must be a Stripe charge id starting with ch_ (or py_)')
    .meta({ title: 'Charge Id', description });

/** A refund id, `re_…` (or `pyr_…`). */
export const refundIdField = (z: Zod, description: string) =>
  z
    .string()
    .regex(/^(re|pyr)_[A-Za-z0-9]+$/, 'must be a Stripe refund id starting with re_')
    .meta({ title: 'Refund Id', description });

/**
 * A payment method: a saved one (`pm_…`, `card_…`) or one of Stripe's test payment methods
 * (`pm_card_visa`).
 */
export const paymentMethodIdField = (z: Zod, description: string) =>
  z
    .string()
    .regex(/^(pm|card|src|ba)_[A-Za-z0-9_]+$/, 'must be a Stripe payment method id starting with pm_')
    .meta({ title: 'Payment Method', description });

/** Stripe's `metadata` as a create or update sends it. */
export const metadataInput = (z: Zod) =>
  metadataField(z, 'Key-value pairs to store on the object (up to 50 keys).').optional();

/** An invoice id, `in_…`. */
export const invoiceIdField = (z: Zod, description: string) => stripeId(z, 'in_', 'Invoice Id', description);

/** A Checkout Session id, `cs_…` (`cs_test_…` in test mode). */
export const checkoutSessionIdField = (z: Zod, description: string) =>
  z
    .string()
    .regex(/^cs_[A-Za-z0-9_]+$/, 'must be a Stripe Checkout Session id starting with cs_')
    .meta({ title: 'Checkout Session Id', description });

/** A payment link id, `plink_…`. */
export const paymentLinkIdField = (z: Zod, description: string) =>
  stripeId(z, 'plink_', 'Payment Link Id', description);

/** A price id, `price_…`. */
export const priceIdField = (z: Zod, description: string) => stripeId(z, 'price_', 'Price Id', description);

/** Line items of a Checkout Session or Payment Link: a price and a quantity each. */
export const lineItemsField = (z: Zod, description: string) =>
  z
    .array(
      z.object({
        price: priceIdField(z, 'The price sold, price_….'),
        quantity: z
          .number()
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .default(1)
          .meta({ title: 'Quantity', description: 'How many (default 1).' }),
      }),
    )
    .min(1, 'give at least one line item')
    .max(100, 'at most 100 line items')
    .meta({ title: 'Line Items', description });

/** A product id, `prod_…`. */
export const productIdField = (z: Zod, description: string) =>
  stripeId(z, 'prod_', 'Product Id', description);

/** A three-letter currency code, lowercase as Stripe keeps it; `usd` unless given. */
export const currencyField = (z: Zod, description: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, 'must be a three-letter ISO currency code such as usd')
    .default('usd')
    .meta({ title: 'Currency', description });

/** A subscription id, `sub_…`. */
export const subscriptionIdField = (z: Zod, description: string) =>
  stripeId(z, 'sub_', 'Subscription Id', description);

/** How Stripe bills a change inside a period. */
export const prorationBehaviorField = (z: Zod) =>
  z.enum(['create_prorations', 'none', 'always_invoice']).optional().meta({
    title: 'Proration Behavior',
    description:
      'create_prorations (the default: credit and charge the difference on the next invoice), none, or always_invoice (bill it now).',
  });

/** A coupon id: Stripe generates eight letters and digits, or takes the one given at creation. */
export const couponIdField = (z: Zod, description: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a coupon id: letters, digits, - and _')
    .meta({ title: 'Coupon Id', description });

/** A dispute id, `du_…` (`dp_…` for a dispute of a non-card payment). */
export const disputeIdField = (z: Zod, description: string) =>
  z
    .string()
    .regex(/^(du|dp)_[A-Za-z0-9]+$/, 'must be a Stripe dispute id starting with du_')
    .meta({ title: 'Dispute Id', description });

/** A payout id, `po_…`. */
export const payoutIdField = (z: Zod, description: string) => stripeId(z, 'po_', 'Payout Id', description);

/** A subscription schedule id, `sub_sched_…`. */
export const scheduleIdField = (z: Zod, description: string) =>
  stripeId(z, 'sub_sched_', 'Schedule Id', description);
