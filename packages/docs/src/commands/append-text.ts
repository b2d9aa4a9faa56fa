import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentIdParameter, tabIdParameter } from '../docs-document-id.js';
import { documentLookup } from '../docs-lookups.js';
import { appendResultSchema, type DocsAppended } from '../schemas/edits.js';
import { sendBatch } from './docs-batch.js';

/** Append Text: one batchUpdate with `insertText` at the end of the tab's body (`endOfSegmentLocation`). */
export const appendText = defineCommand({
  key: 'appendText',
  title: 'Append Text',
  description:
    'Adds text at the end of a Google Docs document (or of one of its tabs), after what it holds. Start the text with a line break to begin a new paragraph. The connected account needs edit access.',
  input: (z) =>
    z.object({
      documentId: documentIdParameter(z),
      text: z.string().min(1, 'must not be empty').meta({
        title: 'Text',
        description:
          'The text to add, e.g. "\\nFollow-up: ship on Friday." (a line break first starts a new paragraph).',
      }),
      tabId: tabIdParameter(z, 'The tab to add to, e.g. t.0 (the first tab when empty).'),
    }),
  output: appendResultSchema,
  lookups: { documentId: documentLookup },
  annotations: { destructive: false, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsAppended> {
    const requests = [
      {
        insertText: {
          endOfSegmentLocation: input.tabId ? { tabId: input.tabId } : {},
          text: input.text,
        },
      },
    ];
    const { revisionId } = await sendBatch(ctx, input.documentId, requests, signal);
    return { documentId: input.documentId, ...(revisionId ? { revisionId } : {}) };
  },
});
