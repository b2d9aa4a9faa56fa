import type { Zod } from '@c/core';
import { jsonValue } from './analytics-params.js';
import { ANALYTICS_FILTER_OPERATORS, groupByName } from './commands/event-segmentation.js';

/**
 * The `s` parameter of the query APIs: segment conditions on user properties, all of which a user
 * must meet (`{prop, op, values}`; `prop: "userdata_cohort"` with cohort ids for cohort members).
 */
export const segmentsField = (z: Zod) =>
  jsonValue(
    z
      .array(
        z.looseObject({
          prop: z.string().min(1).meta({
            title: 'Property',
            description:
              'A user property (country, platform, gp:<name>), or userdata_cohort for cohort members.',
          }),
          op: z
            .enum(ANALYTICS_FILTER_OPERATORS)
            .meta({ title: 'Operator', description: 'is, is not, contains, less, greater, …' }),
          values: z.array(z.string()).meta({
            title: 'Values',
            description: 'The values to compare with (cohort ids for userdata_cohort).',
          }),
        }),
      )
      .min(1),
  )
    .optional()
    .meta({
      title: 'Segments',
      description:
        'Only users who meet every condition, e.g. [{"prop":"country","op":"is","values":["France"]}]; sent as s.',
    });

/** One group-by property of the query APIs that take a single `g`. */
export const groupByField = (z: Zod) =>
  groupByName(z).optional().meta({
    title: 'Group By',
    description: 'A built-in property (country, platform, …) or a custom user property gp:<name>; sent as g.',
  });

/** `s` as the query sends it. */
export const segmentsQuery = (segments: unknown[] | undefined): string | undefined =>
  segments === undefined ? undefined : JSON.stringify(segments);

/** An ISO 8601 time (`2026-01-15T07:00:00+00:00`) or a day (`2026-01-15`). */
export const isoTime = (z: Zod) =>
  z
    .string()
    .trim()
    .refine(
      (text) => /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(Date.parse(text)),
      'must be an ISO 8601 time, e.g. 2026-01-15T07:00:00+00:00',
    );
