import { NetworkError, PermissionError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docsSimulator } from '../testing/google-simulator.js';
import { DOCUMENTS_READONLY_SCOPE } from '../testing/google-state.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';
import { createDocumentFile } from './create-document-file.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('createDocumentFile', () => {
  it('POSTs the trimmed name as the title and returns the id and web address', async () => {
    const client = t.connect();
    const result = await client.run('createDocumentFile', { name: '  Q4 Planning  ' });
    const [call] = callsTo(t.sim, '/v1/documents');
    expect(call).toMatchObject({ method: 'POST', bodyJson: { title: 'Q4 Planning' } });
    expect(call!.headers['content-type']).toBe('application/json');
    expect(result).toEqual({
      documentId: expect.stringMatching(/^[\w-]{44}$/),
      title: 'Q4 Planning',
      url: `https://docs.google.com/document/d/${result.documentId}/edit`,
    });
    expect(createDocumentFile.output!.parse(result)).toEqual(result);
    // A blank document: one empty paragraph, in the account's Drive, found by search.
    const document = await client.run('fetchDocumentContent', { documentId: result.url });
    expect(document.body!.content!.slice(1)).toEqual([
      {
        startIndex: 1,
        endIndex: 2,
        paragraph: {
          elements: [{ startIndex: 1, endIndex: 2, textRun: { content: '\n', textStyle: {} } }],
          paragraphStyle: { namedStyleType: 'NORMAL_TEXT', direction: 'LEFT_TO_RIGHT' },
        },
      },
    ]);
    const found = await client.run('searchDocuments', { name: 'q4 plan' });
    expect(found.files.map((file) => file.id)).toEqual([result.documentId]);
  });

  it('refuses a blank or missing name before sending anything', async () => {
    const client = t.connect();
    for (const input of [{ name: '' }, { name: ' \t ' }, {}]) {
      const error = await client
        .run('createDocumentFile', input as { name: string })
        .catch((caught) => caught);
      expect(ValidationError.isInstance(error)).toBe(true);
      expect(error.parameter).toBe('name');
    }
    expect(t.sim.server.calls).toHaveLength(0);
  });

  it('is not repeated when the outcome is unknown, so it never makes two documents', async () => {
    const before = t.sim.state.files.size;
    t.sim.server.fault({ type: 'reset-after-handler', match: (call) => call.path === '/v1/documents' });
    const error = await t
      .connect()
      .run('createDocumentFile', { name: 'Only once' })
      .catch((caught) => caught);
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.outcomeUnknown).toBe(true);
    expect(callsTo(t.sim, '/v1/documents')).toHaveLength(1);
    expect(t.sim.state.files.size).toBe(before + 1);
  });

  it('a read-only grant cannot create: a PermissionError saying to reconnect with both permissions', async () => {
    const tokens = t.sim.state.issueTokens({ scopes: [DOCUMENTS_READONLY_SCOPE] });
    const error = await t
      .connect({ credentials: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken } })
      .run('createDocumentFile', { name: 'Nope' })
      .catch((caught) => caught);
    expect(PermissionError.isInstance(error)).toBe(true);
    expect(error.providerCode).toBe('ACCESS_TOKEN_SCOPE_INSUFFICIENT');
    expect(error.message).toMatch(/grant access to both Google Docs and Google Drive/);
  });
});
