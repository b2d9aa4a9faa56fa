import { defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { taxonomyListSchema, taxonomyWriteSchema } from '../schemas/admin.js';

type TaxonomyList = z.output<ReturnType<typeof taxonomyListSchema>>;
type TaxonomyWrite = z.output<ReturnType<typeof taxonomyWriteSchema>>;

const PLAN_NOTE =
  'The Taxonomy API is for Enterprise plans: on another plan Amplitude refuses it (PermissionError).';

/** List Event Types: `GET /api/2/taxonomy/event`. */
export const listEventTypes = defineCommand({
  key: 'listEventTypes',
  title: 'List Event Types',
  description: `The event types of the project's tracking plan, with category, description and display name. ${PLAN_NOTE}`,
  input: (z) => z.object({}),
  output: taxonomyListSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(_input, ctx: AnalyticsContext, { signal }): Promise<TaxonomyList> {
    return (
      await ctx.http.request<TaxonomyList>({
        method: 'GET',
        api: 'dashboard',
        path: '/api/2/taxonomy/event',
        signal,
      })
    ).data;
  },
});

/** Create Event Type: `POST /api/2/taxonomy/event` (form-encoded). */
export const createEventType = defineCommand({
  key: 'createEventType',
  title: 'Create Event Type',
  description: `Plans an event type in the tracking plan, with its category and description. An event type already planned is a conflict (409). ${PLAN_NOTE}`,
  input: (z) =>
    z.object({
      eventType: z
        .string()
        .trim()
        .min(1)
        .meta({ title: 'Event Type', description: 'The event name, e.g. "Onboard Start".' }),
      category: z
        .string()
        .trim()
        .min(1)
        .optional()
        .meta({ title: 'Category', description: "The event type's category." }),
      description: z.string().optional().meta({ title: 'Description', description: 'What the event means.' }),
    }),
  output: taxonomyWriteSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<TaxonomyWrite> {
    const response = await ctx.http.request<TaxonomyWrite>({
      method: 'POST',
      api: 'dashboard',
      path: '/api/2/taxonomy/event',
      form: { event_type: input.eventType, category: input.category, description: input.description },
      signal,
    });
    return response.data;
  },
});

/** Update Event Type: `PUT /api/2/taxonomy/event/{event_type}` (form-encoded). */
export const updateEventType = defineCommand({
  key: 'updateEventType',
  title: 'Update Event Type',
  description: `Renames an event type of the tracking plan or changes its category, description or display name. ${PLAN_NOTE}`,
  input: (z) =>
    z
      .object({
        eventType: z
          .string()
          .trim()
          .min(1)
          .meta({ title: 'Event Type', description: 'The event type to change.' }),
        newName: z
          .string()
          .trim()
          .min(1)
          .optional()
          .meta({ title: 'New Name', description: 'Its new name (new_event_type).' }),
        category: z
          .string()
          .trim()
          .min(1)
          .optional()
          .meta({ title: 'Category', description: 'Its category.' }),
        description: z.string().optional().meta({ title: 'Description', description: 'Its description.' }),
        displayName: z
          .string()
          .trim()
          .min(1)
          .optional()
          .meta({ title: 'Display Name', description: 'The name the charts show.' }),
      })
      .superRefine((input, ctx) => {
        if (
          [input.newName, input.category, input.description, input.displayName].every(
            (value) => value === undefined,
          )
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['newName'],
            message: 'give something to change: newName, category, description or displayName',
          });
        }
      }),
  output: taxonomyWriteSchema,
  // Setting the same values again leaves the plan as it is.
  annotations: { readOnly: false, destructive: false, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<TaxonomyWrite> {
    const response = await ctx.http.request<TaxonomyWrite>({
      method: 'PUT',
      api: 'dashboard',
      path: `/api/2/taxonomy/event/${encodeURIComponent(input.eventType)}`,
      form: {
        new_event_type: input.newName,
        category: input.category,
        description: input.description,
        display_name: input.displayName,
      },
      signal,
    });
    return response.data;
  },
});

/** List Event Properties: `GET /api/2/taxonomy/event-property`. */
export const listEventProperties = defineCommand({
  key: 'listEventProperties',
  title: 'List Event Properties',
  description: `The event properties of the tracking plan: all, or those of one event type, with their types. ${PLAN_NOTE}`,
  input: (z) =>
    z.object({
      eventType: z
        .string()
        .trim()
        .min(1)
        .optional()
        .meta({ title: 'Event Type', description: 'Only the properties of this event type.' }),
    }),
  output: taxonomyListSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<TaxonomyList> {
    const response = await ctx.http.request<TaxonomyList>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/taxonomy/event-property',
      query: { event_type: input.eventType },
      signal,
    });
    return response.data;
  },
});

/** List User Properties: `GET /api/2/taxonomy/user-property`. */
export const listUserProperties = defineCommand({
  key: 'listUserProperties',
  title: 'List User Properties',
  description: `The user properties of the tracking plan (custom ones written gp:<name>), with their types. ${PLAN_NOTE}`,
  input: (z) => z.object({}),
  output: taxonomyListSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(_input, ctx: AnalyticsContext, { signal }): Promise<TaxonomyList> {
    const response = await ctx.http.request<TaxonomyList>({
      method: 'GET',
      api: 'dashboard',
      path: '/api/2/taxonomy/user-property',
      signal,
    });
    return response.data;
  },
});
