import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { documentLookup } from '../issues-lookups.js';
import { documentKeyParam } from '../issues-params.js';
import { documentSchema, type LinearDocument } from '../schemas/documents.js';
import { GET_DOCUMENT_QUERY } from './create-document.js';

/** Reads a document by its id or the end of its URL: `document(id)`. */
export const getDocument = defineCommand({
  key: 'getDocument',
  title: 'Get Document',
  description:
    'Reads a Linear document, with its Markdown content, by its id or by the end of its URL (launch-plan-4e1c2a9b0d3f).',
  input: (z) =>
    z.object({ documentId: documentKeyParam(z, 'The document: its UUID or the end of its URL.') }),
  output: (z) => documentSchema(z),
  lookups: { documentId: documentLookup },
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDocument> {
    const data = await ctx.linear.run<{ document: LinearDocument }>(
      GET_DOCUMENT_QUERY,
      { id: input.documentId },
      { signal, notFound: { field: 'document', what: `document ${input.documentId}` } },
    );
    return data.document;
  },
});
