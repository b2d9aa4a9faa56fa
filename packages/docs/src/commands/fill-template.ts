import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentIdParameter, documentUrl } from '../docs-document-id.js';
import { documentLookup, folderLookup } from '../docs-lookups.js';
import { type DocsFilledTemplate, filledTemplateSchema } from '../schemas/edits.js';
import { copyDriveFile } from './copy-file.js';
import { sendBatch } from './docs-batch.js';
import { folderIdParameter } from './drive-parameters.js';

const KEY = /^[^{}]{1,200}$/;

/**
 * Fill Template: `files.copy` of the template, then one batchUpdate on the copy with a
 * `replaceAllText` of `{{key}}` per value (matching case, every tab). A key the template lacks is
 * reported in `missing`, not an error: templates change, and the copy is made either way.
 */
export const fillTemplate = defineCommand({
  key: 'fillTemplate',
  title: 'Fill Template',
  description:
    'Makes a new Google Docs document from a template: copies the template under the title you give, then puts each value where the template has {{key}}, in every tab. Says how often each key was filled in, and which keys the template does not have. The template itself is not changed.',
  input: (z) =>
    z.object({
      templateId: documentIdParameter(z).meta({
        title: 'Template',
        description:
          'The template document: its link as copied from the browser, or its id. It holds {{key}} where values go, e.g. Dear {{client}}.',
      }),
      title: z.string().trim().min(1, 'must not be blank').max(32_000).meta({
        title: 'Title',
        description: 'The new document’s name, e.g. "Proposal — Acme".',
      }),
      values: z
        .record(
          z.string().regex(KEY, 'must be a key without braces, e.g. client for {{client}}'),
          z.string().max(100_000),
        )
        .refine((values) => Object.keys(values).length > 0, 'must hold at least one key')
        .meta({
          title: 'Values',
          description: 'What to put for each key, e.g. {"client": "Acme GmbH", "date": "1 December 2026"}.',
        }),
      folderId: folderIdParameter(z, 'The folder for the new document (the template’s folder when empty).'),
    }),
  output: filledTemplateSchema,
  lookups: { templateId: documentLookup, folderId: folderLookup },
  annotations: { readOnly: false, destructive: false, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsFilledTemplate> {
    const copy = await copyDriveFile(
      ctx,
      input.templateId,
      { name: input.title, ...(input.folderId ? { parents: [input.folderId] } : {}) },
      signal,
    );
    const keys = Object.keys(input.values);
    const requests = keys.map((key) => ({
      replaceAllText: {
        containsText: { text: `{{${key}}}`, matchCase: true },
        replaceText: input.values[key]!,
      },
    }));
    const { replies } = await sendBatch(ctx, copy.id, requests, signal);
    const filled = keys.map((key, index) => ({
      key,
      occurrences: Number(replies[index]?.replaceAllText?.occurrencesChanged ?? 0),
    }));
    return {
      documentId: copy.id,
      title: copy.name ?? input.title,
      url: documentUrl(copy.id),
      filled,
      missing: filled.filter((entry) => entry.occurrences === 0).map((entry) => entry.key),
    };
  },
});
