import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { LABEL_FIELDS } from '../issues-fragments.js';
import { teamLookup } from '../issues-lookups.js';
import { cursorParam, limitParam, textParam, uuidParam } from '../issues-params.js';
import { type LinearLabelPage, labelPageSchema } from '../schemas/labels.js';

/** `issueLabels(filter, first, after)`: one page of labels. */
export const LIST_LABELS_QUERY = defineOperation(
  `
query ListLabels($filter: IssueLabelFilter, $first: Int!, $after: String) {
  issueLabels(filter: $filter, first: $first, after: $after) {
    nodes { ...LabelFields }
    pageInfo { hasNextPage endCursor }
  }
}`,
  LABEL_FIELDS,
);

/** Lists issue labels: `issueLabels(filter)`. */
export const listLabels = defineCommand({
  key: 'listLabels',
  title: 'List Labels',
  description:
    'Lists Linear issue labels and label groups, one page at a time: with teamId, those an issue of that team can carry (the team’s and the workspace’s); with name, those whose name contains it.',
  input: (z) =>
    z.object({
      teamId: uuidParam(
        z,
        'Team Id',
        'Only the labels an issue of this team can carry (its UUID).',
      ).optional(),
      name: textParam(z, 'Name', 'Only labels whose name contains this text, ignoring case.').optional(),
      limit: limitParam(z, 'Labels', 50),
      cursor: cursorParam(z),
    }),
  output: (z) => labelPageSchema(z),
  lookups: { teamId: teamLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearLabelPage> {
    const filter: Record<string, unknown> = {};
    // A team's issues carry its own labels and the workspace's (labels without a team).
    if (input.teamId) filter.or = [{ team: { id: { eq: input.teamId } } }, { team: { null: true } }];
    if (input.name) filter.name = { containsIgnoreCase: input.name };
    const data = await ctx.linear.run<{ issueLabels: LinearLabelPage }>(
      LIST_LABELS_QUERY,
      { filter, first: input.limit, after: input.cursor || undefined },
      { signal },
    );
    const { nodes, pageInfo } = data.issueLabels;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
