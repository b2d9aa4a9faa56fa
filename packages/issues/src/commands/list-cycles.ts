import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { CYCLE_FIELDS } from '../issues-fragments.js';
import { teamLookup } from '../issues-lookups.js';
import { cursorParam, limitParam, uuidParam } from '../issues-params.js';
import { cyclePageSchema, type LinearCyclePage } from '../schemas/planning.js';

/** `cycles(filter, first, after)`. */
export const LIST_CYCLES_QUERY = defineOperation(
  `
query ListCycles($filter: CycleFilter, $first: Int!, $after: String) {
  cycles(filter: $filter, first: $first, after: $after) {
    nodes { ...CycleFields }
    pageInfo { hasNextPage endCursor }
  }
}`,
  CYCLE_FIELDS,
);

/** Which cycles, by their timing, and the CycleFilter field that says it. */
const TIMING = { current: 'isActive', upcoming: 'isFuture', previous: 'isPast' } as const;

/** Lists cycles: `cycles(filter)`. */
export const listCycles = defineCommand({
  key: 'listCycles',
  title: 'List Cycles',
  description:
    'Lists the cycles (sprints) of a Linear team or of every team: the current one, the upcoming ones, the previous ones or all, with their dates and progress.',
  input: (z) =>
    z.object({
      teamId: uuidParam(z, 'Team Id', 'Only this team’s cycles (its UUID).').optional(),
      type: z.enum(['current', 'upcoming', 'previous', 'all']).default('all').meta({
        title: 'Type',
        description: 'current (under way now), upcoming (not started), previous (ended) or all (default).',
      }),
      limit: limitParam(z, 'Cycles', 50),
      cursor: cursorParam(z),
    }),
  output: (z) => cyclePageSchema(z),
  lookups: { teamId: teamLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearCyclePage> {
    const filter: Record<string, unknown> = {};
    if (input.teamId) filter.team = { id: { eq: input.teamId } };
    if (input.type !== 'all') filter[TIMING[input.type]] = { eq: true };
    const data = await ctx.linear.run<{ cycles: LinearCyclePage }>(
      LIST_CYCLES_QUERY,
      { filter, first: input.limit, after: input.cursor || undefined },
      { signal },
    );
    const { nodes, pageInfo } = data.cycles;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
