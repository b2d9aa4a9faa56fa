import { resultView, unixTime as unixTimeMeta, type Zod } from '@c/core';
import type { z } from 'zod';

// Output schemas of the commands: the fields each command guarantees, as Stripe API version
// 2026-10-28.endive returns them (stripe-node 23.1.0's types say which are always there and which
// may be null). Objects are loose, so every other field Stripe sends passes through. Enumerations
// Stripe may extend (statuses, types) are strings: Stripe adds values without a new API version.
// Each is a builder, called from a command's `output: (z) => …`, so importing a command does not
// load zod.

/** A Unix timestamp in seconds. */
export const unixTime = (z: Zod, title: string, description: string) =>
  z
    .number()
    .int()
    .meta({ title, description: `${description} (Unix seconds).`, ...unixTimeMeta() });

/** A Unix timestamp in seconds, or null. */
export const nullableUnixTime = (z: Zod, title: string, description: string) =>
  z
    .number()
    .int()
    .nullable()
    .meta({ title, description: `${description} (Unix seconds), or null.`, ...unixTimeMeta() });

/** An amount in the currency's smallest unit (cents). */
export const minorAmount = (z: Zod, title: string, description: string) =>
  z
    .number()
    .int()
    .meta({ title, description: `${description}, in the currency’s smallest unit (cents).` });

/** A three-letter currency code. */
export const currency = (z: Zod) =>
  z
    .string()
    .meta({ title: 'Currency', description: 'Three-letter ISO currency code, lowercase (usd, eur).' });

/** Stripe's metadata: string keys and values. */
export const metadata = (z: Zod) =>
  z
    .record(z.string(), z.string())
    .meta({ title: 'Metadata', description: 'Key-value pairs stored on the object.' });

/** Stripe's `livemode` flag. */
export const livemode = (z: Zod) =>
  z
    .boolean()
    .meta({ title: 'Live Mode', description: 'true for live data, false for test mode (sk_test_ keys).' });

/** Stripe's `object` field: the object's type, always the same string. */
export const objectType = <T extends string>(z: Zod, type: T) =>
  z.literal(type).meta({ title: 'Object Type', description: `Always ${type}.` });

/** How the web shows a Stripe list: a table of `data`, with a note when Stripe has more. */
const listView = resultView({
  view: 'table',
  list: 'data',
  more: { path: 'has_more', note: 'more on Stripe (has_more): raise the limit to read them' },
});

/** Stripe's list object: one page of items, or as many as a list command's limit asked for. */
export const listSchema = <Item extends z.ZodType>(z: Zod, item: Item, items: string) =>
  z
    .looseObject({
      object: objectType(z, 'list'),
      data: z.array(item).meta({ title: 'Data', description: `The ${items}, newest first.` }),
      has_more: z.boolean().meta({
        title: 'Has More',
        description: `Whether more ${items} follow: ask for the next page (starting_after the last id) or a higher limit.`,
      }),
      url: z.string().meta({ title: 'URL', description: 'The API path of the list, e.g. /v1/customers.' }),
    })
    .meta(listView);

/**
 * Stripe's list object `{object: 'list', data, has_more, url}`, the result of every list command;
 * Stripe's other fields of the list pass through.
 */
export type StripeList<T> = z.output<ReturnType<typeof listSchema<z.ZodType<T>>>>;

/**
 * A list that a caller can resume: Stripe's list object plus `next_starting_after`, the id to pass
 * as `startingAfter` for the items after these (null at the end of the list).
 */
export const resumableListSchema = <Item extends z.ZodType>(z: Zod, item: Item, items: string) =>
  listSchema(z, item, items)
    .extend({
      next_starting_after: z
        .string()
        .nullable()
        .meta({
          title: 'Next Starting After',
          description: `Give this as startingAfter to read the ${items} that follow; null when there are no more.`,
        }),
    })
    .meta(listView);

/** A resumable list: Stripe's list object and the cursor of what follows. */
export type StripeResumableList<T> = StripeList<T> & { next_starting_after: string | null };
