import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { USER_FIELDS } from '../issues-fragments.js';
import { userLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { type LinearUser, userSchema } from '../schemas/people.js';

/** `user(id)`. */
export const GET_USER_QUERY = defineOperation(
  `
query GetUser($id: String!) {
  user(id: $id) { ...UserFields }
}`,
  USER_FIELDS,
);

/** Reads a user: `user(id)`. */
export const getUser = defineCommand({
  key: 'getUser',
  title: 'Get User',
  description: 'Returns a Linear user of the workspace by id: names, email, whether active, admin or guest.',
  input: (z) => z.object({ userId: uuidParam(z, 'User Id', 'The user (their UUID).') }),
  output: (z) => userSchema(z),
  lookups: { userId: userLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearUser> {
    const data = await ctx.linear.run<{ user: LinearUser }>(
      GET_USER_QUERY,
      { id: input.userId },
      { signal, notFound: { field: 'user', what: `user ${input.userId}` } },
    );
    return data.user;
  },
});
