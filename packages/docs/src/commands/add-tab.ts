import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentIdParameter, tabIdParameter } from '../docs-document-id.js';
import { documentLookup } from '../docs-lookups.js';
import { addTabResultSchema, type DocsAddedTab } from '../schemas/edits.js';
import { sendBatch } from './docs-batch.js';

/** Add Tab: one batchUpdate with `addDocumentTab`. */
export const addTab = defineCommand({
  key: 'addTab',
  title: 'Add Tab',
  description:
    'Adds a tab to a Google Docs document, at the end or at the position given, optionally under another tab, and returns its id. The connected account needs edit access.',
  input: (z) =>
    z.object({
      documentId: documentIdParameter(z),
      title: z
        .string()
        .trim()
        .min(1, 'must not be blank')
        .meta({ title: 'Title', description: 'The tab’s title, e.g. "Notes".' }),
      parentTabId: tabIdParameter(z, 'The tab to put it under, e.g. t.0 (a top-level tab when empty).'),
      index: z.number().int().nonnegative().optional().meta({
        title: 'Position',
        description: 'Its place among its sibling tabs, from 0 (after the others when empty).',
      }),
    }),
  output: addTabResultSchema,
  lookups: { documentId: documentLookup },
  annotations: { destructive: false, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsAddedTab> {
    const tabProperties = {
      title: input.title,
      ...(input.parentTabId ? { parentTabId: input.parentTabId } : {}),
      ...(input.index !== undefined ? { index: input.index } : {}),
    };
    const { replies } = await sendBatch(
      ctx,
      input.documentId,
      [{ addDocumentTab: { tabProperties } }],
      signal,
    );
    const added = replies[0]?.addDocumentTab?.tabProperties ?? {};
    return {
      documentId: input.documentId,
      tabId: String(added.tabId),
      title: String(added.title ?? input.title),
      ...(typeof added.index === 'number' ? { index: added.index } : {}),
      ...(added.parentTabId ? { parentTabId: added.parentTabId } : {}),
    };
  },
});
