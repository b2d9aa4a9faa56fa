import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentIdParameter, tabIdParameter } from '../docs-document-id.js';
import { documentLookup } from '../docs-lookups.js';
import { type DocsReplaced, replaceResultSchema } from '../schemas/edits.js';
import { sendBatch } from './docs-batch.js';

/** Find And Replace: one batchUpdate with a `replaceAllText` per replacement. */
export const findAndReplace = defineCommand({
  key: 'findAndReplace',
  title: 'Find And Replace',
  description:
    'Replaces every occurrence of one or more texts in a Google Docs document, in every tab or in the one given, and says how many times each was replaced. All replacements apply together, in the order given. The connected account needs edit access.',
  input: (z) =>
    z.object({
      documentId: documentIdParameter(z),
      replacements: z
        .array(
          z.object({
            find: z
              .string()
              .min(1, 'must not be empty')
              .meta({ title: 'Find', description: 'The text to look for.' }),
            replace: z
              .string()
              .meta({ title: 'Replace With', description: 'The text to put instead (empty deletes it).' }),
            matchCase: z.boolean().default(false).meta({
              title: 'Match Case',
              description: 'Only occurrences in the same case (off: Draft, draft and DRAFT all match).',
            }),
          }),
        )
        .min(1, 'must hold at least one replacement')
        .meta({
          title: 'Replacements',
          description: 'What to replace, e.g. [{"find": "{{client}}", "replace": "Acme"}].',
        }),
      tabId: tabIdParameter(z, 'Only this tab, e.g. t.0 (every tab when empty).'),
    }),
  output: replaceResultSchema,
  lookups: { documentId: documentLookup },
  annotations: { destructive: true, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsReplaced> {
    const requests = input.replacements.map((replacement) => ({
      replaceAllText: {
        containsText: { text: replacement.find, matchCase: replacement.matchCase },
        replaceText: replacement.replace,
        ...(input.tabId ? { tabsCriteria: { tabIds: [input.tabId] } } : {}),
      },
    }));
    const { replies, revisionId } = await sendBatch(ctx, input.documentId, requests, signal);
    return {
      documentId: input.documentId,
      replacements: input.replacements.map((replacement, index) => ({
        find: replacement.find,
        occurrences: Number(replies[index]?.replaceAllText?.occurrencesChanged ?? 0),
      })),
      ...(revisionId ? { revisionId } : {}),
    };
  },
});
