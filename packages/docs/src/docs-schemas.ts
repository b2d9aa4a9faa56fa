import { customActionResultSchema as coreCustomActionResultSchema, resultView, type Zod } from '@c/core';
import type { z } from 'zod';

// Output schemas of the commands: the fields each command guarantees. Google's objects are loose, so
// the fields Google adds (styles, lists, suggestions, new API fields) pass through. Each is a builder
// called from a command's `output: (z) => …`, so importing a command does not load zod. Google leaves
// out fields that hold their default (a `startIndex` of 0, an empty list), so those are optional.

/** Titles and descriptions for a field, or none (see `bodySchema`). */
type Describe = <S extends z.ZodType>(schema: S, meta: { title: string; description: string }) => S;

const described: Describe = (schema, meta) => schema.meta(meta);
const bare: Describe = (schema) => schema;

/** A run of text with one style, inside a paragraph. */
const textRunSchema = (z: Zod, d: Describe) =>
  z.looseObject({
    content: d(z.string(), {
      title: 'Text',
      description: 'The text of the run; a paragraph’s last run ends with a newline.',
    }),
    textStyle: d(z.looseObject({}).optional(), {
      title: 'Text Style',
      description: 'Bold, italic, font, size, colour, link…: only what differs from the paragraph’s style.',
    }),
  });

/** Where an element starts and ends, in the tab's positions (what edits are placed by). */
const positions = (z: Zod, d: Describe) => ({
  startIndex: d(z.number().int().nonnegative().optional(), {
    title: 'Start',
    description: 'Where the element starts; left out when it is 0 (the opening section break).',
  }),
  endIndex: d(z.number().int().positive(), {
    title: 'End',
    description: 'Where the element ends: the position just after its last character.',
  }),
});

/** One element of a paragraph: a text run, or a chip, a break, an inline image… */
const paragraphElementSchema = (z: Zod, d: Describe) =>
  z.looseObject({
    ...positions(z, d),
    textRun: d(textRunSchema(z, d).optional(), {
      title: 'Text Run',
      description:
        'Text with one style; other elements hold a person, a date, a link chip, a break or an image.',
    }),
  });

/** A paragraph: its elements and its style. */
const paragraphSchema = (z: Zod, d: Describe) =>
  z.looseObject({
    elements: d(z.array(paragraphElementSchema(z, d)), {
      title: 'Elements',
      description: 'The paragraph’s pieces in order, mostly runs of text.',
    }),
    paragraphStyle: d(z.looseObject({}).optional(), {
      title: 'Paragraph Style',
      description: 'Its named style (NORMAL_TEXT, TITLE, HEADING_1…), alignment, spacing and indents.',
    }),
    bullet: d(z.looseObject({}).optional(), {
      title: 'Bullet',
      description: 'Set when the paragraph is a list item: its list and nesting level.',
    }),
  });

/** One element of a tab's body: a section break, a paragraph, a table or a table of contents. */
const structuralElementSchema = (z: Zod, d: Describe) =>
  z.looseObject({
    ...positions(z, d),
    paragraph: d(paragraphSchema(z, d).optional(), {
      title: 'Paragraph',
      description: 'A paragraph of text.',
    }),
    sectionBreak: d(z.looseObject({}).optional(), {
      title: 'Section Break',
      description: 'A section break; every body opens with one, from 0 to 1.',
    }),
    table: d(z.looseObject({}).optional(), {
      title: 'Table',
      description: 'A table: its rows, and in them cells holding paragraphs.',
    }),
    tableOfContents: d(z.looseObject({}).optional(), {
      title: 'Table of Contents',
      description: 'A table of contents, with its paragraphs.',
    }),
  });

/**
 * The body of a document tab: its structural elements in order. The same shape appears in the
 * result once per tab level; its fields are described once (the result's `body`), so the JSON
 * Schema an agent reads does not repeat the same words four times.
 */
const bodySchema = (z: Zod, d: Describe = described) =>
  z.looseObject({
    content: d(z.array(structuralElementSchema(z, d)), {
      title: 'Content',
      description:
        'The tab’s content in order: a section break, then paragraphs and tables, each with its start and end position.',
    }),
  });

