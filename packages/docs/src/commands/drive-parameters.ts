import type { Zod } from '@c/core';

const DRIVE_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** A Drive file id parameter (any file: a document, a folder, a PDF…). */
export const fileIdParameter = (
  z: Zod,
  description = 'The file’s id, e.g. from List Files or the file’s link (the part after /d/ or id=).',
) =>
  z
    .string()
    .trim()
    .regex(DRIVE_ID, 'must be a Drive file id (letters, digits, - and _)')
    .meta({ title: 'File ID', description });

/** A Drive folder id parameter, required; `root` names My Drive. */
export const requiredFolderIdParameter = (z: Zod, description: string) =>
  z
    .string()
    .trim()
    .regex(DRIVE_ID, 'must be a Drive folder id (letters, digits, - and _), or root for My Drive')
    .meta({ title: 'Folder', description });

/** A Drive folder id parameter; `root` names My Drive. */
export const folderIdParameter = (z: Zod, description: string) =>
  z
    .string()
    .trim()
    .regex(DRIVE_ID, 'must be a Drive folder id (letters, digits, - and _), or root for My Drive')
    .optional()
    .meta({ title: 'Folder', description });

/** How many items a Drive list command returns (Drive's pages are followed until it is met). */
export const limitParameter = (z: Zod, noun: string) =>
  z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(50)
    .meta({ title: 'Limit', description: `How many ${noun} to return at most (1 to 1000).` });

/** Where a Drive list command resumes: the nextPageToken of an earlier run. */
export const pageTokenParameter = (z: Zod) =>
  z.string().trim().min(1).max(2000).optional().meta({
    title: 'Page Token',
    description: 'To continue an earlier listing: the nextPageToken it returned.',
  });

/** `extra`: Drive file fields no parameter covers, sent as given in the request body. */
export const extraParameter = (z: Zod) =>
  z.record(z.string(), z.unknown()).optional().meta({
    title: 'Extra Fields',
    description:
      'Other Drive file fields to set, by their Drive names (e.g. {"properties": {"team": "docs"}}), sent unchanged; the fields above win over them.',
  });
