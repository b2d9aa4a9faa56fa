import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';

// Output schemas of the commands that edit a document in one batchUpdate, one builder each.

const revision = (z: Zod) =>
  z.string().optional().meta({
    title: 'Revision ID',
    description: 'The document’s revision after the edit, for a later Required Revision ID.',
  });

/** Append Text's result. */
export const appendResultSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The document edited.' }),
      revisionId: revision(z),
    })
    .meta(resultView({ view: 'record' }));

/** Append Text's result. */
export type DocsAppended = z.output<ReturnType<typeof appendResultSchema>>;

/** Find And Replace's result: how many occurrences each replacement changed. */
export const replaceResultSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The document edited.' }),
      replacements: z
        .array(
          z.looseObject({
            find: z.string().meta({ title: 'Find', description: 'The text looked for.' }),
            occurrences: z.number().int().nonnegative().meta({
              title: 'Occurrences',
              description: 'How many times it was replaced (0 when not found).',
            }),
          }),
        )
        .meta({ title: 'Replacements', description: 'One entry per replacement, in the order given.' }),
      revisionId: revision(z),
    })
    .meta(resultView({ view: 'table', list: 'replacements' }));

/** Find And Replace's result. */
export type DocsReplaced = z.output<ReturnType<typeof replaceResultSchema>>;

/** Add Tab's result: the new tab. */
export const addTabResultSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The document.' }),
      tabId: z.string().meta({ title: 'Tab ID', description: 'The new tab’s id, e.g. t.4n8wq2k0x1zb.' }),
      title: z.string().meta({ title: 'Title', description: 'The new tab’s title.' }),
      index: z.number().int().nonnegative().optional().meta({
        title: 'Position',
        description: 'Its place among its sibling tabs, from 0.',
      }),
      parentTabId: z
        .string()
        .optional()
        .meta({ title: 'Parent Tab', description: 'The tab it is under, if any.' }),
    })
    .meta(resultView({ view: 'record' }));

/** Add Tab's result. */
export type DocsAddedTab = z.output<ReturnType<typeof addTabResultSchema>>;

/** Fill Template's result: the new document and how often each key was filled in. */
export const filledTemplateSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The new document’s id.' }),
      title: z.string().meta({ title: 'Title', description: 'The new document’s name.' }),
      url: z.string().meta({ title: 'Link', description: 'The new document’s web address, to open it.' }),
      filled: z
        .array(
          z.looseObject({
            key: z.string().meta({ title: 'Key', description: 'The key, as {{key}} in the template.' }),
            occurrences: z.number().int().nonnegative().meta({
              title: 'Occurrences',
              description: 'How many times it was filled in (0: the template does not have it).',
            }),
          }),
        )
        .meta({ title: 'Filled', description: 'One entry per key given, in the order given.' }),
      missing: z.array(z.string()).meta({
        title: 'Not In Template',
        description: 'The keys given that the template does not have (nothing was filled for them).',
      }),
    })
    .meta(resultView({ view: 'table', list: 'filled' }));

/** Fill Template's result. */
export type DocsFilledTemplate = z.output<ReturnType<typeof filledTemplateSchema>>;

/** Insert Table's result. */
export const insertResultSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The document edited.' }),
      tabId: z.string().optional().meta({ title: 'Tab ID', description: 'The tab written to.' }),
      index: z.number().int().meta({ title: 'Index', description: 'Where the table starts.' }),
      requests: z.number().int().meta({ title: 'Requests', description: 'How many requests the edit took.' }),
      revisionId: revision(z),
    })
    .meta(resultView({ view: 'record' }));

/** Insert Table's result. */
export type DocsInserted = z.output<ReturnType<typeof insertResultSchema>>;

/** Insert Image's result. */
export const insertedImageSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The document edited.' }),
      objectId: z
        .string()
        .optional()
        .meta({ title: 'Object ID', description: 'The image’s id in the document (its inline object).' }),
      revisionId: revision(z),
    })
    .meta(resultView({ view: 'record' }));

/** Insert Image's result. */
export type DocsInsertedImage = z.output<ReturnType<typeof insertedImageSchema>>;
