import type { Lookup } from '@c/core';
import { FOLDER_MIME_TYPE } from './commands/drive-files.js';
import { DOCS_FILES_QUERY } from './commands/search-documents.js';

/**
 * Documents: Search Documents by the typed name; with nothing typed, the 50 most recently modified
 * through Drive. Declared on the commands (`lookups`) so hosts offer them in forms, prompts and
 * tool descriptions.
 */
export const documentLookup: Lookup = {
  noun: 'documents',
  command: 'searchDocuments',
  input: { name: '{query}' },
  whenQueryEmpty: {
    command: 'customAction',
    input: {
      method: 'GET',
      path: '/drive/v3/files',
      query: {
        q: DOCS_FILES_QUERY,
        orderBy: 'modifiedTime desc',
        pageSize: 50,
        fields: 'files(id,name,modifiedTime)',
      },
    },
  },
  items: 'files',
  value: 'id',
  label: ['name', 'id'],
  detail: ['{modifiedTime|date}'],
  searchesRemotely: true,
};

/** A lookup through List Files: by the typed name, and the most recently changed when nothing is typed. */
function filesLookup(noun: string, filters: Record<string, unknown>): Lookup {
  return {
    noun,
    command: 'listFiles',
    input: { ...filters, name: '{query}' },
    whenQueryEmpty: { command: 'listFiles', input: { ...filters } },
    items: 'files',
    value: 'id',
    label: ['name', 'id'],
    detail: ['{modifiedTime|date}', 'mimeType'],
    searchesRemotely: true,
  };
}

/** Drive files of any type, not in the trash: for the commands that take any file. */
export const fileLookup: Lookup = filesLookup('files', {});

/** Files that are not folders (Drive copies files only): what Copy File offers. */
export const copyableFileLookup: Lookup = filesLookup('files', {
  query: `mimeType != '${FOLDER_MIME_TYPE}'`,
});

/** Files with content of their own (not Google Docs, Sheets, Slides or folders): what Download File reads. */
export const downloadableFileLookup: Lookup = filesLookup('files with content', {
  query: "not mimeType contains 'application/vnd.google-apps.'",
});

/** Files in the trash: what Restore File brings back. */
export const trashedFileLookup: Lookup = filesLookup('files in the trash', { trashed: true });

/** Folders, not in the trash: where a file goes. */
export const folderLookup: Lookup = filesLookup('folders', { mimeType: FOLDER_MIME_TYPE });
