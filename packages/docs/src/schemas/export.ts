import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';

// Output schemas of Export Document and List Shared Drives.

/** Export Document's result: the exported file, in base64. */
export const exportSchema = (z: Zod) =>
  z
    .looseObject({
      documentId: z.string().meta({ title: 'Document ID', description: 'The document exported.' }),
      format: z.string().meta({ title: 'Format', description: 'The format asked for, e.g. pdf.' }),
      fileName: z.string().meta({
        title: 'File Name',
        description: 'A name for the file: the document’s id and the format’s extension.',
      }),
      contentType: z.string().meta({ title: 'Content Type', description: 'The file’s MIME type.' }),
      size: z
        .number()
        .int()
        .meta({ title: 'Size', description: 'The file’s size in bytes (Drive exports at most 10 MB).' }),
      base64: z.string().meta({ title: 'Content (Base64)', description: 'The file’s bytes, in base64.' }),
    })
    .meta(resultView({ view: 'record' }));

/** Export Document's result. */
export type DocsExport = z.output<ReturnType<typeof exportSchema>>;

/** A shared drive. */
export const sharedDriveSchema = (z: Zod) =>
  z.looseObject({
    id: z.string().meta({ title: 'Drive ID', description: 'The shared drive’s id (its folder id too).' }),
    name: z.string().optional().meta({ title: 'Name', description: 'The shared drive’s name.' }),
    createdTime: z.string().optional().meta({ title: 'Created', description: 'When it was created.' }),
    hidden: z
      .boolean()
      .optional()
      .meta({ title: 'Hidden', description: 'Whether it is hidden from the default view.' }),
  });

/** A shared drive. */
export type DriveSharedDrive = z.output<ReturnType<typeof sharedDriveSchema>>;

/** List Shared Drives' result. */
export const sharedDriveListSchema = (z: Zod) =>
  z
    .looseObject({
      drives: z
        .array(sharedDriveSchema(z))
        .meta({ title: 'Shared Drives', description: 'The shared drives the account is a member of.' }),
      hasMore: z.boolean().meta({ title: 'More', description: 'Whether more shared drives follow.' }),
      nextPageToken: z
        .string()
        .optional()
        .meta({ title: 'Next Page Token', description: 'Pass it as pageToken to read on.' }),
    })
    .meta(resultView({ view: 'table', list: 'drives', more: { path: 'hasMore', cursor: 'nextPageToken' } }));

/** List Shared Drives' result. */
export type DriveSharedDriveList = z.output<ReturnType<typeof sharedDriveListSchema>>;

/** Download File's result: the file's content, as text or base64. */
export const downloadSchema = (z: Zod) =>
  z
    .looseObject({
      fileId: z.string().meta({ title: 'File ID', description: 'The file downloaded.' }),
      contentType: z.string().meta({ title: 'Content Type', description: 'The file’s MIME type.' }),
      size: z.number().int().meta({ title: 'Size', description: 'The file’s size in bytes.' }),
      encoding: z
        .enum(['text', 'base64'])
        .meta({ title: 'Encoding', description: 'How content holds the bytes.' }),
      content: z
        .string()
        .meta({ title: 'Content', description: 'The file’s content: text, or its bytes in base64.' }),
    })
    .meta(resultView({ view: 'record' }));

/** Download File's result. */
export type DriveDownload = z.output<ReturnType<typeof downloadSchema>>;
