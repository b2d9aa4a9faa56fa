import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { aboutSchema, type DriveAbout } from '../schemas/files.js';

/** Get About: `GET {fileApiBaseUrl}/drive/v3/about?fields=user,storageQuota`. */
export const getAbout = defineCommand({
  key: 'getAbout',
  title: 'Get About',
  description:
    'Tells which Google account is connected (its name and email address) and how much of its storage is used.',
  input: (z) => z.object({}),
  output: aboutSchema,
  annotations: { readOnly: true, idempotent: true },
  async run(_input, ctx: DocsContext, { signal }): Promise<DriveAbout> {
    const { data } = await ctx.http.request<DriveAbout>({
      method: 'GET',
      api: 'files',
      path: '/drive/v3/about',
      query: { fields: 'user(displayName,emailAddress),storageQuota' },
      responseType: 'json',
      signal,
    });
    return data;
  },
});
