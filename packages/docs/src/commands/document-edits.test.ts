import { ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

async function fresh(markdown: string): Promise<string> {
  return (await t.client.run('createDocumentFromMarkdown', { title: 'Edits', markdown })).documentId;
}

const markdownOf = async (documentId: string, tabId?: string) =>
  (await t.client.run('getDocumentAsMarkdown', { documentId, ...(tabId ? { tabId } : {}) })).markdown;

describe('appendText', () => {
  it('inserts at the end of the segment in one batchUpdate', async () => {
    const documentId = await fresh('# Notes\n\nFirst.\n');
    const result = await t.client.run('appendText', { documentId, text: '\nSecond.' });
    const [call] = callsTo(t.sim, `/v1/documents/${documentId}:batchUpdate`);
    expect(call!.bodyJson).toEqual({
      requests: [{ insertText: { endOfSegmentLocation: {}, text: '\nSecond.' } }],
    });
    expect(result).toEqual({ documentId, revisionId: expect.any(String) });
    expect(await markdownOf(documentId)).toBe('# Notes\n\nFirst.\n\nSecond.\n');
  });

  it('refuses empty text before sending anything', async () => {
    const error = await t.client.run('appendText', { documentId: 'abc', text: '' }).catch((caught) => caught);
    expect(ValidationError.isInstance(error)).toBe(true);
    expect(error.parameter).toBe('text');
    expect(t.sim.server.calls).toHaveLength(0);
  });
});

describe('findAndReplace', () => {
  it('replaces each text everywhere and counts the occurrences per replacement', async () => {
    const documentId = await fresh('Dear {{name}},\n\nWelcome to {{company}}, {{name}}.\n');
    const result = await t.client.run('findAndReplace', {
      documentId,
      replacements: [
        { find: '{{name}}', replace: 'Priya' },
        { find: '{{company}}', replace: 'Acme' },
        { find: '{{missing}}', replace: 'x' },
      ],
    });
    expect(result.replacements).toEqual([
      { find: '{{name}}', occurrences: 2 },
      { find: '{{company}}', occurrences: 1 },
      { find: '{{missing}}', occurrences: 0 },
    ]);
    expect(await markdownOf(documentId)).toBe('Dear Priya,\n\nWelcome to Acme, Priya.\n');
    const [call] = callsTo(t.sim, `/v1/documents/${documentId}:batchUpdate`);
    expect((call!.bodyJson as { requests: unknown[] }).requests[0]).toEqual({
      replaceAllText: { containsText: { text: '{{name}}', matchCase: false }, replaceText: 'Priya' },
    });
  });

  it('refuses an empty list or an empty find before sending anything', async () => {
    for (const replacements of [[], [{ find: '', replace: 'x' }]]) {
      const error = await t.client
        .run('findAndReplace', { documentId: 'abc', replacements })
        .catch((caught) => caught);
      expect(ValidationError.isInstance(error)).toBe(true);
      expect(error.parameter).toMatch(/^replacements/);
    }
    expect(t.sim.server.calls).toHaveLength(0);
  });
});

describe('addTab', () => {
  it('adds a tab, under another when asked, and returns its id', async () => {
    const documentId = await fresh('# Main\n');
    const top = await t.client.run('addTab', { documentId, title: 'Appendix' });
    expect(top).toMatchObject({
      documentId,
      tabId: expect.stringMatching(/^t\./),
      title: 'Appendix',
      index: 1,
    });
    const child = await t.client.run('addTab', { documentId, title: 'Sources', parentTabId: top.tabId });
    expect(child).toMatchObject({ title: 'Sources', parentTabId: top.tabId, index: 0 });
    await t.client.run('writeMarkdown', { documentId, tabId: child.tabId, markdown: '- one source\n' });
    expect(await markdownOf(documentId, child.tabId)).toBe('- one source\n');
  });
});
