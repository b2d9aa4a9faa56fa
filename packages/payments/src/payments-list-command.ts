import { type Command, defineCommand, type Lookup, type Zod } from '@c/core';
import type { z } from 'zod';
import { type ListQuery, listFrom, type PaymentsContext } from './payments-client.js';
import { limitField, startingAfterField } from './payments-params.js';
import { resumableListSchema, type StripeResumableList } from './schemas/common.js';

/** The fields every list command adds to its filters: how many in all, and where to resume. */
const pagingShape = (z: Zod) => ({
  limit: limitField(z, 'How many to return in all (default 10).'),
  startingAfter: startingAfterField(z),
});

/** A list command's input: its filters and the paging fields. */
type ListInput<Shape extends z.ZodRawShape> = z.ZodObject<Shape & ReturnType<typeof pagingShape>>;

/** What a list command says about itself; the paging, output, annotations and call are the same for all. */
export interface ListCommandDefinition<Shape extends z.ZodRawShape, T extends { id: string }> {
  key: string;
  title: string;
  description: string;
  /** The Stripe list's path, e.g. `/v1/prices`. */
  path: string;
  /** The items in the plural, for the output's descriptions ("prices"). */
  noun: string;
  /** The output schema of one item. */
  item: (z: Zod) => z.ZodType<T>;
  /** The filters, by parameter key (`limit` and `startingAfter` are added). */
  filters: (z: Zod) => Shape;
  /** The filters as Stripe's query parameters, by their wire names. */
  query: (input: z.output<z.ZodObject<Shape>>) => ListQuery;
  lookups?: Record<string, Lookup>;
}

/**
 * Defines a read of a Stripe list, newest first: its filters plus `limit` (default 10, following
 * pages past Stripe's 100) and `startingAfter`, answered as a resumable list whose
 * `next_starting_after` a caller passes back to read on.
 */
export function defineListCommand<Shape extends z.ZodRawShape, T extends { id: string }>(
  definition: ListCommandDefinition<Shape, T>,
): Command<ListInput<Shape>, StripeResumableList<T>, PaymentsContext> {
  const { path, noun, item, filters, query, ...rest } = definition;
  return defineCommand({
    ...rest,
    input: (z: Zod) => z.object({ ...filters(z), ...pagingShape(z) }) as ListInput<Shape>,
    output: (z: Zod) => resumableListSchema(z, item(z), noun) as unknown as z.ZodType<StripeResumableList<T>>,
    annotations: { readOnly: true, idempotent: true },
    run(input, ctx: PaymentsContext, { signal }) {
      // TypeScript cannot see through the generic shape that the paging fields are there.
      const { limit, startingAfter } = input as unknown as z.output<
        z.ZodObject<ReturnType<typeof pagingShape>>
      >;
      return listFrom<T>(ctx.http, path, query(input as z.output<z.ZodObject<Shape>>), limit, {
        signal,
        startingAfter,
      });
    },
  });
}
