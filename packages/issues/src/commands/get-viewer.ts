import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { USER_FIELDS } from '../issues-fragments.js';
import { type LinearUser, userSchema } from '../schemas/people.js';

/** `viewer`: the user the connection acts as. */
export const GET_VIEWER_QUERY = defineOperation(
  `
query GetViewer {
  viewer { ...UserFields }
}`,
  USER_FIELDS,
);

/** The user the connection acts as: `viewer`. */
export const getViewer = defineCommand({
  key: 'getViewer',
  title: 'Get Viewer',
  description: 'Returns the Linear user this connection acts as (the owner of the API key or OAuth grant).',
  input: (z) => z.object({}),
  output: (z) => userSchema(z),
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(_input, ctx: IssuesContext, { signal }): Promise<LinearUser> {
    return (await ctx.linear.run<{ viewer: LinearUser }>(GET_VIEWER_QUERY, {}, { signal })).viewer;
  },
});
