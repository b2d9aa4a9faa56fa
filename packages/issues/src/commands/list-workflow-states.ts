import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { WORKFLOW_STATE_FIELDS } from '../issues-fragments.js';
import { teamLookup } from '../issues-lookups.js';
import { cursorParam, limitParam, uuidParam } from '../issues-params.js';
import { type LinearWorkflowStatePage, workflowStatePageSchema } from '../schemas/people.js';

/** `workflowStates(filter, first, after)`. */
export const LIST_WORKFLOW_STATES_QUERY = defineOperation(
  `
query ListWorkflowStates($filter: WorkflowStateFilter, $first: Int!, $after: String) {
  workflowStates(filter: $filter, first: $first, after: $after) {
    nodes { ...WorkflowStateFields }
    pageInfo { hasNextPage endCursor }
  }
}`,
  WORKFLOW_STATE_FIELDS,
);

/** Linear's kinds of workflow state. */
const STATE_TYPES = ['triage', 'backlog', 'unstarted', 'started', 'completed', 'canceled'] as const;

/** Lists workflow states: `workflowStates(filter)`. */
export const listWorkflowStates = defineCommand({
  key: 'listWorkflowStates',
  title: 'List Workflow States',
  description:
    'Lists the workflow states (issue statuses) of a Linear team or of every team, optionally of one kind, with their board position.',
  input: (z) =>
    z.object({
      teamId: uuidParam(z, 'Team Id', 'Only this team’s states (its UUID).').optional(),
      type: z.enum(STATE_TYPES).optional().meta({
        title: 'Type',
        description: 'Only states of this kind: triage, backlog, unstarted, started, completed or canceled.',
      }),
      limit: limitParam(z, 'States', 100),
      cursor: cursorParam(z),
    }),
  output: (z) => workflowStatePageSchema(z),
  lookups: { teamId: teamLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearWorkflowStatePage> {
    const filter: Record<string, unknown> = {};
    if (input.teamId) filter.team = { id: { eq: input.teamId } };
    if (input.type) filter.type = { eq: input.type };
    const data = await ctx.linear.run<{ workflowStates: LinearWorkflowStatePage }>(
      LIST_WORKFLOW_STATES_QUERY,
      { filter, first: input.limit, after: input.cursor || undefined },
      { signal },
    );
    const { nodes, pageInfo } = data.workflowStates;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
