import { ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('insertTable and insertImage', () => {
  it('inserts a table at the end in one batch, which reads back as a Markdown table', async () => {
    const documentId = t.sim.state.createDocument({
      title: 'Team',
      paragraphs: [{ text: 'Who does what' }],
    }).id;
    const { revisionId } = await t.client.run('fetchDocumentContent', { documentId });
    const result = await t.client.run('insertTable', {
      documentId,
      rows: [
        ['Name', 'Role'],
        ['Ana', 'Lead'],
        ['Bo', ''],
      ],
    });
    expect(result.documentId).toBe(documentId);
    const batches = callsTo(t.sim, `/v1/documents/${documentId}:batchUpdate`);
    expect(batches).toHaveLength(1);
    const body = batches[0]!.bodyJson as {
      requests: Record<string, unknown>[];
      writeControl: { requiredRevisionId: string };
    };
    // Indexes come from the revision read: the batch applies to that revision only.
    expect(body.writeControl.requiredRevisionId).toBe(revisionId);
    const requests = body.requests;
    expect(requests.filter((request) => 'insertTable' in request)).toEqual([
      { insertTable: expect.objectContaining({ rows: 3, columns: 2 }) },
    ]);
    const { markdown } = await t.client.run('getDocumentAsMarkdown', { documentId });
    expect(markdown).toContain('Who does what');
    expect(markdown).toMatch(
      /\| \*\*Name\*\* +\| \*\*Role\*\* +\|\n\| -+ +\| -+ +\|\n\| Ana +\| Lead +\|\n\| Bo +\| +\|/,
    );
  });

  it('inserts an image at the end, sized in points, which reads back by its address', async () => {
    const documentId = t.sim.state.createDocument({ title: 'Chart', paragraphs: [{ text: 'Sales' }] }).id;
    const result = await t.client.run('insertImage', {
      documentId,
      imageUrl: 'https://example.com/chart.png',
      width: 200,
    });
    expect(result.objectId).toEqual(expect.any(String));
    const [batch] = callsTo(t.sim, `/v1/documents/${documentId}:batchUpdate`);
    expect((batch!.bodyJson as { requests: unknown[] }).requests).toEqual([
      {
        insertInlineImage: {
          uri: 'https://example.com/chart.png',
          endOfSegmentLocation: {},
          objectSize: { width: { magnitude: 200, unit: 'PT' } },
        },
      },
    ]);
    const { markdown } = await t.client.run('getDocumentAsMarkdown', { documentId });
    expect(markdown).toContain('](https://example.com/chart.png)');
  });

  it('refuses an empty table, a non-http image and index with atEnd, before sending', async () => {
    const documentId = t.sim.seeded!.specId;
    const empty = await t.client.run('insertTable', { documentId, rows: [] }).catch((caught) => caught);
    expect(ValidationError.isInstance(empty)).toBe(true);
    expect(empty.parameter).toBe('rows');
    const ftp = await t.client
      .run('insertImage', { documentId, imageUrl: 'ftp://example.com/a.png' })
      .catch((caught) => caught);
    expect(ftp.parameter).toBe('imageUrl');
    const both = await t.client
      .run('insertImage', { documentId, imageUrl: 'https://example.com/a.png', index: 1, atEnd: true })
      .catch((caught) => caught);
    expect(both.parameter).toBe('atEnd');
    const tableBoth = await t.client
      .run('insertTable', { documentId, rows: [['a']], index: 1, atEnd: true })
      .catch((caught) => caught);
    expect(tableBoth.parameter).toBe('atEnd');
    expect(tableBoth.message).toMatch(/goes without index/);
    expect(t.sim.server.calls).toHaveLength(0);
  });

  it('takes the document’s link for an image as for a table; a link to a tab writes to that tab', async () => {
    const documentId = t.sim.state.createDocument({
      title: 'Tabs',
      tabs: [{ title: 'One' }, { title: 'Two', paragraphs: [{ text: 'Second' }] }],
    }).id;
    const tabId = t.sim.state.files.get(documentId)!.tabs![1]!.id;
    const link = `https://docs.google.com/document/d/${documentId}/edit?tab=${tabId}`;
    const result = await t.client.run('insertImage', {
      documentId: link,
      imageUrl: 'https://example.com/a.png',
    });
    expect(result.documentId).toBe(documentId);
    const [batch] = callsTo(t.sim, `/v1/documents/${documentId}:batchUpdate`);
    expect(
      (batch!.bodyJson as { requests: Record<string, any>[] }).requests[0]!.insertInlineImage,
    ).toMatchObject({
      endOfSegmentLocation: { tabId },
    });
    const other = await t.client
      .run('insertImage', { documentId: link, imageUrl: 'https://example.com/a.png', tabId: 't.0' })
      .catch((caught) => caught);
    expect(ValidationError.isInstance(other) && other.parameter).toBe('tabId');
  });
});
