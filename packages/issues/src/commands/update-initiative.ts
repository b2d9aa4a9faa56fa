import { defineCommand, ProviderError, ValidationError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { INITIATIVE_FIELDS } from '../issues-fragments.js';
import { initiativeLookup, userLookup } from '../issues-lookups.js';
import { textParam, uuidParam } from '../issues-params.js';
import { initiativeSchema, type LinearInitiative } from '../schemas/initiatives.js';
import { initiativeFields } from './create-initiative.js';

/** `initiativeUpdate`, returning the initiative. */
export const UPDATE_INITIATIVE_MUTATION = defineOperation(
  `
mutation UpdateInitiative($id: String!, $input: InitiativeUpdateInput!) {
  initiativeUpdate(id: $id, input: $input) {
    success
    initiative { ...InitiativeFields }
  }
}`,
  INITIATIVE_FIELDS,
);

/** Changes an initiative: `initiativeUpdate(id, input)` with only the fields given. */
export const updateInitiative = defineCommand({
  key: 'updateInitiative',
  title: 'Update Initiative',
  description:
    'Changes a Linear initiative’s name, description, owner, target date or status (only the fields given) and returns it. Moving it to Active, Completed or Canceled stamps when it happened.',
  input: (z) =>
    z.object({
      initiativeId: uuidParam(z, 'Initiative Id', 'The initiative to change (its UUID).'),
      name: textParam(z, 'Name', 'The new name.').optional(),
      ...initiativeFields(z),
    }),
  output: (z) => initiativeSchema(z),
  lookups: { initiativeId: initiativeLookup, ownerId: userLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearInitiative> {
    const { initiativeId, ...fields } = input;
    const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length === 0) {
      throw new ValidationError(
        'Nothing to update: give at least one of name, description, ownerId, targetDate or status',
      );
    }
    const data = await ctx.linear.run<{
      initiativeUpdate: { success: boolean; initiative: LinearInitiative | null };
    }>(
      UPDATE_INITIATIVE_MUTATION,
      { id: initiativeId, input: changes },
      { signal, notFound: { field: 'initiativeUpdate', what: `initiative ${initiativeId}` } },
    );
    if (!data.initiativeUpdate.success || !data.initiativeUpdate.initiative) {
      throw new ProviderError('Linear answered initiativeUpdate without updating it (success: false)');
    }
    return data.initiativeUpdate.initiative;
  },
});
