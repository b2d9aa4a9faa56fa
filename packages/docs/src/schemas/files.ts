import { resultView, type Zod } from '@c/core';
import type { z } from 'zod';

// Output schemas of the Drive file commands, one builder each.

/** A Drive file as the file commands return it (Google's fields pass through). */
export const fileSchema = (z: Zod) =>
  z
    .looseObject({
      id: z.string().meta({ title: 'File ID', description: 'The file’s id.' }),
      name: z.string().optional().meta({ title: 'Name', description: 'The file’s name.' }),
      mimeType: z
        .string()
        .optional()
        .meta({ title: 'Type', description: 'Its MIME type (a Google Doc, a folder, a PDF…).' }),
      trashed: z.boolean().optional().meta({ title: 'In Trash', description: 'Whether it is in the trash.' }),
      parents: z.array(z.string()).optional().meta({ title: 'Folders', description: 'The folder it is in.' }),
      webViewLink: z.string().optional().meta({ title: 'Link', description: 'Its web address, to open it.' }),
    })
    .meta(resultView({ view: 'record' }));

/** A Drive file. */
export type DriveFile = z.output<ReturnType<typeof fileSchema>>;

/** Delete File's result. */
export const deletedSchema = (z: Zod) =>
  z
    .looseObject({
      fileId: z.string().meta({ title: 'File ID', description: 'The file deleted.' }),
      deleted: z
        .literal(true)
        .meta({ title: 'Deleted', description: 'It is gone for good (not in the trash).' }),
    })
    .meta(resultView({ view: 'record' }));

/** Delete File's result. */
export type DriveDeleted = z.output<ReturnType<typeof deletedSchema>>;

/** Get About's result: the account and its storage. */
export const aboutSchema = (z: Zod) =>
  z
    .looseObject({
      user: z
        .looseObject({
          displayName: z.string().optional().meta({ title: 'Name', description: 'The account’s name.' }),
          emailAddress: z
            .string()
            .optional()
            .meta({ title: 'Email', description: 'The account’s email address.' }),
        })
        .meta({ title: 'Account', description: 'The connected Google account.' }),
      storageQuota: z
        .looseObject({
          limit: z
            .string()
            .optional()
            .meta({ title: 'Limit', description: 'Bytes it may use (absent: unlimited).' }),
          usage: z
            .string()
            .optional()
            .meta({ title: 'Used', description: 'Bytes used across Google services.' }),
          usageInDrive: z
            .string()
            .optional()
            .meta({ title: 'Used In Drive', description: 'Bytes used by Drive files.' }),
        })
        .optional()
        .meta({
          title: 'Storage',
          description: 'The account’s storage, in bytes (as Google writes them, strings).',
        }),
    })
    .meta(resultView({ view: 'record' }));

/** Get About's result. */
export type DriveAbout = z.output<ReturnType<typeof aboutSchema>>;

/** List Files' result: a page of files and, when more follow, the token to resume from. */
export const fileListSchema = (z: Zod) =>
  z
    .looseObject({
      files: z
        .array(fileSchema(z))
        .meta({ title: 'Files', description: 'The files found, in the order asked.' }),
      hasMore: z
        .boolean()
        .meta({ title: 'More', description: 'Whether more files match than were returned.' }),
      nextPageToken: z.string().optional().meta({
        title: 'Next Page Token',
        description: 'Pass it as Page Token to list the files that follow.',
      }),
    })
    .meta(resultView({ view: 'table', list: 'files', more: { path: 'hasMore', cursor: 'nextPageToken' } }));

/** List Files' result. */
export type DriveFileList = z.output<ReturnType<typeof fileListSchema>>;
