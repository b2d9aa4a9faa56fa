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

/** A Drive folder id parameter; `root` names My Drive. */
export const folderIdParameter = (z: Zod, description: string) =>
  z
    .string()
    .trim()
    .regex(DRIVE_ID, 'must be a Drive folder id (letters, digits, - and _), or root for My Drive')
    .optional()
    .meta({ title: 'Folder', description });
