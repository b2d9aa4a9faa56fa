import { defineCommand, ProviderError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation } from '../issues-documents.js';
import { LABEL_FIELDS } from '../issues-fragments.js';
import { labelGroupLookup, teamLookup } from '../issues-lookups.js';
import { textParam, uuidParam } from '../issues-params.js';
import { type LinearLabel, labelSchema } from '../schemas/labels.js';

/** `issueLabelCreate`, returning the label. */
export const CREATE_LABEL_MUTATION = defineOperation(
  `
mutation CreateLabel($input: IssueLabelCreateInput!) {
  issueLabelCreate(input: $input) {
    success
    issueLabel { ...LabelFields }
  }
}`,
  LABEL_FIELDS,
);

/** `issueLabel(id)`, to answer a repeated create. */
export const GET_LABEL_QUERY = defineOperation(
  `
query GetLabel($id: String!) {
  issueLabel(id: $id) { ...LabelFields }
}`,
  LABEL_FIELDS,
);

/** Creates an issue label or a label group: `issueLabelCreate(input)`. */
export const createLabel = defineCommand({
  key: 'createLabel',
  title: 'Create Label',
  description:
    'Creates a Linear issue label (a team label with teamId, otherwise a workspace label), inside a label group with parentId, or a group with isGroup, and returns it.',
  input: (z) =>
    z.object({
      name: textParam(z, 'Name', 'The label name, unique among the labels an issue of its team can carry.'),
      color: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour such as #5e6ad2')
        .optional()
        .meta({
          title: 'Color',
          description: 'A hex colour such as #eb5757; omitted, one from Linear’s palette.',
        }),
      description: z.string().optional().meta({ title: 'Description', description: 'What the label means.' }),
      teamId: uuidParam(
        z,
        'Team Id',
        'The team of a team label (its UUID); omitted, a workspace label.',
      ).optional(),
      parentId: uuidParam(
        z,
        'Parent Id',
        'The label group to put it in (its UUID), of the same team; an issue carries one label of a group.',
      ).optional(),
      isGroup: z.boolean().optional().meta({
        title: 'Is Group',
        description: 'Create a label group, which holds labels and is never applied itself.',
      }),
    }),
  output: (z) => labelSchema(z),
  lookups: { teamId: teamLookup, parentId: labelGroupLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearLabel> {
    const id = clientChosenId(idempotencyKey, 'issues.createLabel');
    const variables = {
      input: {
        id,
        name: input.name,
        color: input.color,
        description: input.description,
        teamId: input.teamId,
        parentId: input.parentId,
        isGroup: input.isGroup,
      },
    };
    return createOnce(
      id,
      async () => {
        const data = await ctx.linear.run<{
          issueLabelCreate: { success: boolean; issueLabel: LinearLabel | null };
        }>(CREATE_LABEL_MUTATION, variables, { signal });
        if (!data.issueLabelCreate.success || !data.issueLabelCreate.issueLabel) {
          throw new ProviderError(
            'Linear answered issueLabelCreate without creating the label (success: false)',
          );
        }
        return data.issueLabelCreate.issueLabel;
      },
      async (existing) =>
        (await ctx.linear.run<{ issueLabel: LinearLabel }>(GET_LABEL_QUERY, { id: existing }, { signal }))
          .issueLabel,
    );
  },
});
