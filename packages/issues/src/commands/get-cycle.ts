import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { CYCLE_FIELDS } from '../issues-fragments.js';
import { cycleLookup } from '../issues-lookups.js';
import { uuidParam } from '../issues-params.js';
import { cycleDetailSchema, type LinearCycleDetail } from '../schemas/planning.js';

/** `cycle(id)` with its issues. */
export const GET_CYCLE_QUERY = defineOperation(
  `
query GetCycle($id: String!) {
  cycle(id: $id) {
    ...CycleFields
    issues(first: 100) { nodes { id identifier title state { name type } } }
  }
}`,
  CYCLE_FIELDS,
);

/** Reads a cycle with its issues: `cycle(id)`. */
export const getCycle = defineCommand({
  key: 'getCycle',
  title: 'Get Cycle',
  description: 'Returns a Linear cycle with its dates, progress and issues (up to 100).',
  input: (z) => z.object({ cycleId: uuidParam(z, 'Cycle Id', 'The cycle (its UUID).') }),
  output: (z) => cycleDetailSchema(z),
  lookups: { cycleId: cycleLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearCycleDetail> {
    const data = await ctx.linear.run<{ cycle: LinearCycleDetail }>(
      GET_CYCLE_QUERY,
      { id: input.cycleId },
      { signal, notFound: { field: 'cycle', what: `cycle ${input.cycleId}` } },
    );
    return data.cycle;
  },
});
