import { defineCommand } from '@c/core';
import type { AnalyticsContext } from '../analytics-client.js';
import { propertyOperationFields, propertyOperations } from '../analytics-identify.js';
import { identifyResultSchema } from '../schemas/identify.js';

/**
 * Identify User: `POST {ingestionBaseUrl}/identify`, form-encoded `api_key` and `identification`,
 * which sets a device's user ID or changes a user's properties without sending an event.
 */
export const identifyUser = defineCommand({
  key: 'identifyUser',
  title: 'Identify User',
  description:
    "Changes a user's properties (set, set once, add, append, prepend, unset, …) without sending an event, or ties a device ID to a user ID. Amplitude applies the change to the user's next events; it counts as no event and makes no one active or new.",
  input: (z) =>
    z
      .object({
        userId: z.string().trim().min(1).optional().meta({
          title: 'User ID',
          description: 'Your id of the user (5 characters or more). Required unless a device ID is given.',
        }),
        deviceId: z.string().trim().min(1).optional().meta({
          title: 'Device ID',
          description: 'The device (5 characters or more). Required unless a user ID is given.',
        }),
        ...propertyOperationFields(z, 'user'),
      })
      .superRefine((input, ctx) => {
        if (!input.userId && !input.deviceId) {
          ctx.addIssue({ code: 'custom', path: ['userId'], message: 'userId or deviceId is required' });
        }
      }),
  output: identifyResultSchema,
  // $add and $append change the user again on a repeat.
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: AnalyticsContext, { signal }) {
    const properties = propertyOperations(input);
    const identification = {
      ...(input.userId ? { user_id: input.userId } : {}),
      ...(input.deviceId ? { device_id: input.deviceId } : {}),
      ...(properties ? { user_properties: properties } : {}),
    };
    await ctx.http.request({
      method: 'POST',
      api: 'ingestion',
      path: '/identify',
      form: { api_key: ctx.apiKey.reveal(), identification: JSON.stringify([identification]) },
      auth: false,
      signal,
    });
    return { success: true, ...(properties ? { properties } : {}) };
  },
});
