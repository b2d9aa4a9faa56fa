import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { USER_FIELDS } from '../issues-fragments.js';
import { cursorParam, limitParam, textParam } from '../issues-params.js';
import { type LinearUserPage, userPageSchema } from '../schemas/people.js';

/** `users(filter, first, after)`. */
export const LIST_USERS_QUERY = defineOperation(
  `
query ListUsers($filter: UserFilter, $first: Int!, $after: String) {
  users(filter: $filter, first: $first, after: $after) {
    nodes { ...UserFields }
    pageInfo { hasNextPage endCursor }
  }
}`,
  USER_FIELDS,
);

/** Lists the workspace's users: `users(filter)`. */
export const listUsers = defineCommand({
  key: 'listUsers',
  title: 'List Users',
  description:
    'Lists the users of the Linear workspace, one page at a time, optionally only active ones or those whose name or email contains a text.',
  input: (z) =>
    z.object({
      active: z
        .boolean()
        .optional()
        .meta({ title: 'Active', description: 'true: only enabled accounts; false: only suspended ones.' }),
      query: textParam(
        z,
        'Name or Email',
        'Only users whose name, display name or email contains this text, ignoring case.',
      ).optional(),
      limit: limitParam(z, 'Users', 50),
      cursor: cursorParam(z),
    }),
  output: (z) => userPageSchema(z),
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearUserPage> {
    const filter: Record<string, unknown> = {};
    if (input.active !== undefined) filter.active = { eq: input.active };
    if (input.query) {
      const contains = { containsIgnoreCase: input.query };
      filter.or = [{ name: contains }, { displayName: contains }, { email: contains }];
    }
    const data = await ctx.linear.run<{ users: LinearUserPage }>(
      LIST_USERS_QUERY,
      { filter, first: input.limit, after: input.cursor || undefined },
      { signal },
    );
    const { nodes, pageInfo } = data.users;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
