import type { Lookup } from '@c/core';

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
        q: "mimeType='application/vnd.google-apps.document' and trashed=false",
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
