import { randomBytes } from 'node:crypto';
import { ProviderError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { GOOGLE_DOCS_MIME_TYPE } from '../docs-client.js';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('uploadFile and downloadFile', () => {
  it('uploads text and bytes (multipart) into a folder and downloads them back', async () => {
    const folderId = t.sim.seeded!.contractsFolderId;
    const text = await t.client.run('uploadFile', {
      name: 'notes.md',
      content: '# Notes\n\nRésumé — ok\n',
      mimeType: 'text/markdown',
      folderId,
    });
    expect(text).toMatchObject({ name: 'notes.md', mimeType: 'text/markdown', parents: [folderId] });
    const [post] = callsTo(t.sim, '/upload/drive/v3/files');
    expect(post!.query.get('uploadType')).toBe('multipart');
    expect(await t.client.run('downloadFile', { fileId: text.id })).toMatchObject({
      contentType: 'text/markdown',
      encoding: 'text',
      content: '# Notes\n\nRésumé — ok\n',
      size: Buffer.byteLength('# Notes\n\nRésumé — ok\n'),
    });
    const bytes = randomBytes(3000);
    const binary = await t.client.run('uploadFile', {
      name: 'blob.bin',
      content: bytes.toString('base64'),
      encoding: 'base64',
    });
    expect(binary.mimeType).toBe('application/octet-stream');
    const down = await t.client.run('downloadFile', { fileId: binary.id });
    expect(down.encoding).toBe('base64');
    expect(Buffer.from(down.content, 'base64').equals(bytes)).toBe(true);
  });

  it('converts Markdown into a Google Doc, which download refuses with a pointer to export', async () => {
    const doc = await t.client.run('uploadFile', {
      name: 'Plan',
      content: '# Plan\n\n- **ship** it\n',
      mimeType: 'text/markdown',
      convert: true,
    });
    expect(doc.mimeType).toBe(GOOGLE_DOCS_MIME_TYPE);
    const markdown = await t.client.run('getDocumentAsMarkdown', { documentId: doc.id });
    expect(markdown.markdown).toContain('- **ship** it');
    const refused = await t.client.run('downloadFile', { fileId: doc.id }).catch((caught) => caught);
    expect(ProviderError.isInstance(refused)).toBe(true);
    expect(refused).toMatchObject({ providerCode: 'fileNotDownloadable' });
    expect(refused.message).toMatch(/Export Document/);
  });

  it('uploads a file over 5 MB as a resumable upload, whole, and gets the same bytes back', async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 1234);
    const file = await t.client.run('uploadFile', {
      name: 'big.bin',
      content: bytes.toString('base64'),
      encoding: 'base64',
    });
    const calls = callsTo(t.sim, '/upload/drive/v3/files');
    expect(calls.map((call) => [call.method, call.query.get('uploadType')])).toEqual([
      ['POST', 'resumable'],
      ['PUT', 'resumable'],
    ]);
    expect(calls[0]!.headers['x-upload-content-length']).toBe(String(bytes.byteLength));
    const down = await t.client.run('downloadFile', { fileId: file.id });
    expect(down.size).toBe(bytes.byteLength);
    expect(Buffer.from(down.content, 'base64').equals(bytes)).toBe(true);
  });

  it('refuses a conversion with no Google format, and content that is not base64, before sending', async () => {
    const pdf = await t.client
      .run('uploadFile', {
        name: 'a.pdf',
        content: 'AAAA',
        encoding: 'base64',
        mimeType: 'application/pdf',
        convert: true,
      })
      .catch((caught) => caught);
    expect(ValidationError.isInstance(pdf)).toBe(true);
    expect(pdf.parameter).toBe('mimeType');
    const bad = await t.client
      .run('uploadFile', { name: 'a.bin', content: 'not base64!', encoding: 'base64' })
      .catch((caught) => caught);
    expect(bad.parameter).toBe('content');
    expect(t.sim.server.calls).toHaveLength(0);
  });
});

describe('the simulator’s resumable session', () => {
  it('takes chunks of 256 KiB, answers 308 with the range so far, and creates the file on the last', async () => {
    const auth = { authorization: `Bearer ${t.sim.connection.credentials.accessToken}` };
    const opened = await fetch(`${t.sim.url}/upload/drive/v3/files?uploadType=resumable`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'x-upload-content-type': 'text/plain' },
      body: JSON.stringify({ name: 'chunked.txt' }),
    });
    expect(opened.status).toBe(200);
    const session = opened.headers.get('location')!;
    const data = Buffer.alloc(256 * 1024 + 10, 'a');
    const put = (body: Uint8Array, range: string) =>
      fetch(session, { method: 'PUT', headers: { ...auth, 'content-range': range }, body });
    const odd = await put(data.subarray(0, 1000), `bytes 0-999/${data.length}`);
    expect(odd.status).toBe(400);
    const first = await put(data.subarray(0, 256 * 1024), `bytes 0-${256 * 1024 - 1}/${data.length}`);
    expect(first.status).toBe(308);
    expect(first.headers.get('range')).toBe(`bytes=0-${256 * 1024 - 1}`);
    const status = await put(new Uint8Array(), `bytes */${data.length}`);
    expect(status.headers.get('range')).toBe(`bytes=0-${256 * 1024 - 1}`);
    const last = await put(
      data.subarray(256 * 1024),
      `bytes ${256 * 1024}-${data.length - 1}/${data.length}`,
    );
    expect(last.status).toBe(200);
    const file = (await last.json()) as { id: string; name: string };
    expect(file.name).toBe('chunked.txt');
    expect(t.sim.state.files.get(file.id)!.content!.byteLength).toBe(data.length);
    expect((await put(new Uint8Array(), `bytes */${data.length}`)).status).toBe(404);
  });
});