/** A tab's properties: its id, title and place among its siblings. */
const tabPropertiesSchema = (z: Zod, d: Describe) =>
  z.looseObject({
    tabId: d(z.string(), {
      title: 'Tab ID',
      description: 'The tab’s id, e.g. t.0 for the first tab; it appears in the tab’s link (…/edit?tab=t.0).',
    }),
    title: d(z.string().optional(), { title: 'Title', description: 'The tab’s name, e.g. "Tab 1".' }),
    index: d(z.number().int().nonnegative().optional(), {
      title: 'Position',
      description: 'The tab’s place among the tabs at its level, from 0; left out when it is 0.',
    }),
    parentTabId: d(z.string().optional(), {
      title: 'Parent Tab ID',
      description: 'For a tab nested in another: the id of that tab.',
    }),
    nestingLevel: d(z.number().int().nonnegative().optional(), {
      title: 'Nesting Level',
      description: '0 (or left out) for a tab at the top level, 1 for a tab inside it, and so on.',
    }),
  });

/** A tab's own parts: its properties and its content. */
const tabPartsSchema = (z: Zod, body: ReturnType<typeof bodySchema>, d: Describe) =>
  z.looseObject({
    tabProperties: d(tabPropertiesSchema(z, d), {
      title: 'Tab Properties',
      description: 'The tab’s id, title and position.',
    }),
    documentTab: d(
      z
        .looseObject({
          body: d(body, { title: 'Body', description: 'The tab’s content, shaped as the result’s body.' }),
        })
        .optional(),
      {
        title: 'Document Tab',
        description: 'The tab’s content (body) and its styles, lists and other document parts.',
      },
    ),
  });

/** A tab of a document, with its content and the tabs nested in it. */
export type DocsTab = z.output<ReturnType<typeof tabPartsSchema>> & { childTabs?: DocsTab[] | undefined };

/** Levels of tabs Google Docs allows: a tab, its child tabs, and theirs. */
const TAB_LEVELS = 3;

/**
 * A tab and its child tabs, written out level by level rather than as a schema that refers to
 * itself: its JSON Schema then holds no `$ref`, so it can be embedded as it is (an OpenAPI document,
 * an MCP tool list, a form). The top level is described; the levels below are shaped the same and
 * say so once. Tabs nested deeper than Google allows would pass through unchecked.
 */
function tabSchema(z: Zod, body: ReturnType<typeof bodySchema>, levels = TAB_LEVELS): z.ZodType<DocsTab> {
  const d = levels === TAB_LEVELS ? described : bare;
  const child =
    levels > 1 ? tabSchema(z, body, levels - 1) : (z.looseObject({}) as unknown as z.ZodType<DocsTab>);
  return tabPartsSchema(z, body, d).extend({
    childTabs: z.array(child).optional().meta({
      title: 'Child Tabs',
      description: 'The tabs nested in this one, shaped as it is; left out when there are none.',
    }),
  });
}

/** Fetch Document Content's result: the document with every tab, and one tab's body. */
export const documentSchema = (z: Zod) => {
  const body = bodySchema(z);
  const tabBody = bodySchema(z, bare);
  return z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The document’s id.' }),
      title: z.string().meta({ title: 'Title', description: 'The document’s name.' }),
      revisionId: z.string().optional().meta({
        title: 'Revision ID',
        description:
          'The version read, to pass as Required Revision ID to Update Document Content; present only when the account may edit.',
      }),
      tabs: z.array(tabSchema(z, tabBody)).meta({
        title: 'Tabs',
        description: 'Every tab of the document in order, with its content; nested tabs are in childTabs.',
      }),
      body: body.optional().meta({
        title: 'Body',
        description: 'The content of the first tab, or of the tab asked for.',
      }),
      markdown: z.string().optional().meta({
        title: 'Text',
        description:
          'The content of the first tab, or of the tab asked for, as Markdown: what a person reads.',
      }),
    })
    .meta(resultView({ view: 'document', text: 'markdown' }));
};

