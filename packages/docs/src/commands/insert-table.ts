import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentReferenceParameter, tabIdParameter } from '../docs-document-id.js';
import { documentLookup } from '../docs-lookups.js';
import { readDocumentTab, wantedTab } from '../docs-tab-reader.js';
import { appendPlacement, type Block, blockRequests, plainParagraphRequests } from '../markdown/index.js';
import { type DocsInserted, insertResultSchema } from '../schemas/edits.js';
import { sendBatch } from './docs-batch.js';
import { positionParameters, refinePosition } from './insert-position.js';

/** The table as a block of the Markdown writer: cells of plain text, the first row bold when asked. */
function tableBlock(rows: string[][], headerRow: boolean): Extract<Block, { kind: 'table' }> {
  const columns = Math.max(...rows.map((row) => row.length));
  return {
    kind: 'table',
    align: Array.from({ length: columns }, () => null),
    rows: rows.map((row, index) =>
      Array.from({ length: columns }, (_, column) => {
        const text = row[column] ?? '';
        return text ? [{ text, marks: headerRow && index === 0 ? { strong: true as const } : {} }] : [];
      }),
    ),
  };
}

/** Insert Table: one batchUpdate with `insertTable`, then an `insertText` per cell (last to first). */
export const insertTable = defineCommand({
  key: 'insertTable',
  title: 'Insert Table',
  description:
    'Inserts a table filled with text into a Google Docs document, at the end or at an index, in one edit; the first row can be bold as a header. The connected account needs edit access.',
  input: (z) =>
    z
      .object({
        documentId: documentReferenceParameter(z),
        rows: z
          .array(z.array(z.string().max(10_000)).min(1, 'a row needs a cell at least').max(20))
          .min(1, 'must hold a row at least')
          .max(200)
          .meta({
            title: 'Rows',
            description:
              'The table’s rows, each a list of cell texts, e.g. [["Name", "Role"], ["Ana", "Lead"]]; shorter rows get empty cells.',
          }),
        headerRow: z.boolean().default(true).meta({
          title: 'Header Row',
          description: 'Make the first row bold, as a header.',
        }),
        ...positionParameters(z, 'table'),
        tabId: tabIdParameter(z, 'The tab to add to, e.g. t.0 (the first tab when empty).'),
      })
      .superRefine(refinePosition),
  output: insertResultSchema,
  lookups: { documentId: documentLookup },
  annotations: { destructive: false, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsInserted> {
    const documentId = input.documentId.id;
    const { document, tab } = await readDocumentTab(
      ctx,
      documentId,
      wantedTab(input.documentId, input.tabId),
      signal,
    );
    const tabId = tab?.tabProperties.tabId;
    const content = ((tab?.documentTab?.body ?? document.body)?.content ?? []) as Record<string, unknown>[];
    const placement =
      input.index === undefined ? appendPlacement(content, tabId) : { requests: [], at: input.index };
    const written = blockRequests([tableBlock(input.rows, input.headerRow)], placement.at, tabId);
    const requests = [
      ...placement.requests,
      ...(input.index === undefined ? plainParagraphRequests(placement.at, tabId) : []),
      ...written.requests,
    ];
    // Applied only to the revision read: an edit made meanwhile would shift every index computed here.
    const { revisionId } = await sendBatch(ctx, documentId, requests, signal, {
      requiredRevisionId: document.revisionId,
    });
    return {
      documentId,
      ...(tabId ? { tabId } : {}),
      index: placement.at + 1,
      requests: requests.length,
      ...(revisionId ? { revisionId } : {}),
    };
  },
});
