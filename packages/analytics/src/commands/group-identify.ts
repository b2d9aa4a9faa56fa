import { defineCommand } from '@c/core';
import type { AnalyticsContext } from '../analytics-client.js';
import { propertyOperationFields, propertyOperations } from '../analytics-identify.js';
import { identifyResultSchema } from '../schemas/identify.js';

/** Group Identify: `POST {ingestionBaseUrl}/groupidentify`, form-encoded `api_key` and `identification`. */
export const groupIdentify = defineCommand({
  key: 'groupIdentify',
  title: 'Group Identify',
  description:
    "Sets or changes the properties of a group (an account, a company, a team: Amplitude's Accounts add-on) without sending an event. Applies to the group's future events.",
  input: (z) =>
    z.object({
      groupType: z.string().trim().min(1).meta({
        title: 'Group Type',
        description: 'The kind of group, e.g. "org id" or "company".',
      }),
      groupValue: z.string().trim().min(1).meta({
        title: 'Group Value',
        description: 'The group itself, e.g. "12345678" or "Acme Corp".',
      }),
      ...propertyOperationFields(z, 'group'),
    }),
  output: identifyResultSchema,
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: AnalyticsContext, { signal }) {
    const properties = propertyOperations(input);
    const identification = {
      group_type: input.groupType,
      group_value: input.groupValue,
      ...(properties ? { group_properties: properties } : {}),
    };
    await ctx.http.request({
      method: 'POST',
      api: 'ingestion',
      path: '/groupidentify',
      form: { api_key: ctx.apiKey.reveal(), identification: JSON.stringify([identification]) },
      auth: false,
      signal,
    });
    return { success: true, ...(properties ? { properties } : {}) };
  },
});
