import { ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docsSimulator } from '../testing/google-simulator.js';
import { callsTo, connectDocs } from '../testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('createDocumentFromMarkdown', () => {
  it('uploads the Markdown as text/markdown with a Google Doc’s MIME type, and Drive converts it', async () => {
    const result = await t.client.run('createDocumentFromMarkdown', {
      title: ' Release Notes ',
      markdown: '# 2.4\n\n- **Faster** search\n',
    });
    const [call] = callsTo(t.sim, '/upload/drive/v3/files');
    expect(call!.method).toBe('POST');
    expect(call!.query.get('uploadType')).toBe('multipart');
    expect(call!.headers['content-type']).toMatch(/^multipart\/related; boundary=/);
    expect(call!.bodyText).toContain('"mimeType":"application/vnd.google-apps.document"');
    expect(call!.bodyText).toContain('"name":"Release Notes"');
    expect(call!.bodyText).toMatch(/Content-Type: text\/markdown\r\n\r\n# 2\.4/);
    expect(result).toMatchObject({
      documentId: expect.any(String),
      title: 'Release Notes',
      url: `https://docs.google.com/document/d/${result.documentId}/edit`,
    });
    const document = await t.client.run('fetchDocumentContent', { documentId: result.documentId });
    const [heading, item] = document.body!.content!.slice(1) as { paragraph: Record<string, any> }[];
    expect(heading!.paragraph.paragraphStyle.namedStyleType).toBe('HEADING_1');
    expect(item!.paragraph.bullet).toBeDefined();
    expect(item!.paragraph.elements[0].textRun).toMatchObject({
      content: 'Faster',
      textStyle: { bold: true },
    });
  });

  it('refuses a blank title or empty Markdown before sending anything', async () => {
    for (const [input, parameter] of [
      [{ title: ' ', markdown: 'x' }, 'title'],
      [{ title: 'x', markdown: '' }, 'markdown'],
      [{ title: 'x', markdown: 'x', folderId: 'not a folder/' }, 'folderId'],
    ] as const) {
      const error = await t.client.run('createDocumentFromMarkdown', input).catch((caught) => caught);
      expect(ValidationError.isInstance(error)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(t.sim.server.calls).toHaveLength(0);
  });
});
