import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';
import { planSchema, priceSchema } from './catalog.js';
import {
  currency,
  listSchema,
  livemode,
  metadata,
  nullableUnixTime,
  objectType,
  unixTime,
} from './common.js';
/** One item of a subscription: a price, its quantity and its current billing period. */
export const subscriptionItemSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Item Id', description: 'The subscription item’s id, si_….' }),
    object: objectType(z, 'subscription_item'),
    created: unixTime(z, 'Created', 'When the item was added'),
    current_period_start: unixTime(z, 'Current Period Start', 'Start of the item’s current billing period'),
    current_period_end: unixTime(
      z,
      'Current Period End',
      'End of the item’s current billing period, when it renews',
    ),
    metadata: metadata(z),
    plan: planSchema(z).meta({ title: 'Plan', description: 'The price, in its legacy plan view.' }),
    price: priceSchema(z).meta({ title: 'Price', description: 'The price this item bills.' }),
    quantity: z.number().int().optional().meta({
      title: 'Quantity',
      description: 'How many units are billed; absent for metered prices.',
    }),
    subscription: z.string().meta({ title: 'Subscription Id', description: 'The subscription, sub_….' }),
  });

/** A subscription item. */
export type StripeSubscriptionItem = z.output<ReturnType<typeof subscriptionItemSchema>>;

/** A subscription (`sub_…`); its billing periods are on its items in this API version. */
export const subscriptionSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Subscription Id', description: 'The subscription’s id, sub_….' }),
      object: objectType(z, 'subscription'),
      customer: z.string().meta({ title: 'Customer Id', description: 'The subscribed customer, cus_….' }),
      status: z.string().meta({
        title: 'Status',
        description:
          'incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid or paused.',
      }),
      items: listSchema(z, subscriptionItemSchema(z), 'items').meta({
        title: 'Items',
        description:
          'The subscribed prices with quantities; each carries its billing period (current_period_start/end).',
      }),
      created: unixTime(z, 'Created', 'When the subscription was created'),
      start_date: unixTime(z, 'Start Date', 'When the subscription started'),
      currency: currency(z),
      collection_method: z.string().meta({
        title: 'Collection Method',
        description:
          'charge_automatically (Stripe charges the payment method) or send_invoice (emailed invoices).',
      }),
      cancel_at_period_end: z.boolean().meta({
        title: 'Cancel At Period End',
        description: 'Whether it ends at the end of the current period.',
      }),
      cancel_at: nullableUnixTime(z, 'Cancel At', 'When it is set to end'),
      canceled_at: nullableUnixTime(z, 'Canceled At', 'When it was canceled'),
      ended_at: nullableUnixTime(z, 'Ended At', 'When it ended'),
      trial_start: nullableUnixTime(z, 'Trial Start', 'Start of the trial'),
      trial_end: nullableUnixTime(z, 'Trial End', 'End of the trial'),
      days_until_due: z.number().int().nullable().meta({
        title: 'Days Until Due',
        description: 'Under send_invoice, days the customer has to pay each invoice; otherwise null.',
      }),
      default_payment_method: z.string().nullable().meta({
        title: 'Default Payment Method',
        description:
          'The payment method (pm_…) that pays its invoices ahead of the customer’s default, or null.',
      }),
      latest_invoice: z.string().nullable().meta({
        title: 'Latest Invoice',
        description: 'Its most recent invoice, in_…, or null.',
      }),
      description: z.string().nullable().meta({
        title: 'Description',
        description: 'A note shown on its invoices, or null.',
      }),
      discounts: z.array(z.string()).meta({
        title: 'Discounts',
        description: 'Ids of the discounts applied to it (di_…), in order.',
      }),
      pause_collection: z
        .looseObject({
          behavior: z.string().meta({
            title: 'Behavior',
            description: 'What happens to invoices while paused: keep_as_draft, mark_uncollectible or void.',
          }),
          resumes_at: nullableUnixTime(z, 'Resumes At', 'When collection resumes'),
        })
        .nullable()
        .meta({
          title: 'Pause Collection',
          description: 'Whether and how payment collection is paused, or null.',
        }),
      livemode: livemode(z),
      metadata: metadata(z),
    })
    .meta(resultView({ view: 'record' }));

/** A subscription. */
export type StripeSubscription = z.output<ReturnType<typeof subscriptionSchema>>;

/** The start and end of a phase. */
const phaseDates = (z: Zod) => ({
  start_date: unixTime(z, 'Start Date', 'When the phase begins'),
  end_date: unixTime(z, 'End Date', 'When the phase ends and the next begins'),
});

/** One phase of a schedule: the prices and quantities the subscription has between two dates. */
export const schedulePhaseSchema = (z: Zod) =>
  z.looseObject({
    ...phaseDates(z),
    items: z
      .array(
        z.looseObject({
          price: z.string().meta({ title: 'Price', description: 'The price billed in the phase, price_….' }),
          quantity: z.number().int().optional().meta({ title: 'Quantity', description: 'How many units.' }),
        }),
      )
      .meta({ title: 'Items', description: 'The subscription’s prices and quantities in this phase.' }),
    proration_behavior: z.string().meta({
      title: 'Proration Behavior',
      description: 'How the change into this phase is billed: create_prorations, none or always_invoice.',
    }),
    currency: currency(z),
  });

/** A subscription schedule (`sub_sched_…`): a subscription’s changes planned ahead, phase by phase. */
export const subscriptionScheduleSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'Schedule Id', description: 'The schedule’s id, sub_sched_….' }),
      object: objectType(z, 'subscription_schedule'),
      status: z.string().meta({
        title: 'Status',
        description: 'not_started, active, completed, released or canceled.',
      }),
      customer: z.string().meta({ title: 'Customer Id', description: 'The customer, cus_….' }),
      subscription: z.string().nullable().meta({
        title: 'Subscription Id',
        description: 'The subscription it manages (sub_…), or null before it starts and after it ends.',
      }),
      released_subscription: z.string().nullable().meta({
        title: 'Released Subscription',
        description: 'The subscription it let go of when released, or null.',
      }),
      end_behavior: z.string().meta({
        title: 'End Behavior',
        description: 'At the end of the last phase: release (the subscription goes on) or cancel.',
      }),
      current_phase: z.looseObject(phaseDates(z)).nullable().meta({
        title: 'Current Phase',
        description: 'The dates of the phase in force while active, or null.',
      }),
      phases: z
        .array(schedulePhaseSchema(z))
        .meta({ title: 'Phases', description: 'The phases, in order, each starting where the last ends.' }),
      created: unixTime(z, 'Created', 'When the schedule was made'),
      canceled_at: nullableUnixTime(z, 'Canceled At', 'When it was canceled'),
      completed_at: nullableUnixTime(z, 'Completed At', 'When its last phase ended'),
      released_at: nullableUnixTime(z, 'Released At', 'When it was released'),
      livemode: livemode(z),
      metadata: metadata(z),
    })
    .meta(resultView({ view: 'record' }));

/** A subscription schedule. */
export type StripeSubscriptionSchedule = z.output<ReturnType<typeof subscriptionScheduleSchema>>;
