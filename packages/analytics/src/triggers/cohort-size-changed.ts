import { defineTrigger, ProviderError, type TriggerEvent } from '@c/core';
import type { z as Z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import type { CohortsResult } from '../analytics-schemas.js';

/** How often a host polls `/api/3/cohorts`: cohort sizes move at Amplitude's recomputations, not faster. */
export const COHORT_POLL_INTERVAL_MS = 15 * 60_000;

/** One cohort's change of size, as the event's `data`. */
export interface CohortSizeChange {
  cohortId: string;
  name: string;
  /** The size at the previous poll; null when the cohort is new. */
  previousSize: number | null;
  size: number;
  /** `size - previousSize` (the whole size for a new cohort). */
  change: number;
  /** When Amplitude computed this size (Unix seconds), when it says. */
  lastComputed: number | null;
}

function inputSchema(z: typeof Z) {
  return z.object({
    cohortIds: z.array(z.string().trim().min(1)).min(1).optional().meta({
      title: 'Cohort IDs',
      description: 'Only these cohorts (ids as Behavioral Cohorts lists them); every cohort when omitted.',
    }),
    minChange: z.number().int().min(1).default(1).meta({
      title: 'Minimum Change',
      description: 'Report a cohort only when its size moved by at least this many users (default 1).',
    }),
  });
}

function outputSchema(z: typeof Z) {
  return z
    .object({
      cohortId: z.string().meta({ title: 'Cohort ID', description: "The cohort's id." }),
      name: z.string().meta({ title: 'Name', description: "The cohort's name." }),
      previousSize: z
        .number()
        .nullable()
        .meta({ title: 'Previous Size', description: 'Users at the previous poll; null for a new cohort.' }),
      size: z.number().meta({ title: 'Size', description: 'Users now, as Amplitude last computed it.' }),
      change: z.number().meta({ title: 'Change', description: 'size - previousSize.' }),
      lastComputed: z
        .number()
        .nullable()
        .meta({ title: 'Last Computed', description: 'When Amplitude computed the size (Unix seconds).' }),
    })
    .meta({ title: 'Cohort Size Change', description: "A behavioral cohort's size moved." });
}

/** The cursor: each watched cohort's size at the last poll. */
type Sizes = Record<string, number>;

function readCursor(cursor: string): Sizes {
  try {
    const sizes = JSON.parse(cursor) as unknown;
    if (sizes && typeof sizes === 'object' && !Array.isArray(sizes)) return sizes as Sizes;
  } catch {
    // Refused below: a cursor this trigger did not write.
  }
  throw new ProviderError('The saved cursor of analytics.cohortSizeChanged is not one it wrote', {
    providerCode: 'invalid_cursor',
  });
}

/**
 * `analytics.cohortSizeChanged`: polling only, since Amplitude has no signed webhooks. Each poll
 * lists the behavioral cohorts (`GET /api/3/cohorts`) and compares every watched cohort's size with
 * the one saved in the cursor; the first poll only records the sizes.
 */
export const cohortSizeChanged = defineTrigger({
  key: 'cohortSizeChanged',
  title: 'Cohort Size Changed',
  description:
    'A behavioral cohort gained or lost users, or a new cohort appeared, seen by polling Behavioral Cohorts every 15 minutes. Amplitude updates a size only when it recomputes the cohort (lastComputed: on its own schedule, typically daily, or when someone opens or syncs it), so a change shows up from minutes to about a day after the users’ events; events Amplitude ingests late move it later still.',
  input: inputSchema,
  output: outputSchema,
  kinds: ['polling'],
  pollIntervalMs: COHORT_POLL_INTERVAL_MS,
  async poll(ctx: AnalyticsContext, { input, cursor, signal }) {
    const { data } = await ctx.http.request<CohortsResult>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/3/cohorts',
      signal,
    });
    const watched = input.cohortIds ? new Set(input.cohortIds) : undefined;
    const cohorts = (data.cohorts ?? []).filter(
      (cohort) => !cohort.archived && (!watched || watched.has(cohort.id)),
    );
    const sizes: Sizes = {};
    for (const cohort of cohorts) if (typeof cohort.size === 'number') sizes[cohort.id] = cohort.size;
    if (cursor === undefined) return { events: [], cursor: JSON.stringify(sizes) };
    const previous = readCursor(cursor);
    const events: TriggerEvent<CohortSizeChange>[] = [];
    const next: Sizes = { ...sizes };
    for (const cohort of cohorts) {
      const size = sizes[cohort.id];
      if (size === undefined) continue;
      const before = previous[cohort.id];
      const change = size - (before ?? 0);
      if (before !== undefined && Math.abs(change) < input.minChange) {
        // Small moves add up: the baseline stays until the change is big enough to report.
        next[cohort.id] = before;
        continue;
      }
      const lastComputed = typeof cohort.lastComputed === 'number' ? cohort.lastComputed : null;
      events.push({
        id: `${cohort.id}:${before ?? 'new'}:${size}:${lastComputed ?? ''}`,
        type: before === undefined ? 'cohort.added' : 'cohort.sizeChanged',
        occurredAt: new Date(lastComputed !== null ? lastComputed * 1000 : Date.now()).toISOString(),
        data: {
          cohortId: cohort.id,
          name: cohort.name,
          previousSize: before ?? null,
          size,
          change,
          lastComputed,
        },
      });
    }
    return { events, cursor: JSON.stringify(next) };
  },
});
