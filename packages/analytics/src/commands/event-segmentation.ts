import { choice, defineCommand, type Zod } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { checkRange, daySchema, daysInRange, jsonValue } from '../analytics-params.js';
import { type SegmentationResult, segmentationSchema } from '../analytics-schemas.js';

/** Operators of event and user property filters. */
export const ANALYTICS_FILTER_OPERATORS = [
  'is',
  'is not',
  'contains',
  'does not contain',
  'less',
  'less or equal',
  'greater',
  'greater or equal',
  'set is',
  'set is not',
] as const;

/** Built-in properties Amplitude can group by; custom user properties are written `gp:<name>`. */
export const ANALYTICS_BUILT_IN_GROUP_BY = [
  'version',
  'country',
  'city',
  'region',
  'DMA',
  'language',
  'platform',
  'os',
  'device',
  'device_type',
  'start_version',
  'paying',
] as const;

/** Metrics (`m`) and their names. */
const METRICS = [
  ['uniques', 'Unique users'],
  ['totals', 'Event totals'],
  ['pct_dau', '% of daily active users'],
  ['average', 'Average per user'],
  ['histogram', 'Property histogram'],
  ['sums', 'Property sum'],
  ['value_avg', 'Property average'],
  ['formula', 'Formula'],
] as const;

/** Intervals (`i`) and their names: the negative ones are hourly and 5-minute buckets, in milliseconds. */
const INTERVALS = [
  ['1', 'Daily'],
  ['7', 'Weekly'],
  ['30', 'Monthly'],
  ['-3600000', 'Hourly (last 7 days at most)'],
  ['-300000', 'Real-time 5 min (last 2 days at most)'],
] as const;

const nameOf = (options: readonly (readonly [string, string])[], value: string) =>
  options.find(([option]) => option === value)?.[1] ?? value;

/** Where a filtered or grouped property sits: on the event, or on the user. */
const PROPERTY_TYPES = [
  ['event', 'Event property'],
  ['user', 'User property'],
] as const;

/** Metrics that read a property's values, and so need a group-by property in the event. */
const PROPERTY_METRICS = new Set(['histogram', 'sums', 'value_avg']);

/** Interval → the longest range Amplitude accepts with it, in days. */
const INTERVAL_MAX_DAYS: Record<string, number | undefined> = { '-300000': 2, '-3600000': 7, '1': 365 };

/** An event object of the query APIs (`e`, `e2`, a funnel step, retention's `se`/`re`): type, filters, group-bys. */
export const eventObject = (z: Zod) =>
  z.looseObject({
    event_type: z.string().min(1).meta({
      title: 'Event Type',
      description: 'The event, e.g. "Play Song"; special types _active, _all; custom events ce:<name>.',
    }),
    filters: z
      .array(
        z.looseObject({
          subprop_type: choice(z, PROPERTY_TYPES).meta({
            title: 'Property Type',
            description: 'event: an event property; user: a user property.',
          }),
          subprop_key: z.string().min(1).meta({
            title: 'Property',
            description: 'The property name; custom user properties as gp:<name>.',
          }),
          subprop_op: z
            .enum(ANALYTICS_FILTER_OPERATORS)
            .meta({ title: 'Operator', description: 'is, is not, contains, less, greater, set is, …' }),
          subprop_value: z.array(z.string()).meta({
            title: 'Values',
            description: 'The values to compare with, as a JSON list of strings: ["iOS"].',
          }),
        }),
      )
      .optional()
      .meta({
        title: 'Filters',
        description:
          'Only events whose properties pass every filter (each a property, an operator and values).',
      }),
    group_by: z
      .array(
        z.looseObject({
          type: choice(z, PROPERTY_TYPES).meta({
            title: 'Property Type',
            description: 'event: an event property; user: a user property.',
          }),
          value: z.string().min(1).meta({ title: 'Property', description: 'The property to group by.' }),
        }),
      )
      .max(2, 'allows at most two group-bys')
      .optional()
      .meta({
        title: 'Group By',
        description: 'Up to two properties to group by, each an event or a user property.',
      }),
  });

/** An event of a segmentation query (`e`, `e2`). */
export type SegmentationEvent = z.output<ReturnType<typeof eventObject>>;

/** A group-by property (`g`): a built-in property or a custom user property `gp:<name>`. */
export const groupByName = (z: Zod) =>
  z
    .string()
    .refine(
      (name) => (ANALYTICS_BUILT_IN_GROUP_BY as readonly string[]).includes(name) || /^gp:\S/.test(name),
      'must be a built-in property (version, country, city, region, DMA, language, platform, os, device, device_type, start_version, paying) or a custom user property written gp:<name>',
    );

/** What `checkSegmentation` reads of a parsed query. */
interface SegmentationChecked {
  start: string;
  end: string;
  interval: string;
  metric: (typeof METRICS)[number][0];
  event: { group_by?: unknown[] | undefined };
  event2?: unknown;
  formula?: string | undefined;
}

