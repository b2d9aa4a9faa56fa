import { customActionResultSchema, resultView, unixTime, type Zod } from '@c/core';
import type { z } from 'zod';

// Output schemas of the commands: the fields each command guarantees. Amplitude's objects are
// loose, so fields Amplitude adds pass through. Each is a builder, called from a command's
// `output: (z) => …`, so importing a command does not load zod.

/**
 * Amplitude's names of its built-in events, as they come back in series names and chart rows, in
 * the words its own charts show them.
 */
const EVENT_WORDS: Record<string, string> = {
  _active: 'Active users',
  _new: 'New users',
  _all: 'Any event',
  _any_revenue_event: 'Any revenue event',
};

/** `/api/2/users`: one series per segment or group, aligned with the days, weeks or months. */
export const userCountsSchema = (z: Zod) =>
  z
    .looseObject({
      data: z
        .looseObject({
          series: z.array(z.array(z.number())).meta({
            title: 'Series',
            description: 'One series of user counts per segment or group, aligned with xValues.',
          }),
          seriesMeta: z.array(z.string()).meta({
            title: 'Series Names',
            description: 'The name of each series, e.g. "All Users" or a segment or group value.',
          }),
          xValues: z.array(z.string()).meta({
            title: 'Dates',
            description: 'The first day (YYYY-MM-DD) of each interval of the range.',
          }),
        })
        .meta({ title: 'Data', description: "Amplitude's answer." }),
    })
    .meta(
      resultView({
        view: 'chart',
        chart: { x: 'data.xValues', series: 'data.series', labels: 'data.seriesMeta' },
        seriesTitle: '{metric}',
        valueWords: EVENT_WORDS,
      }),
    );

/** Active and New User Counts' result: Amplitude's answer. */
export type UserCountsResult = z.output<ReturnType<typeof userCountsSchema>>;

/** `/api/2/events/segmentation`: series per group, their labels, the range's totals, the x values. */
export const segmentationSchema = (z: Zod) =>
  z
    .looseObject({
      data: z
        .looseObject({
          series: z.array(z.array(z.number())).meta({
            title: 'Series',
            description: 'One series per group (or a single one), aligned with xValues.',
          }),
          seriesLabels: z.array(z.unknown()).meta({
            title: 'Series Labels',
            description:
              'The label of each series: 0 without a group-by, the value for g, [event index, value] for the event\u2019s group_by.',
          }),
          seriesCollapsed: z
            .array(
              z.array(
                z.looseObject({
                  value: z.number().meta({ title: 'Value', description: 'The metric over the whole range.' }),
                }),
              ),
            )
            .meta({
              title: 'Series Over the Range',
              description: 'For each series, the metric over the whole range: [{value}].',
            }),
          xValues: z.array(z.string()).meta({
            title: 'Dates',
            description:
              'The start of each interval: YYYY-MM-DD, or YYYY-MM-DDTHH:mm:ss for hourly and realtime.',
          }),
        })
        .meta({ title: 'Data', description: "Amplitude's answer." }),
    })
    .meta(
      resultView({
        view: 'chart',
        chart: { x: 'data.xValues', series: 'data.series', labels: 'data.seriesLabels' },
        seriesTitle: '{event.event_type}',
        valueWords: EVENT_WORDS,
      }),
    );

/** Event Segmentation's result: Amplitude's answer. */
export type SegmentationResult = z.output<ReturnType<typeof segmentationSchema>>;

/** One raw event of an export (one line of Amplitude's export files). */
export const exportEventSchema = (z: Zod) =>
  z.looseObject({
    event_type: z.string().meta({ title: 'Event Type', description: 'The event name.' }),
    uuid: z.string().meta({ title: 'UUID', description: "Amplitude's id of this event." }),
    amplitude_id: z.number().meta({ title: 'Amplitude ID', description: "Amplitude's id of the user." }),
    user_id: z.string().nullable().meta({ title: 'User ID', description: 'Your id of the user, or null.' }),
    device_id: z.string().nullable().meta({ title: 'Device ID', description: 'The device, or null.' }),
    event_time: z.string().meta({ title: 'Event Time', description: 'When it happened (UTC).' }),
    server_upload_time: z.string().meta({
      title: 'Server Upload Time',
      description: 'When Amplitude received it (UTC): the time the export range selects by.',
    }),
  });

/** One exported event: `event_type`, `user_id`, `event_time`, … and every other field Amplitude writes. */
export type AnalyticsExportEvent = z.output<ReturnType<typeof exportEventSchema>>;

/** Export Data's result: the first `maxEvents` events, their count, and whether more were left unread. */
export const exportDataSchema = (z: Zod) =>
  z
    .object({
      events: z
        .array(exportEventSchema(z))
        .meta({ title: 'Events', description: 'The raw events, in the order of the export files.' }),
      count: z.number().int().meta({ title: 'Count', description: 'How many events came back.' }),
      truncated: z.boolean().meta({
        title: 'Truncated',
        description: 'True when the export held more than maxEvents events: the rest were not downloaded.',
      }),
    })
    .meta(
      resultView({
        view: 'table',
        list: 'events',
        more: { path: 'truncated', note: 'truncated at maxEvents' },
      }),
    );

/** Export Data's result. */
export type ExportDataResult = z.output<ReturnType<typeof exportDataSchema>>;

