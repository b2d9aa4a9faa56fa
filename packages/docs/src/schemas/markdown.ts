import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';

// Output schemas of the Markdown commands, one builder each, called from a command's `output`.

/** Get Document As Markdown's result: the tab's content as Markdown, with where it came from. */
export const documentMarkdownSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The document’s id.' }),
      title: z.string().meta({ title: 'Title', description: 'The document’s name.' }),
      tabId: z
        .string()
        .optional()
        .meta({ title: 'Tab ID', description: 'The tab read (left out for a document without tabs).' }),
      tabTitle: z.string().optional().meta({ title: 'Tab', description: 'The tab’s title.' }),
      markdown: z.string().meta({
        title: 'Markdown',
        description:
          'The tab’s content as Markdown: headings, emphasis, strikethrough, code, links, lists, tables, images and rules.',
      }),
    })
    .meta(resultView({ view: 'record' }));

/** Get Document As Markdown's result. */
export type DocsMarkdown = z.output<ReturnType<typeof documentMarkdownSchema>>;

/** Write Markdown's result: what was written where, and the document's revision after it. */
export const markdownWriteSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The document written to.' }),
      tabId: z.string().optional().meta({ title: 'Tab ID', description: 'The tab written to.' }),
      mode: z.enum(['append', 'replace', 'replaceSection']).meta({
        title: 'Mode',
        description: 'How the Markdown went in: appended, replacing the tab, or replacing one section.',
      }),
      blocks: z.number().int().nonnegative().meta({
        title: 'Blocks Written',
        description: 'How many paragraphs, headings, list items, code blocks, rules and tables were written.',
      }),
      requests: z.number().int().nonnegative().meta({
        title: 'Edits Sent',
        description: 'How many Docs requests the one batch update held.',
      }),
      revisionId: z.string().optional().meta({
        title: 'Revision ID',
        description: 'The document’s revision after the write, for a later Required Revision ID.',
      }),
    })
    .meta(resultView({ view: 'record' }));

/** Write Markdown's result. */
export type DocsMarkdownWrite = z.output<ReturnType<typeof markdownWriteSchema>>;

/** Create Document From Markdown's result: the new document. */
export const createdFromMarkdownSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The new document’s id.' }),
      title: z.string().meta({ title: 'Title', description: 'The new document’s name.' }),
      url: z.url().meta({ title: 'Link', description: 'The new document’s web address, to open it.' }),
      parents: z.array(z.string()).optional().meta({
        title: 'Folders',
        description: 'The folder the document is in.',
      }),
    })
    .meta(resultView({ view: 'record' }));

/** Create Document From Markdown's result. */
export type DocsCreatedFromMarkdown = z.output<ReturnType<typeof createdFromMarkdownSchema>>;
