import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { documentLookup } from '../issues-lookups.js';
import { documentKeyParam } from '../issues-params.js';
import { deleteResultSchema, type LinearDeleteResult } from '../issues-schemas.js';

/** `documentDelete(id)`: to the trash. */
export const DELETE_DOCUMENT_MUTATION = defineOperation(`
mutation DeleteDocument($id: String!) {
  documentDelete(id: $id) {
    success
    entity { id }
  }
}`);

/** Moves a document to the trash: `documentDelete(id)`. */
export const deleteDocument = defineCommand({
  key: 'deleteDocument',
  title: 'Delete Document',
  description:
    'Deletes a Linear document: Linear moves it to the trash (restorable from there) and this returns {success, id}.',
  input: (z) =>
    z.object({ documentId: documentKeyParam(z, 'The document: its UUID or the end of its URL.') }),
  output: (z) => deleteResultSchema(z),
  lookups: { documentId: documentLookup },
  annotations: { readOnly: false, destructive: true, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDeleteResult> {
    const data = await ctx.linear.run<{
      documentDelete: { success: boolean; entity: { id: string } | null };
    }>(
      DELETE_DOCUMENT_MUTATION,
      { id: input.documentId },
      { signal, notFound: { field: 'documentDelete', what: `document ${input.documentId}` } },
    );
    return { success: data.documentDelete.success, id: data.documentDelete.entity?.id ?? input.documentId };
  },
});
