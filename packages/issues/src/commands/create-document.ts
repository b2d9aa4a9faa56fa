import { defineCommand, ProviderError, ValidationError } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { clientChosenId, createOnce } from '../issues-client-id.js';
import { defineOperation } from '../issues-documents.js';
import { DOCUMENT_FIELDS } from '../issues-fragments.js';
import { initiativeLookup, issueLookup, projectLookup, teamLookup } from '../issues-lookups.js';
import { markdownParam, textParam, uuidParam } from '../issues-params.js';
import { documentSchema, type LinearDocument } from '../schemas/documents.js';

/** `documentCreate`, returning the document. */
export const CREATE_DOCUMENT_MUTATION = defineOperation(
  `
mutation CreateDocument($input: DocumentCreateInput!) {
  documentCreate(input: $input) {
    success
    document { ...DocumentFields }
  }
}`,
  DOCUMENT_FIELDS,
);

/** `document(id)`: one document, by id or the end of its URL. */
export const GET_DOCUMENT_QUERY = defineOperation(
  `
query GetDocument($id: String!) {
  document(id: $id) { ...DocumentFields }
}`,
  DOCUMENT_FIELDS,
);

const PARENTS = ['projectId', 'teamId', 'issueId', 'initiativeId'] as const;

/** The first team the caller can see: where a document goes when no parent is given. */
export const DEFAULT_DOCUMENT_TEAM_QUERY = defineOperation(`
query DefaultDocumentTeam {
  teams(first: 1) {
    nodes { id }
  }
}`);

/** Writes a document in a project, a team, an issue or an initiative: `documentCreate(input)`. */
export const createDocument = defineCommand({
  key: 'createDocument',
  title: 'Create Document',
  description:
    'Writes a Linear document in Markdown in a project, a team, an issue or an initiative (one of them, as Linear requires; none given: the first of your teams) and returns it with its URL.',
  input: (z) =>
    z
      .object({
        title: textParam(z, 'Title', 'The document’s title.'),
        content: markdownParam(z, 'Content', 'The document, in Markdown.').optional(),
        projectId: uuidParam(z, 'Project Id', 'The project it belongs to (its UUID).').optional(),
        teamId: uuidParam(z, 'Team Id', 'The team it belongs to (its UUID).').optional(),
        issueId: uuidParam(z, 'Issue Id', 'The issue it belongs to (its UUID).').optional(),
        initiativeId: uuidParam(z, 'Initiative Id', 'The initiative it belongs to (its UUID).').optional(),
        icon: z.string().optional().meta({ title: 'Icon', description: 'An emoji or icon name.' }),
        color: z
          .string()
          .regex(/^#[0-9a-f]{6}$/i, 'must be a hex colour such as #5e6ad2')
          .optional()
          .meta({ title: 'Color', description: 'The icon’s colour, as #rrggbb.' }),
      })
      .superRefine((input, issue) => {
        // None given is the caller's first team (so that the title alone is enough); two are refused.
        if (PARENTS.filter((key) => input[key] !== undefined).length > 1) {
          issue.addIssue({
            code: 'custom',
            path: ['projectId'],
            message:
              'give one of projectId, teamId, issueId and initiativeId, not several: a document belongs to one of them',
          });
        }
      }),
  output: (z) => documentSchema(z),
  lookups: {
    projectId: projectLookup,
    teamId: teamLookup,
    issueId: issueLookup,
    initiativeId: initiativeLookup,
  },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: IssuesContext, { signal, idempotencyKey }): Promise<LinearDocument> {
    // An id chosen from the run's idempotency key: a repeat of this run writes one document.
    const id = clientChosenId(idempotencyKey, 'issues.createDocument');
    const { title, content, projectId, issueId, initiativeId, icon, color } = input;
    let teamId = input.teamId;
    if (PARENTS.every((key) => input[key] === undefined)) {
      const data = await ctx.linear.run<{ teams: { nodes: { id: string }[] } }>(
        DEFAULT_DOCUMENT_TEAM_QUERY,
        {},
        { signal },
      );
      teamId = data.teams.nodes[0]?.id;
      if (!teamId) {
        throw new ValidationError(
          'Invalid parameter "projectId": give one of projectId, teamId, issueId and initiativeId (the account has no team to write the document in)',
          { parameter: 'projectId' },
        );
      }
    }
    const variables = {
      input: { id, title, content, projectId, teamId, issueId, initiativeId, icon, color },
    };
    return createOnce(
      id,
      async () => {
        const data = await ctx.linear.run<{
          documentCreate: { success: boolean; document: LinearDocument | null };
        }>(CREATE_DOCUMENT_MUTATION, variables, { signal });
        if (!data.documentCreate.success || !data.documentCreate.document) {
          throw new ProviderError('Linear answered documentCreate without creating it (success: false)');
        }
        return data.documentCreate.document;
      },
      async (existing) =>
        (await ctx.linear.run<{ document: LinearDocument }>(GET_DOCUMENT_QUERY, { id: existing }, { signal }))
          .document,
    );
  },
});
