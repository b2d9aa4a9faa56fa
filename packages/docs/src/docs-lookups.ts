import type { Lookup } from '@c/core';
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
