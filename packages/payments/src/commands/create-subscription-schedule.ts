import { defineCommand, type HttpClient, ValidationError } from '@c/core';
import { type PaymentsContext, stripeCall, withExtra } from '../payments-client.js';
import { customerLookup, subscriptionLookup } from '../payments-lookups.js';
import {
  customerIdField,
  extraField,
  metadataInput,
  priceIdField,
  prorationBehaviorField,
  subscriptionIdField,
  unixSecondsField,
} from '../payments-params.js';
import type { StripePrice } from '../schemas/catalog.js';
import { type StripeSubscriptionSchedule, subscriptionScheduleSchema } from '../schemas/subscriptions.js';

/** One phase as the command takes it. */
interface PhaseInput {
  items: { price: string; quantity: number }[];
  endDate?: number | undefined;
  iterations?: number | undefined;
  prorationBehavior?: string | undefined;
}

/**
 * Plans a subscription's changes ahead: `POST /v1/subscription_schedules`, for a customer from
 * phases, or from an existing subscription.
 */
export const createSubscriptionSchedule = defineCommand({
  key: 'createSubscriptionSchedule',
  title: 'Create Subscription Schedule',
  description:
    'Plans a subscription’s changes ahead, phase by phase: for a customer (customerId and phases: each phase’s prices, and when it ends), starting now or at startDate; or from an existing subscription (fromSubscription alone), which the schedule then manages. At the end of the last phase the subscription is released (goes on as it is) or canceled, as endBehavior says.',
  input: (z) =>
    z
      .object({
        customerId: customerIdField(z, 'The customer to subscribe, cus_… (with phases).').optional(),
        phases: z
          .array(
            z
              .object({
                items: z
                  .array(
                    z.object({
                      price: priceIdField(z, 'A recurring price, price_….'),
                      quantity: z.number().int('must be a whole number').min(1).default(1).meta({
                        title: 'Quantity',
                        description: 'How many (default 1).',
                      }),
                    }),
                  )
                  .min(1, 'give at least one item')
                  .max(20, 'at most 20 items')
                  .meta({ title: 'Items', description: 'The prices the subscription has in this phase.' }),
                endDate: unixSecondsField(
                  z,
                  'End Date',
                  'When the phase ends (or give iterations).',
                ).optional(),
                iterations: z.number().int('must be a whole number').min(1).max(120).optional().meta({
                  title: 'Iterations',
                  description:
                    'How many billing periods of its first price the phase lasts (or give endDate). The last phase lasts one period when neither is given.',
                }),
                prorationBehavior: prorationBehaviorField(z),
              })
              .refine((phase) => phase.endDate === undefined || phase.iterations === undefined, {
                message: 'give endDate or iterations, not both',
                path: ['endDate'],
              }),
          )
          .min(1, 'give at least one phase')
          .max(10, 'at most 10 phases')
          .optional()
          .meta({ title: 'Phases', description: 'The phases in order, each starting where the last ends.' }),
        fromSubscription: subscriptionIdField(
          z,
          'An existing subscription to put under the schedule, sub_… (alone, without customerId or phases).',
        ).optional(),
        startDate: unixSecondsField(z, 'Start Date', 'When the first phase begins (default now).').optional(),
        endBehavior: z.enum(['release', 'cancel']).optional().meta({
          title: 'End Behavior',
          description: 'After the last phase: release (the default: the subscription goes on) or cancel it.',
        }),
        metadata: metadataInput(z),
        extra: extraField(z),
      })
      .superRefine((value, ctx) => {
        if (value.fromSubscription !== undefined) {
          for (const name of ['customerId', 'phases', 'startDate'] as const) {
            if (value[name] !== undefined) {
              ctx.addIssue({ code: 'custom', message: 'give fromSubscription alone', path: [name] });
            }
          }
          return;
        }
        if (value.customerId === undefined) {
          ctx.addIssue({
            code: 'custom',
            message: 'give customerId with phases, or fromSubscription',
            path: ['customerId'],
          });
        }
        if (value.phases === undefined) {
          ctx.addIssue({ code: 'custom', message: 'give the phases for the customer', path: ['phases'] });
        }
      }),
  output: subscriptionScheduleSchema,
  lookups: { customerId: customerLookup, fromSubscription: subscriptionLookup },
  // A schedule starting now subscribes the customer and charges the first invoice.
  annotations: { readOnly: false, destructive: true },
  async run(input, ctx: PaymentsContext, { signal }): Promise<StripeSubscriptionSchedule> {
    const phases = input.phases ? await phaseParams(ctx.http, input.phases, signal) : undefined;
    return stripeCall(
      ctx.http,
      'POST',
      '/v1/subscription_schedules',
      withExtra(input.extra, {
        customer: input.customerId,
        from_subscription: input.fromSubscription,
        start_date: input.fromSubscription === undefined ? (input.startDate ?? 'now') : undefined,
        end_behavior: input.endBehavior,
        phases,
        metadata: input.metadata,
      }),
      signal,
    );
  },
});

/**
 * The phases in Stripe's terms. The current API measures a phase by `end_date` or `duration`;
 * `iterations` (periods of its first price) becomes the duration of that many of the price's intervals.
 */
async function phaseParams(http: HttpClient, phases: PhaseInput[], signal: AbortSignal | undefined) {
  const out = [];
  for (const [index, phase] of phases.entries()) {
    let duration: { interval: string; interval_count: number } | undefined;
    if (phase.iterations !== undefined) {
      const first = phase.items[0]?.price ?? '';
      const price = await stripeCall<StripePrice>(http, 'GET', `/v1/prices/${first}`, {}, signal);
      if (!price.recurring) {
        throw new ValidationError(
          `Invalid parameter "phases.${index}.items.0.price": ${first} is a one-time price; a phase needs recurring prices`,
          { parameter: `phases.${index}.items.0.price` },
        );
      }
      duration = {
        interval: price.recurring.interval,
        interval_count: price.recurring.interval_count * phase.iterations,
      };
    }
    out.push({
      items: phase.items.map((item) => ({ price: item.price, quantity: item.quantity })),
      end_date: phase.endDate,
      duration,
      proration_behavior: phase.prorationBehavior,
    });
  }
  return out;
}
