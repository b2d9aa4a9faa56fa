import { defineCommand, type Zod } from '@c/core';
import type { DocsContext } from '../docs-client.js';
import { documentReferenceParameter, tabIdParameter } from '../docs-document-id.js';
import { documentLookup } from '../docs-lookups.js';
import { readDocumentTab, wantedTab } from '../docs-tab-reader.js';
import {
  appendPlacement,
  blockRequests,
  markdownBlocks,
  markdownSyntaxReady,
  type Placement,
  plainParagraphRequests,
  replacePlacement,
  sectionPlacement,
} from '../markdown/index.js';
import { type DocsMarkdownWrite, markdownWriteSchema } from '../schemas/markdown.js';
import { sendBatch } from './docs-batch.js';

/** The Markdown parameter of the commands that write it. */
export const markdownParameter = (z: Zod, description: string) =>
  z.string().min(1, 'must not be empty').meta({ title: 'Markdown', description });

const MARKDOWN_DESCRIPTION =
  'The Markdown to write: # headings, **bold**, _italic_, ~~strikethrough~~, code in backticks and fenced code blocks, [links](https://…), - bullet, 1. numbered and - [ ] checkbox lists (indent to nest), | tables |, ![images](https://…) and --- rules.';

type Input = { mode: 'append' | 'replace' | 'replaceSection'; heading?: string | undefined };

function placementOf(input: Input, content: readonly Record<string, unknown>[], tabId?: string): Placement {
  if (input.mode === 'replace') return replacePlacement(content, tabId);
  if (input.mode === 'replaceSection') return sectionPlacement(content, input.heading ?? '', tabId);
  return appendPlacement(content, tabId);
}

/** Write Markdown: one `POST {baseUrl}/v1/documents/{id}:batchUpdate` built from the Markdown. */
export const writeMarkdown = defineCommand({
  key: 'writeMarkdown',
  title: 'Write Markdown',
  description:
    'Writes Markdown into a Google Docs document with its formatting: headings, bold, italic, strikethrough, code, links, nested bullet, numbered and checkbox lists, tables, images and rules become the document’s own styles, lists and tables. Mode append (the default) adds it at the end; replace replaces the whole tab; replaceSection replaces what is under one heading, up to the next heading of the same or a higher level. All of it is one edit, applied only if nobody changed the document since it was read. The connected account needs edit access.',
  input: (z) =>
    z
      .object({
        documentId: documentReferenceParameter(z),
        markdown: markdownParameter(z, MARKDOWN_DESCRIPTION),
        mode: z.enum(['append', 'replace', 'replaceSection']).default('append').meta({
          title: 'Mode',
          description:
            'append: after what the tab holds. replace: instead of everything in the tab. replaceSection: instead of the content under Heading.',
        }),
        heading: z.string().trim().min(1).optional().meta({
          title: 'Heading',
          description:
            'With replaceSection: the heading whose section is replaced, as it reads in the document, e.g. "Action Items" (case and leading # aside). The heading stays; what follows it, up to the next heading of the same or a higher level, is replaced.',
        }),
        tabId: tabIdParameter(
          z,
          'The tab to write to, e.g. t.0 or t.4n8wq2k0x1zb (the ?tab= part of the tab’s link). Leave it empty for the first tab, or for the tab the link points at.',
        ),
      })
      .superRefine((value, ctx) => {
        if (value.mode === 'replaceSection' && !value.heading) {
          ctx.addIssue({
            code: 'custom',
            path: ['heading'],
            message: 'is required with mode replaceSection',
          });
        }
        if (value.mode !== 'replaceSection' && value.heading) {
          ctx.addIssue({ code: 'custom', path: ['heading'], message: 'goes only with mode replaceSection' });
        }
      }),
  output: markdownWriteSchema,
  lookups: { documentId: documentLookup },
  annotations: { destructive: true, idempotent: false },
  async run(input, ctx: DocsContext, { signal }): Promise<DocsMarkdownWrite> {
    await markdownSyntaxReady();
    const wanted = wantedTab(input.documentId, input.tabId);
    const documentId = input.documentId.id;
    const { document, tab } = await readDocumentTab(ctx, documentId, wanted, signal);
    const tabId = tab?.tabProperties.tabId;
    const content = (tab?.documentTab?.body ?? document.body)?.content ?? [];
    const placement = placementOf(input, content as Record<string, unknown>[], tabId);
    const blocks = markdownBlocks(input.markdown);
    const written = blockRequests(blocks, placement.at, tabId);
    const requests = [
      ...placement.requests,
      ...plainParagraphRequests(placement.at, tabId),
      ...written.requests,
    ];
    // Applied only to the revision read: an edit made meanwhile would shift every index computed here.
    const { revisionId } = await sendBatch(ctx, documentId, requests, signal, {
      requiredRevisionId: document.revisionId,
    });
    return {
      documentId,
      ...(tabId ? { tabId } : {}),
      mode: input.mode,
      blocks: blocks.length,
      requests: requests.length,
      ...(revisionId ? { revisionId } : {}),
    };
  },
});
