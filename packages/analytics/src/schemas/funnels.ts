import { resultView, type Zod } from '@c/core';

const seriesByDay = (z: Zod, title: string, description: string) =>
  z
    .looseObject({
      series: z
        .array(z.array(z.number()))
        .meta({ title: 'Series', description: 'Per day, one value per step.' }),
      xValues: z.array(z.string()).meta({ title: 'Dates', description: 'The days, YYYY-MM-DD.' }),
    })
    .optional()
    .meta({ title, description });

/** One group of `/api/2/funnels`: users per step, conversion and transition times. */
const funnelGroupSchema = (z: Zod) =>
  z.looseObject({
    events: z.array(z.string()).meta({ title: 'Steps', description: 'The event of each step.' }),
    cumulativeRaw: z.array(z.number()).meta({ title: 'Users', description: 'Users who reached each step.' }),
    cumulative: z
      .array(z.number())
      .meta({ title: 'Conversion', description: 'Fraction of the first step that reached each step.' }),
    stepByStep: z.array(z.number()).meta({
      title: 'Step Conversion',
      description: 'Fraction of the previous step that reached each step.',
    }),
    medianTransTimes: z
      .array(z.number())
      .meta({ title: 'Median Times', description: 'Median time from the previous step, in ms.' }),
    avgTransTimes: z
      .array(z.number())
      .meta({ title: 'Average Times', description: 'Average time from the previous step, in ms.' }),
    dayFunnels: seriesByDay(z, 'Per Day', 'Users who reached each step, by the day they entered.'),
  });

/** One step of a funnel, as a row: its users and conversion rates. */
const funnelStepSchema = (z: Zod) =>
  z.object({
    group: z.string().optional().meta({ title: 'Group', description: 'The group-by value, when grouped.' }),
    step: z.number().int().meta({ title: 'Step', description: 'The step number, from 1.' }),
    event: z.string().meta({ title: 'Event', description: 'The event of the step.' }),
    users: z.number().int().meta({ title: 'Users', description: 'Users who reached the step.' }),
    conversion: z
      .number()
      .meta({ title: 'Conversion %', description: 'Percent of the first step who reached it.' }),
    stepConversion: z
      .number()
      .meta({ title: 'Step Conversion %', description: 'Percent of the previous step who reached it.' }),
    medianSeconds: z
      .number()
      .meta({ title: 'Median Time (s)', description: 'Median time from the previous step, in seconds.' }),
  });

/** Funnel Analysis: Amplitude's answer (`data`, one element per group) and its steps as rows. */
export const funnelSchema = (z: Zod) =>
  z
    .looseObject({
      data: z
        .array(funnelGroupSchema(z))
        .meta({ title: 'Groups', description: "Amplitude's answer, per group." }),
      steps: z.array(funnelStepSchema(z)).meta({
        title: 'Steps',
        description:
          'Each step of each group: users, conversion from the first step and from the previous one.',
      }),
    })
    .meta(
      resultView({
        view: 'bars',
        list: 'steps',
        bars: { label: 'event', value: 'users', rate: 'conversion', group: 'group' },
      }),
    );

/** Retention Analysis: Amplitude's answer and the cohort table. */
export const retentionSchema = (z: Zod) =>
  z
    .looseObject({
      data: z
        .looseObject({
          series: z.array(
            z.looseObject({
              dates: z
                .array(z.string())
                .meta({ title: 'Cohorts', description: 'The cohorts, latest first.' }),
              values: z
                .record(z.string(), z.array(z.looseObject({ count: z.number(), outof: z.number() })))
                .meta({
                  title: 'Values',
                  description: 'Per cohort: its size, then the users retained per period.',
                }),
            }),
          ),
        })
        .meta({ title: 'Data', description: "Amplitude's answer." }),
      cohorts: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))).meta({
        title: 'Cohort Table',
        description:
          'One row per cohort: its date, its users, and the percent retained in each period (Day 0, Day 1, …).',
      }),
    })
    .meta(resultView({ view: 'table', list: 'cohorts' }));
