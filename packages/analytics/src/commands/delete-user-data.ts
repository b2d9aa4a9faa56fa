import { defineCommand } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { jsonValue } from '../analytics-params.js';
import { deletionSchema } from '../schemas/admin.js';

type DeletionResult = z.output<ReturnType<typeof deletionSchema>>;

/** Delete User Data: `POST /api/2/deletions/users` (the User Privacy API). */
export const deleteUserData = defineCommand({
  key: 'deleteUserData',
  title: 'Delete User Data',
  description:
    "Asks Amplitude to delete all data of up to 100 users (GDPR, CCPA): every event and property, from every system. The users join the deletion job scheduled a few days on (it can be revoked in Amplitude until 3 days before it runs), and Amplitude emails the project's admins. Cannot be undone once the job runs; asking again for the same user changes nothing.",
  input: (z) =>
    z
      .object({
        amplitudeIds: jsonValue(z.array(z.number().int().positive()))
          .optional()
          .meta({ title: 'Amplitude IDs', description: 'The users to delete, by Amplitude ID.' }),
        userIds: jsonValue(z.array(z.string().trim().min(1)))
          .optional()
          .meta({ title: 'User IDs', description: 'The users to delete, by your user ID.' }),
        requester: z.string().trim().min(1).optional().meta({
          title: 'Requester',
          description: 'Who asked for the deletion (an email), kept for auditing.',
        }),
        ignoreInvalidId: z.boolean().default(false).meta({
          title: 'Ignore Unknown Users',
          description:
            'Delete the users found and list the others, instead of refusing the whole request (default false).',
        }),
      })
      .superRefine((input, ctx) => {
        const count = (input.amplitudeIds?.length ?? 0) + (input.userIds?.length ?? 0);
        if (count === 0)
          ctx.addIssue({
            code: 'custom',
            path: ['amplitudeIds'],
            message: 'amplitudeIds or userIds is required',
          });
        if (count > 100)
          ctx.addIssue({
            code: 'custom',
            path: ['userIds'],
            message: 'at most 100 users per request in all',
          });
      }),
  output: deletionSchema,
  // Destructive; asking again for a user already in a job changes nothing.
  annotations: { readOnly: false, destructive: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<DeletionResult> {
    const response = await ctx.http.request<DeletionResult>({
      method: 'POST',
      api: 'dashboard',
      path: '/api/2/deletions/users',
      json: {
        amplitude_ids: input.amplitudeIds,
        user_ids: input.userIds,
        requester: input.requester,
        ignore_invalid_id: input.ignoreInvalidId,
      },
      idempotent: true,
      signal,
    });
    return response.data;
  },
});
