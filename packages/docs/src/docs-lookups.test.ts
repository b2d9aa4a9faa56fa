import { fillLookupInput, lookupProblems, lookupRequests } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docs } from './docs-connector.js';
import { documentLookup } from './docs-lookups.js';
import { docsSimulator } from './testing/google-simulator.js';
import { connectDocs } from './testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

async function names(query: string, which: number): Promise<string[]> {
  const request = lookupRequests(documentLookup)[which]!;
  const result = await t
    .connect()
    .run(request.command as 'searchDocuments', fillLookupInput(request.input, query, {}) as never);
  return ((result as unknown as Record<string, { name: string }[]>)[request.items] ?? []).map(
    (file) => file.name,
  );
}

describe('docs lookups', () => {
  it('name commands and parameters that exist, with inputs their commands accept', () => {
    expect(lookupProblems(docs)).toEqual([]);
    const declared = docs.list.filter((command) => command.lookups).map((command) => command.key);
    expect(declared.sort()).toEqual([
      'addTab',
      'appendText',
      'copyFile',
      'createComment',
      'createFolder',
      'deleteFile',
      'downloadFile',
      'exportDocument',
      'fetchDocumentContent',
      'fillTemplate',
      'findAndReplace',
      'getDocumentAsMarkdown',
      'getFile',
      'insertImage',
      'insertTable',
      'listComments',
      'listFiles',
      'listPermissions',
      'moveFile',
      'removePermission',
      'replyToComment',
      'restoreFile',
      'shareFile',
      'trashFile',
      'updateDocumentContent',
      'updateFile',
      'uploadFile',
      'writeMarkdown',
    ]);
  });

  it('search documents by the typed name', async () => {
    expect(await names('technical spec', 0)).toEqual(['Search Service — Technical Spec']);
  });

  it('list recent documents when nothing is typed: no spreadsheet, PDF or trashed file', async () => {
    const listed = await names('', 1);
    expect(listed).toEqual(expect.arrayContaining(['Weekly Sync — Meeting Notes', 'Team Wiki']));
    expect(listed).not.toContain('Budget 2026');
    expect(listed).not.toContain('Vendor contract.pdf');
    expect(listed).not.toContain('Old Meeting Notes (2024)');
  });
});
