import { defineCommand, ProviderError } from '@c/core';
import type { z } from 'zod';
import type { AnalyticsContext } from '../analytics-client.js';
import { userProfileSchema } from '../schemas/admin.js';

type UserProfile = z.output<ReturnType<typeof userProfileSchema>>;

/** Get User Profile: `GET {profileBaseUrl}/v1/userprofile`, the secret key as `Authorization: Api-Key`. */
export const getUserProfile = defineCommand({
  key: 'getUserProfile',
  title: 'Get User Profile',
  description:
    "A user's profile from the User Profile API: their properties and the ids of the cohorts (synced to the Profile API) they belong to. Not available in Amplitude's EU region.",
  input: (z) =>
    z
      .object({
        userId: z
          .string()
          .trim()
          .min(1)
          .optional()
          .meta({ title: 'User ID', description: 'Your id of the user; or give a device ID.' }),
        deviceId: z
          .string()
          .trim()
          .min(1)
          .optional()
          .meta({ title: 'Device ID', description: 'The device; or give a user ID.' }),
        includeAmplitudeProperties: z.boolean().default(true).meta({
          title: 'Include Properties',
          description: "Return the user's properties (get_amp_props; default true).",
        }),
        includeCohortIds: z.boolean().default(false).meta({
          title: 'Include Cohort IDs',
          description: 'Return the cohorts the user is in (get_cohort_ids; default false).',
        }),
      })
      .superRefine((input, ctx) => {
        if (!input.userId && !input.deviceId) {
          ctx.addIssue({ code: 'custom', path: ['userId'], message: 'userId or deviceId is required' });
        }
      }),
  output: userProfileSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(input, ctx: AnalyticsContext, { signal }): Promise<UserProfile> {
    if (!ctx.hasProfileApi) {
      throw new ProviderError(
        'Amplitude serves no User Profile API in the EU region; set the profileBaseUrl option if your project has one.',
        { providerCode: 'profile_api_unavailable', retryable: false },
      );
    }
    const response = await ctx.http.request<UserProfile>({
      method: 'GET',
      api: 'profile',
      path: '/v1/userprofile',
      query: {
        user_id: input.userId,
        device_id: input.userId ? undefined : input.deviceId,
        get_amp_props: input.includeAmplitudeProperties ? 'true' : undefined,
        get_cohort_ids: input.includeCohortIds ? 'true' : undefined,
      },
      // Not Basic: the secret key goes alone, as Api-Key; an answer that echoes it is still masked.
      auth: false,
      redact: true,
      headers: { authorization: `Api-Key ${ctx.secretKey.reveal()}` },
      signal,
    });
    return response.data;
  },
});
