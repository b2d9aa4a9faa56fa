import { defineCommand } from '@c/core';
import type { IssuesContext } from '../issues-client.js';
import { defineOperation } from '../issues-documents.js';
import { DOCUMENT_FIELDS } from '../issues-fragments.js';
import { cursorParam, limitParam, textParam } from '../issues-params.js';
import { documentPageSchema, type LinearDocumentPage } from '../schemas/documents.js';

/** `searchDocuments(term)`: Linear's full-text search over titles and content. */
export const SEARCH_DOCUMENTS_QUERY = defineOperation(
  `
query SearchDocuments($term: String!, $first: Int!, $after: String) {
  searchDocuments(term: $term, first: $first, after: $after) {
    nodes { ...DocumentSearchFields }
    pageInfo { hasNextPage endCursor }
  }
}`,
  DOCUMENT_FIELDS.replace('on Document', 'on DocumentSearchResult').replace(
    'fragment DocumentFields',
    'fragment DocumentSearchFields',
  ),
);

/** Finds documents by words: `searchDocuments(term)`. */
export const searchDocuments = defineCommand({
  key: 'searchDocuments',
  title: 'Search Documents',
  description:
    'Finds Linear documents whose title or content holds the words (Linear’s full-text search), one page at a time.',
  input: (z) =>
    z.object({
      term: textParam(z, 'Term', 'The words to find.'),
      limit: limitParam(z, 'Documents', 25),
      cursor: cursorParam(z),
    }),
  output: (z) => documentPageSchema(z),
  annotations: { readOnly: true, destructive: false, idempotent: true },
  async run(input, ctx: IssuesContext, { signal }): Promise<LinearDocumentPage> {
    const data = await ctx.linear.run<{ searchDocuments: LinearDocumentPage }>(
      SEARCH_DOCUMENTS_QUERY,
      { term: input.term, first: input.limit, after: input.cursor || undefined },
      { signal },
    );
    const { nodes, pageInfo } = data.searchDocuments;
    return { nodes, pageInfo: { hasNextPage: pageInfo.hasNextPage, endCursor: pageInfo.endCursor } };
  },
});