/**
 * Amplitude's rules across fields: the range the interval allows, a group-by for property metrics,
 * and a formula only with the metric Formula, naming events A and B only (B needs the second event).
 */
function checkSegmentation(input: SegmentationChecked, ctx: z.RefinementCtx): void {
  checkRange(input, ctx, 'day');
  const maxDays = INTERVAL_MAX_DAYS[input.interval];
  if (maxDays !== undefined && daysInRange(input.start, input.end) > maxDays) {
    ctx.addIssue({
      code: 'custom',
      path: ['end'],
      message: `makes a range of more than ${maxDays} days, the most Amplitude allows with the interval ${nameOf(INTERVALS, input.interval)}`,
    });
  }
  if (PROPERTY_METRICS.has(input.metric) && !input.event.group_by?.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['event', 'group_by'],
      message: `is required with the metric ${nameOf(METRICS, input.metric)}: a property metric reads the property the event groups by`,
    });
  }
  if (input.metric !== 'formula') {
    if (input.formula !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['formula'],
        message: 'is used only with the metric Formula',
      });
    }
    return;
  }
  if (input.formula === undefined) {
    ctx.addIssue({ code: 'custom', path: ['formula'], message: 'is required with the metric Formula' });
    return;
  }
  const events = new Set([...input.formula.matchAll(/[(,]\s*([A-Z])\s*(?=[,)])/g)].map((match) => match[1]));
  const beyond = [...events].filter((letter) => letter !== 'A' && letter !== 'B');
  if (beyond.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['formula'],
      message: `refers to event ${beyond.join(', ')}; a formula takes at most two events: A (event) and B (event2)`,
    });
  } else if (events.has('B') && input.event2 === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['event2'],
      message: 'is required: the formula refers to event B',
    });
  }
}

/** Event Segmentation: `GET /api/2/events/segmentation`. */
export const eventSegmentation = defineCommand({
  key: 'eventSegmentation',
  title: 'Event Segmentation',
  description:
    'Counts an event (uniques, totals, share of daily active users, averages, property histograms, sums or a formula) over a date range, optionally grouped by up to two properties.',
  input: (z) =>
    z
      .object({
        // The default sits inside the JSON parsing, where JSON Schema readers (forms) can see it.
        event: jsonValue(eventObject(z).default({ event_type: '_active' })).meta({
          title: 'Event',
          description:
            'The event to count: its type, property filters and up to two group-by properties ({event_type, filters, group_by}, or a string holding its JSON). Default: any active event (_active). Sent as the query parameter e (event A of a formula).',
        }),
        event2: jsonValue(eventObject(z)).optional().meta({
          title: 'Second Event',
          description: 'A second event, sent as the query parameter e2: event B of a formula.',
        }),
        start: daySchema('Start Date', 'First day of the range, YYYYMMDD (project time zone).'),
        end: daySchema('End Date', 'Last day of the range, YYYYMMDD, included; on or after the start.'),
        metric: choice(z, METRICS).default('uniques').meta({
          title: 'Metric',
          description:
            'What is counted (default: unique users). Property metrics (histogram, sum, average) need a group-by property in the event; Formula needs the Formula field.',
        }),
        userType: choice(z, [
          ['any', 'Any users'],
          ['active', 'Active users'],
        ])
          .default('active')
          .meta({ title: 'User Type', description: 'All users, or active users only (default).' }),
        formula: z.string().trim().min(1).optional().meta({
          title: 'Formula',
          description:
            'With metric Formula only, e.g. UNIQUES(A)/UNIQUES(B): A is the event, B the second event.',
        }),
        interval: choice(z, INTERVALS).default('1').meta({
          title: 'Interval',
          description: 'How the counts are grouped (default: daily, for up to 365 days).',
        }),
        groupBy: z
          .preprocess(
            (value) => (typeof value === 'string' ? [value] : value),
            z.array(groupByName(z)).min(1).max(2, 'allows at most two group-bys'),
          )
          .optional()
          .meta({
            title: 'Group By',
            description:
              'Up to two properties: built-in names (country, platform, …) or custom user properties gp:<name>.',
          }),
        limit: z.number().int().min(1).max(1000).default(100).meta({
          title: 'Limit',
          description: 'Most group-by values returned (default 100, at most 1000).',
        }),
      })
      .superRefine(checkSegmentation),
  output: segmentationSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<SegmentationResult> {
    const response = await ctx.http.request<SegmentationResult>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/events/segmentation',
      query: {
        e: JSON.stringify(input.event),
        e2: input.event2 === undefined ? undefined : JSON.stringify(input.event2),
        start: input.start,
        end: input.end,
        m: input.metric,
        n: input.userType,
        formula: input.formula,
        i: input.interval,
        g: input.groupBy?.[0],
        g2: input.groupBy?.[1],
        limit: input.limit,
      },
      signal,
    });
    return response.data;
  },
});
