import { defineCommand } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentReferenceParameter, tabIdParameter } from '../docs-document-id.js';
import { documentLookup } from '../docs-lookups.js';
import { wantedTab } from '../docs-tab-reader.js';
import { type DocsInsertedImage, insertedImageSchema } from '../schemas/edits.js';
import { sendBatch } from './docs-batch.js';
import { positionParameters, refinePosition } from './insert-position.js';

/** A size in points, as Docs takes it. */
function points(magnitude: number | undefined) {
  return magnitude === undefined ? undefined : { magnitude, unit: 'PT' };
}

/** Insert Image: one batchUpdate with `insertInlineImage` at an index or the end of the tab. */
export const insertImage = defineCommand({
  key: 'insertImage',
  title: 'Insert Image',
  description:
    'Inserts an image into a Google Docs document from its public web address (PNG, JPEG or GIF, under 50 MB), at the end or at an index, optionally sized in points. The connected account needs edit access.',
  input: (z) =>
    z
      .object({
        documentId: documentReferenceParameter(z),
        imageUrl: z
          .url({ protocol: /^https?$/, error: 'must be an http(s) address' })
          .max(2000)
          .meta({
            title: 'Image URL',
            description:
              'The image’s public address, e.g. https://example.com/chart.png (Google fetches it).',
          }),
        width: z.number().positive().max(2000).optional().meta({
          title: 'Width',
          description:
            'Width in points (72 to an inch); with height alone, the width follows the image’s ratio.',
        }),
        height: z.number().positive().max(2000).optional().meta({
          title: 'Height',
          description: 'Height in points; with width alone, the height follows the image’s ratio.',
        }),
        ...positionParameters(z, 'image'),
        tabId: tabIdParameter(z, 'The tab to add to, e.g. t.0 (the first tab when empty).'),
      })
      .superRefine(refinePosition),
  output: insertedImageSchema,
  lookups: { documentId: documentLookup },
  annotations: { destructive: false, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsInsertedImage> {
    const documentId = input.documentId.id;
    const tabId = wantedTab(input.documentId, input.tabId);
    const where = tabId ? { tabId } : {};
    const size = { width: points(input.width), height: points(input.height) };
    const request = {
      insertInlineImage: {
        uri: input.imageUrl,
        ...(input.index === undefined
          ? { endOfSegmentLocation: where }
          : { location: { index: input.index, ...where } }),
        ...(input.width !== undefined || input.height !== undefined
          ? { objectSize: Object.fromEntries(Object.entries(size).filter(([, value]) => value)) }
          : {}),
      },
    };
    const { replies, revisionId } = await sendBatch(ctx, documentId, [request], signal);
    const objectId: string | undefined = replies[0]?.insertInlineImage?.objectId;
    return {
      documentId,
      ...(objectId ? { objectId } : {}),
      ...(revisionId ? { revisionId } : {}),
    };
  },
});
