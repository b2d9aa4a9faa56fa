import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { DOCUMENT_FIELDS } from '../issues-fragments.js';
import { documentLookup, initiativeLookup } from '../issues-lookups.js';
import { documentKeyParam, markdownParam, textParam, uuidParam } from '../issues-params.js';
import { documentSchema, type LinearDocument } from '../schemas/documents.js';

/** `documentUpdate`, returning the document. */
export const UPDATE_DOCUMENT_MUTATION = defineOperation(
  `
mutation UpdateDocument($id: String!, $input: DocumentUpdateInput!) {
  documentUpdate(id: $id, input: $input) {
    success
    document { ...DocumentFields }
  }
}`,
  DOCUMENT_FIELDS,
);

/** Retitles or rewrites a document: `documentUpdate(id, input)`. */
export const updateDocument = defineCommand({
  key: 'updateDocument',
  title: 'Update Document',
  description:
    'Changes a Linear document’s title, replaces its Markdown content or moves it to an initiative (only the fields given) and returns it.',
  input: (z) =>
    z.object({
      documentId: documentKeyParam(z, 'The document: its UUID or the end of its URL.'),
      title: textParam(z, 'Title', 'The new title.').optional(),
      content: markdownParam(z, 'Content', 'The new content, in Markdown: it replaces the old.').optional(),
      initiativeId: uuidParam(
        z,
        'Initiative Id',
        'Moves the document to this initiative (its UUID): it leaves its project, team or issue.',
      ).optional(),
    }),
  output: (z) => documentSchema(z),
  lookups: { documentId: documentLookup, initiativeId: initiativeLookup },
  annotations: { readOnly: false, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDocument> {
    const data = await ctx.linear.run<{ documentUpdate: { document: LinearDocument } }>(
      UPDATE_DOCUMENT_MUTATION,
      {
        id: input.documentId,
        input: { title: input.title, content: input.content, initiativeId: input.initiativeId },
      },
      { signal, notFound: { field: 'documentUpdate', what: `document ${input.documentId}` } },
    );
    return data.documentUpdate.document;
  },
});
