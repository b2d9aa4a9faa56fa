import { defineCommand, ProviderError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation } from '../issues-documents.js';
import { INITIATIVE_FIELDS } from '../issues-fragments.js';
import { userLookup } from '../issues-lookups.js';
import { dueDateParam, markdownParam, textParam, uuidParam } from '../issues-params.js';
import { INITIATIVE_STATUSES, initiativeSchema, type LinearInitiative } from '../schemas/initiatives.js';

/** `initiativeCreate`, returning the initiative. */
export const CREATE_INITIATIVE_MUTATION = defineOperation(
  `
mutation CreateInitiative($input: InitiativeCreateInput!) {
  initiativeCreate(input: $input) {
    success
    initiative { ...InitiativeFields }
  }
}`,
  INITIATIVE_FIELDS,
);

/** `initiative(id)`: one initiative (what a repeated create reads back). */
export const GET_INITIATIVE_QUERY = defineOperation(
  `
query GetInitiative($id: String!) {
  initiative(id: $id) { ...InitiativeFields }
}`,
  INITIATIVE_FIELDS,
);

/** The fields Create and Update Initiative share (all optional here). */
export function initiativeFields(z: Parameters<typeof uuidParam>[0]) {
  return {
    description: markdownParam(
      z,
      'Description',
      'What the initiative is for, in a sentence or two.',
    ).optional(),
    ownerId: uuidParam(z, 'Owner Id', 'The user who owns it and posts its updates (their UUID).').optional(),
    targetDate: dueDateParam(z)
      .optional()
      .meta({ title: 'Target Date', description: 'When it should be reached (YYYY-MM-DD).' }),
    status: z.enum(INITIATIVE_STATUSES).optional().meta({
      title: 'Status',
      description: 'Proposed, Planned, Active, Completed or Canceled.',
    }),
  };
}

/** Creates an initiative: `initiativeCreate(input)`. */
export const createInitiative = defineCommand({
  key: 'createInitiative',
  title: 'Create Initiative',
  description:
    'Creates a Linear initiative, a workspace-wide goal that groups projects. Only the name is needed: the owner is you unless another is given, and the status is Planned unless given. Returns the initiative.',
  input: (z) =>
    z.object({
      name: textParam(z, 'Name', 'The initiative’s name, e.g. Mobile first.'),
      ...initiativeFields(z),
    }),
  output: (z) => initiativeSchema(z),
  lookups: { ownerId: userLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearInitiative> {
    // An id chosen from the run's idempotency key: a repeat of this run makes one initiative.
    const id = clientChosenId(idempotencyKey, 'issues.createInitiative');
    const { name, description, ownerId, targetDate, status } = input;
    const variables = { input: { id, name, description, ownerId, targetDate, status } };
    return createOnce(
      id,
      async () => {
        const data = await ctx.linear.run<{
          initiativeCreate: { success: boolean; initiative: LinearInitiative | null };
        }>(CREATE_INITIATIVE_MUTATION, variables, { signal });
        if (!data.initiativeCreate.success || !data.initiativeCreate.initiative) {
          throw new ProviderError('Linear answered initiativeCreate without creating it (success: false)');
        }
        return data.initiativeCreate.initiative;
      },
      async (existing) =>
        (
          await ctx.linear.run<{ initiative: LinearInitiative }>(
            GET_INITIATIVE_QUERY,
            { id: existing },
            { signal },
          )
        ).initiative,
    );
  },
});
