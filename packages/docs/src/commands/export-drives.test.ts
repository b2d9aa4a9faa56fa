import { ProviderError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('exportDocument', () => {
  it('exports in each format with its MIME type, size and bytes', async () => {
    const documentId = t.sim.seeded!.meetingNotesId;
    const pdf = await t.client.run('exportDocument', { documentId, format: 'pdf' });
    expect(pdf).toMatchObject({ documentId, format: 'pdf', contentType: 'application/pdf' });
    const bytes = Buffer.from(pdf.base64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.size).toBe(bytes.byteLength);
    const md = await t.client.run('exportDocument', { documentId, format: 'md' });
    expect(md.contentType).toBe('text/markdown');
    expect(Buffer.from(md.base64, 'base64').toString()).toContain('Weekly Sync');
    const docx = await t.client.run('exportDocument', { documentId, format: 'docx' });
    expect(Buffer.from(docx.base64, 'base64').subarray(0, 2).toString()).toBe('PK');
    const [call] = callsTo(t.sim, `/drive/v3/files/${documentId}/export`);
    expect(call!.query.get('mimeType')).toBe('application/pdf');
  });

  it('says Drive’s 10 MB limit plainly, and refuses an unknown format before sending', async () => {
    // A document past the limit, with the limit lowered from Drive's 10 MB so the test stays quick.
    const big = t.sim.state.createDocument({
      title: 'Big',
      paragraphs: [{ text: 'lorem ipsum '.repeat(200) }],
    });
    t.sim.state.exportSizeLimit = 1000;
    const error = await t.client
      .run('exportDocument', { documentId: big.id, format: 'txt' })
      .catch((caught) => caught);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 403, providerCode: 'exportSizeLimitExceeded' });
    expect(error.message).toMatch(/at most 10 MB/);
    t.sim.state.exportSizeLimit = 10 * 1024 * 1024;
    const before = t.sim.server.calls.length;
    const bad = await t.client
      .run('exportDocument', { documentId: big.id, format: 'pages' as never })
      .catch((caught) => caught);
    expect(ValidationError.isInstance(bad)).toBe(true);
    expect(bad.parameter).toBe('format');
    expect(t.sim.server.calls).toHaveLength(before);
  });
});

describe('listSharedDrives', () => {
  it('lists the sandbox’s shared drives, page by page, and leaves hidden ones out', async () => {
    const all = await t.client.run('listSharedDrives', {});
    expect(all.drives.map((drive) => drive.name)).toEqual(['Engineering', 'Marketing Assets']);
    expect(all.hasMore).toBe(false);
    const first = await t.client.run('listSharedDrives', { limit: 1 });
    expect(first).toMatchObject({ drives: [{ name: 'Engineering' }], hasMore: true });
    const rest = await t.client.run('listSharedDrives', { pageToken: first.nextPageToken });
    expect(rest.drives.map((drive) => drive.name)).toEqual(['Marketing Assets']);
    t.sim.state.sharedDrives.get(all.drives[1]!.id)!.hidden = true;
    expect((await t.client.run('listSharedDrives', {})).drives).toHaveLength(1);
    const outsider = t.sim.state.issueTokens({ user: 'sam@partner.example' });
    const response = await fetch(`${t.sim.url}/drive/v3/drives/${all.drives[0]!.id}`, {
      headers: { authorization: `Bearer ${outsider.accessToken}` },
    });
    expect(response.status).toBe(404);
  });
});
