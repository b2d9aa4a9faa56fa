import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { INITIATIVE_FIELDS } from '../issues-fragments.js';
import { cursorParam } from '../issues-params.js';
import {
  INITIATIVE_STATUSES,
  initiativePageSchema,
  type LinearInitiativePage,
} from '../schemas/initiatives.js';

/** `initiatives(filter, first, after)`: one page of the workspace's initiatives. */
export const LIST_INITIATIVES_QUERY = defineOperation(
  `
query ListInitiatives($filter: InitiativeFilter, $first: Int!, $after: String) {
  initiatives(filter: $filter, first: $first, after: $after) {
    nodes { ...InitiativeFields }
    pageInfo { hasNextPage endCursor }
  }
}`,
  INITIATIVE_FIELDS,
);

/** Lists the workspace's initiatives, newest first, optionally of one status. */
export const listInitiatives = defineCommand({
  key: 'listInitiatives',
  title: 'List Initiatives',
  description:
    'Lists the Linear workspace’s initiatives, newest first, with their status, owner, target date and projects, optionally of one status, one page at a time.',
  input: (z) =>
    z.object({
      status: z.enum(INITIATIVE_STATUSES).optional().meta({
        title: 'Status',
        description: 'Only initiatives in this status: Proposed, Planned, Active, Completed or Canceled.',
      }),
      // Each initiative carries up to 25 projects: 10 a page keep a page under a third of Linear's
      // complexity limit.
      limit: z
        .int()
        .min(1)
        .max(10)
        .default(10)
        .meta({ title: 'Limit', description: 'Initiatives per page, 1 to 10 (default 10).' }),
      cursor: cursorParam(z),
    }),
  output: (z) => initiativePageSchema(z),
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearInitiativePage> {
    const filter = input.status ? { status: { eq: input.status } } : undefined;
    const data = await ctx.linear.run<{ initiatives: LinearInitiativePage }>(
      LIST_INITIATIVES_QUERY,
      { filter, first: input.limit, after: input.cursor || undefined },
      { signal },
    );
    const { nodes, pageInfo } = data.initiatives;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