/** A Google Docs document as Fetch Document Content returns it. */
export type DocsDocument = z.output<ReturnType<typeof documentSchema>>;
/** A tab's properties: its id (as in `?tab=` of its address), title and place among its siblings. */
export type DocsTabProperties = DocsTab['tabProperties'];
/** The body of a document tab: its structural elements in order. */
export type DocsBody = NonNullable<DocsDocument['body']>;
/** One structural element of a body: a section break, a paragraph, a table or a table of contents. */
export type DocsStructuralElement = DocsBody['content'][number];
/** A paragraph: its elements and its style. */
export type DocsParagraph = NonNullable<DocsStructuralElement['paragraph']>;
/** One element of a paragraph: a text run, or a chip, a break, an inline image… */
export type DocsParagraphElement = DocsParagraph['elements'][number];
/** A run of text with one style. */
export type DocsTextRun = NonNullable<DocsParagraphElement['textRun']>;

/** Update Document Content's result: Google's answer to the batch, and warnings about its order. */
export const batchUpdateResultSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The document that was edited.' }),
      replies: z.array(z.looseObject({})).meta({
        title: 'Replies',
        description:
          'One reply per edit, in order: {} for most, the new object’s id for edits that create one (a tab, a named range…).',
      }),
      writeControl: z
        .looseObject({
          requiredRevisionId: z.string().optional().meta({
            title: 'Revision ID',
            description: 'The document’s version after the edits, to pass to the next update.',
          }),
        })
        .optional()
        .meta({ title: 'Write Control', description: 'The document’s version after the edits.' }),
      warnings: z.array(z.string()).optional().meta({
        title: 'Warnings',
        description:
          'Present when edits were listed from the start of the document towards the end, which shifts later positions; they were applied as given.',
      }),
    })
    .meta(resultView({ view: 'record' }));

/** Update Document Content's result. */
export type DocsBatchUpdateResult = z.output<ReturnType<typeof batchUpdateResultSchema>>;

/** A Google Docs file found by Search Documents. */
const fileSummarySchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({
      title: 'Document ID',
      description: 'The document’s id, for Fetch Document Content and Update Document Content.',
    }),
    name: z.string().meta({ title: 'Name', description: 'The document’s name.' }),
    modifiedTime: z.iso
      .datetime({ offset: true })
      .meta({ title: 'Last Modified', description: 'When the document last changed.' }),
    webViewLink: z.url().meta({ title: 'Link', description: 'The document’s web address, to open it.' }),
  });

/** Search Documents' result. */
export const searchResultSchema = (z: Zod) =>
  z
    .looseObject({
      files: z.array(fileSummarySchema(z)).meta({
        title: 'Documents',
        description:
          'The documents whose name contains the text, most recently modified first; empty when none do.',
      }),
      incompleteSearch: z.boolean().optional().meta({
        title: 'Incomplete Search',
        description:
          'Present (true) when Google could not search some shared drives, so documents may be missing.',
      }),
    })
    .meta(resultView({ view: 'table', list: 'files' }));

/** Search Documents' result. */
export type DocsFileList = z.output<ReturnType<typeof searchResultSchema>>;
/** A Google Docs file found by Search Documents. */
export type DocsFileSummary = DocsFileList['files'][number];

/** Create Document File's result. */
export const createResultSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The new document’s id.' }),
      title: z.string().meta({ title: 'Title', description: 'The new document’s name.' }),
      url: z.url().meta({ title: 'Link', description: 'The new document’s web address, to open it.' }),
    })
    .meta(resultView({ view: 'record' }));

/** Create Document File's result. */
export type DocsCreatedDocument = z.output<ReturnType<typeof createResultSchema>>;

/**
 * Custom Action's result: Google's JSON answer as it is (the APIs answer objects); a text answer as
 * `{text}`, a file as `{contentType, size, base64}`; `{}` for an empty answer. `size` is left loose:
 * Drive's own file resources carry a `size` too, as a string.
 */
export const customActionResultSchema = (z: Zod) => coreCustomActionResultSchema(z, 'Google');

/** Custom Action's result. */
export type DocsApiResponse = z.output<ReturnType<typeof customActionResultSchema>>;
