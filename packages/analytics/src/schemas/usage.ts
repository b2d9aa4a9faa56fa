import { resultView, type Zod } from '@c/core';

const chartData = (z: Zod, xDescription: string) =>
  z
    .looseObject({
      series: z
        .array(z.array(z.number()))
        .meta({ title: 'Series', description: 'The values, aligned with xValues.' }),
      xValues: z.array(z.string()).meta({ title: 'X Values', description: xDescription }),
    })
    .meta({ title: 'Data', description: "Amplitude's answer." });

/** User Activity: the user's profile and events. */
export const userActivitySchema = (z: Zod) =>
  z
    .looseObject({
      userData: z
        .looseObject({
          user_id: z
            .string()
            .nullable()
            .optional()
            .meta({ title: 'User ID', description: 'Your id of the user.' }),
          num_events: z.number().optional().meta({ title: 'Events', description: 'Events of the user.' }),
          num_sessions: z
            .number()
            .optional()
            .meta({ title: 'Sessions', description: 'Sessions of the user.' }),
          properties: z
            .record(z.string(), z.unknown())
            .optional()
            .meta({ title: 'Properties', description: "The user's custom properties." }),
        })
        .meta({
          title: 'User',
          description: "The user's profile: ids, counts, device, location, properties.",
        }),
      events: z
        .array(
          z.looseObject({
            event_type: z.string().meta({ title: 'Event Type', description: 'The event name.' }),
            event_time: z.string().meta({ title: 'Event Time', description: 'When it happened (UTC).' }),
          }),
        )
        .meta({ title: 'Events', description: 'The events, latest first (or earliest first).' }),
    })
    .meta(resultView({ view: 'table', list: 'events' }));

/** User Composition: users per value of a property. */
export const compositionSchema = (z: Zod) =>
  z.looseObject({ data: chartData(z, 'The values of the property, most users first.') }).meta(
    resultView({
      view: 'chart',
      chart: { x: 'data.xValues', series: 'data.series' },
      seriesTitle: 'Users by {property}',
    }),
  );

/** Session Metrics: the length distribution, or a value per day. */
export const sessionMetricsSchema = (z: Zod) =>
  z.looseObject({ data: chartData(z, 'Length bins ("0s-3s") or days (YYYY-MM-DD).') }).meta(
    resultView({
      view: 'chart',
      chart: { x: 'data.xValues', series: 'data.series' },
      seriesTitle: '{metric}',
    }),
  );

/** Real-time Active Users: today and yesterday per 5 minutes. */
export const realtimeSchema = (z: Zod) =>
  z
    .looseObject({
      data: chartData(z, 'Times of day, HH:mm.')
        .extend({
          seriesLabels: z
            .array(z.string())
            .meta({ title: 'Series Labels', description: 'Today and Yesterday.' }),
        })
        .meta({ title: 'Data', description: "Amplitude's answer." }),
    })
    .meta(
      resultView({
        view: 'chart',
        chart: { x: 'data.xValues', series: 'data.series', labels: 'data.seriesLabels' },
        seriesTitle: 'Active users',
      }),
    );

/** Revenue LTV: Amplitude's answer, and the chart of each cohort's values after 1, 7, 30 and 90 days. */
export const revenueLtvSchema = (z: Zod) =>
  z
    .looseObject({
      data: z
        .looseObject({
          series: z
            .array(
              z.looseObject({
                dates: z.array(z.string()),
                values: z.record(z.string(), z.record(z.string(), z.number())),
              }),
            )
            .meta({
              title: 'Series',
              description: 'Per group: the cohorts (latest first) and their r1d … r90d values.',
            }),
        })
        .meta({ title: 'Data', description: "Amplitude's answer." }),
      ltv: z
        .object({
          xValues: z
            .array(z.string())
            .meta({ title: 'Cohorts', description: 'The cohorts, earliest first.' }),
          series: z
            .array(z.array(z.number()))
            .meta({ title: 'Series', description: 'Day 1, 7, 30 and 90 values.' }),
          labels: z.array(z.string()).meta({ title: 'Labels', description: 'Day 1, Day 7, Day 30, Day 90.' }),
        })
        .meta({
          title: 'LTV',
          description: "The first group's values after 1, 7, 30 and 90 days, per cohort.",
        }),
    })
    .meta(
      resultView({
        view: 'chart',
        chart: { x: 'ltv.xValues', series: 'ltv.series', labels: 'ltv.labels' },
        seriesTitle: '{metric}',
      }),
    );

/** List Events: the visible event types with this week's totals. */
export const eventListSchema = (z: Zod) =>
  z
    .looseObject({
      data: z
        .array(
          z.looseObject({
            value: z.string().meta({ title: 'Event Type', description: 'The event name in the raw data.' }),
            display: z.string().optional().meta({ title: 'Display Name', description: 'Its display name.' }),
            totals: z
              .number()
              .optional()
              .meta({ title: 'Totals', description: 'Times it happened this week.' }),
          }),
        )
        .meta({ title: 'Events', description: 'The visible event types.' }),
    })
    .meta(resultView({ view: 'table', list: 'data' }));