/** A behavioral cohort as `/api/3/cohorts` lists it. */
export const cohortSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'ID', description: "The cohort's id." }),
    name: z.string().meta({ title: 'Name', description: "The cohort's name." }),
    size: z
      .number()
      .nullable()
      .meta({ title: 'Size', description: 'Users in the cohort when last computed.' }),
    description: z
      .string()
      .nullable()
      .optional()
      .meta({ title: 'Description', description: 'Its description.' }),
    published: z.boolean().optional().meta({ title: 'Published', description: 'Shared with the project.' }),
    archived: z.boolean().optional().meta({ title: 'Archived', description: 'Archived cohorts are hidden.' }),
    owners: z.array(z.string()).optional().meta({ title: 'Owners', description: "The owners' logins." }),
    definition: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .meta({ title: 'Definition', description: "Amplitude's definition of who belongs (opaque)." }),
    lastComputed: z
      .number()
      .nullable()
      .optional()
      .meta({
        title: 'Last Computed',
        description: 'When its size was computed (Unix seconds).',
        ...unixTime(),
      }),
  });

/** One behavioral cohort (`id`, `name`, `size`, `definition`, `owners`, …). */
export type AnalyticsCohort = z.output<ReturnType<typeof cohortSchema>>;

/** `/api/3/cohorts`. */
export const cohortsSchema = (z: Zod) =>
  z
    .looseObject({
      cohorts: z
        .array(cohortSchema(z))
        .meta({ title: 'Cohorts', description: 'Every cohort of the project.' }),
    })
    .meta(resultView({ view: 'table', list: 'cohorts' }));

/** Behavioral Cohorts' result. */
export type CohortsResult = z.output<ReturnType<typeof cohortsSchema>>;

/** `/api/2/usersearch`: the matching users and the kind of match. */
export const userSearchSchema = (z: Zod) =>
  z
    .looseObject({
      matches: z
        .array(
          z.looseObject({
            user_id: z
              .string()
              .nullable()
              .meta({ title: 'User ID', description: 'Your id of the user, or null.' }),
            amplitude_id: z
              .number()
              .meta({ title: 'Amplitude ID', description: "Amplitude's id of the user." }),
          }),
        )
        .meta({ title: 'Matches', description: 'The users found; empty when none.' }),
      type: z.string().meta({
        title: 'Match Type',
        description: 'match_amplitude_id, match_user_or_device_id, match_user_prefix, or nomatch.',
      }),
    })
    .meta(resultView({ view: 'table', list: 'matches' }));

/** User Search's result: Amplitude's answer (`nomatch` with no matches when none). */
export type UserSearchResult = z.output<ReturnType<typeof userSearchSchema>>;

/** Get Chart Results: the chart's table (type `query`), or its CSV text (type `csv`). */
export const chartResultSchema = (z: Zod) =>
  z
    .looseObject({
      columns: z
        .array(z.string())
        .optional()
        .meta({ title: 'Columns', description: 'type query: the column names of the chart table.' }),
      rows: z
        .array(z.record(z.string(), z.union([z.string(), z.number(), z.null()])))
        .optional()
        .meta({ title: 'Rows', description: 'type query: one object per row, keyed by column.' }),
      title: z.string().optional().meta({ title: 'Title', description: "type query: the chart's title." }),
      notes: z
        .array(z.string())
        .optional()
        .meta({ title: 'Notes', description: 'type query: the lines above the table (metric, filters).' }),
      csv: z.string().optional().meta({ title: 'CSV', description: 'type csv: the CSV text.' }),
    })
    .meta(resultView({ view: 'table', list: 'rows', csv: 'csv', valueWords: EVENT_WORDS }));

/**
 * Get Chart Results' result: with type `query` the chart's table read from its CSV (`columns`,
 * `rows`, `notes`, and `title` when the CSV has one); with type `csv` the CSV text (`csv`).
 */
export type ChartResult = z.output<ReturnType<typeof chartResultSchema>>;

/** Send Events: every event given is either ingested or rejected with a reason. */
export const sendEventsSchema = (z: Zod) =>
  z
    .object({
      ingested: z.number().int().meta({ title: 'Ingested', description: 'Events Amplitude accepted.' }),
      rejected: z
        .array(
          z.object({
            index: z
              .number()
              .int()
              .meta({ title: 'Index', description: 'The event\u2019s position in the input.' }),
            reason: z.string().meta({ title: 'Reason', description: 'Why it was not ingested.' }),
          }),
        )
        .meta({
          title: 'Rejected',
          description: 'Events not ingested: their position in the input and why.',
        }),
      batches: z.number().int().meta({
        title: 'Batches',
        description:
          'Requests that delivered events (a split or a re-send after a partial refusal counts again).',
      }),
    })
    .meta(resultView({ view: 'record' }));

/** The outcome of Send Events: `ingested + rejected.length` equals the number of events given. */
export type SendEventsResult = z.output<ReturnType<typeof sendEventsSchema>>;

/** Custom Action: the parsed JSON body; text as `{text}`; bytes as `{contentType, size, base64}`. */
export const customActionSchema = (z: Zod) => customActionResultSchema(z, 'Amplitude');

/** Custom Action's result: Amplitude's JSON answer, or `{text}`, or `{contentType, size, base64}`. */
export type CustomActionResult = z.output<ReturnType<typeof customActionSchema>>;
