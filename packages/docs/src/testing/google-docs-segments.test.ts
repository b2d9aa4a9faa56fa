import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ProviderError, ValidationError } from '@c/core';
import { contractsDir } from '@c/core/testing';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { renderDocument } from './google-docs-render.js';
import { DOCUMENT_STYLE_FIELDS } from './google-docs-segments.js';
import { docsSimulator } from './google-simulator.js';
import { connectDocs } from './google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });
const discovery = JSON.parse(
  readFileSync(join(contractsDir()!, 'google', 'docs.v1.discovery.20260921.json'), 'utf8'),
) as { schemas: Record<string, { properties: Record<string, unknown> }> };

const note = () => t.sim.state.createDocument({ title: 'Note', paragraphs: [{ text: 'Hello' }] }).id;
const edit = async (documentId: string, requests: Record<string, unknown>[]) =>
  (await t.client.run('updateDocumentContent', { documentId, requests })) as {
    replies?: Record<string, any>[];
  };
/** The document as `documents.get` answers its owner. */
const read = async (documentId: string) => {
  const file = t.sim.state.files.get(documentId)!;
  return { document: renderDocument(t.sim.state, file, file.owner) as Record<string, any> };
};
const refusal = (documentId: string, requests: Record<string, unknown>[]) =>
  edit(documentId, requests).catch((error: unknown) => error);

describe('document style, headers, footers and footnotes', () => {
  it('knows every DocumentStyle field of the discovery document', () => {
    expect([...DOCUMENT_STYLE_FIELDS].sort()).toEqual(
      Object.keys(discovery.schemas.DocumentStyle!.properties).sort(),
    );
  });

  it('updateDocumentStyle sets the fields its mask names, and refuses read-only and unknown ones', async () => {
    const id = note();
    await edit(id, [
      {
        updateDocumentStyle: {
          documentStyle: { marginTop: { magnitude: 36, unit: 'PT' }, pageNumberStart: 5, marginLeft: null },
          fields: 'marginTop,pageNumberStart',
        },
      },
    ]);
    const { document } = await read(id);
    expect(document.documentStyle).toMatchObject({
      marginTop: { magnitude: 36, unit: 'PT' },
      pageNumberStart: 5,
      marginLeft: { magnitude: 72, unit: 'PT' },
    });
    for (const fields of ['defaultHeaderId', 'margins']) {
      const error = await refusal(id, [{ updateDocumentStyle: { documentStyle: {}, fields } }]);
      expect(ProviderError.isInstance(error) && error.status).toBe(400);
    }
  });

  it('createHeader and createFooter add empty segments named in the style; one default each; delete removes them', async () => {
    const id = note();
    const result = await edit(id, [
      { createHeader: { type: 'DEFAULT' } },
      { createFooter: { type: 'DEFAULT' } },
    ]);
    const headerId = result.replies![0]!.createHeader.headerId as string;
    const footerId = result.replies![1]!.createFooter.footerId as string;
    const { document } = await read(id);
    expect(document.documentStyle).toMatchObject({ defaultHeaderId: headerId, defaultFooterId: footerId });
    expect(document.headers[headerId].content[0]).toMatchObject({
      startIndex: 0,
      endIndex: 1,
      paragraph: { elements: [{ textRun: { content: '\n' } }] },
    });
    const twice = await refusal(id, [{ createHeader: { type: 'DEFAULT' } }]);
    expect(ProviderError.isInstance(twice) && twice.message).toMatch(/already exists/);
    // Text inside a header: indexes from 0, the same requests as the body.
    await edit(id, [
      { insertText: { location: { segmentId: headerId, index: 0 }, text: 'Draft' } },
      {
        updateTextStyle: {
          range: { segmentId: headerId, startIndex: 0, endIndex: 5 },
          textStyle: { italic: true },
          fields: 'italic',
        },
      },
    ]);
    expect((await read(id)).document.headers[headerId].content).toEqual([
      {
        startIndex: 0,
        endIndex: 6,
        paragraph: {
          elements: [
            { startIndex: 0, endIndex: 5, textRun: { content: 'Draft', textStyle: { italic: true } } },
            { startIndex: 5, endIndex: 6, textRun: { content: '\n', textStyle: {} } },
          ],
          paragraphStyle: { namedStyleType: 'NORMAL_TEXT', direction: 'LEFT_TO_RIGHT' },
        },
      },
    ]);
    const pageBreak = await refusal(id, [
      { insertPageBreak: { location: { segmentId: headerId, index: 0 } } },
    ]);
    expect(ProviderError.isInstance(pageBreak) && pageBreak.message).toMatch(
      /Page breaks cannot be inserted inside a footnote, header or footer/,
    );
    const unknown = await refusal(id, [
      { insertText: { location: { segmentId: 'kix.none', index: 0 }, text: 'x' } },
    ]);
    expect(ProviderError.isInstance(unknown) && unknown.message).toMatch(
      /segment with ID kix.none was not found/,
    );
    await edit(id, [{ deleteHeader: { headerId } }, { deleteFooter: { footerId } }]);
    const after = (await read(id)).document;
    expect(after.headers).toBeUndefined();
    expect(after.documentStyle.defaultHeaderId).toBeUndefined();
    const gone = await refusal(id, [{ deleteHeader: { headerId } }]);
    expect(ProviderError.isInstance(gone) && gone.status).toBe(400);
  });

  it('createFootnote puts a numbered reference in the body and an empty footnote beside it', async () => {
    const id = note();
    const result = await edit(id, [{ createFootnote: { location: { index: 6 } } }]);
    const footnoteId = result.replies![0]!.createFootnote.footnoteId as string;
    const { document } = await read(id);
    const elements = document.body.content[1].paragraph.elements;
    expect(
      elements.map((element: Record<string, any>) => element.footnoteReference?.footnoteNumber),
    ).toContain('1');
    expect(document.footnotes[footnoteId].content[0].paragraph.elements[0].textRun.content).toBe(' \n');
    // The footnote's text is written after its leading space; a footnote inside it is refused.
    await edit(id, [
      { insertText: { location: { segmentId: footnoteId, index: 1 }, text: 'See the spec.' } },
    ]);
    const footnote = (await read(id)).document.footnotes[footnoteId].content[0];
    expect(footnote).toMatchObject({ startIndex: 0, endIndex: 15 });
    expect(footnote.paragraph.elements[0].textRun.content).toBe(' See the spec.\n');
    const nested = await refusal(id, [{ createFootnote: { location: { segmentId: footnoteId, index: 1 } } }]);
    expect(ProviderError.isInstance(nested) && nested.status).toBe(400);
    const second = await edit(id, [{ createFootnote: { endOfSegmentLocation: {} } }]);
    expect(second.replies![0]!.createFootnote.footnoteId).not.toBe(footnoteId);
  });

  it('refuses a header type other than DEFAULT before anything is applied', async () => {
    const id = note();
    const error = await refusal(id, [{ createHeader: { type: 'HEADER_FOOTER_TYPE_UNSPECIFIED' } }]);
    expect(
      ValidationError.isInstance(error) || (ProviderError.isInstance(error) && error.status === 400),
    ).toBe(true);
    expect((await read(id)).document.headers).toBeUndefined();
  });

  it('replaceImage swaps an inline image’s source, keeping its size; an unknown image or positioned object is a 400', async () => {
    const id = note();
    const made = await edit(id, [
      {
        insertInlineImage: {
          uri: 'https://example.com/old.png',
          endOfSegmentLocation: {},
          objectSize: { width: { magnitude: 120, unit: 'PT' } },
        },
      },
    ]);
    const imageObjectId = made.replies![0]!.insertInlineImage.objectId as string;
    await edit(id, [{ replaceImage: { imageObjectId, uri: 'https://example.com/new.png' } }]);
    const embedded = (await read(id)).document.inlineObjects[imageObjectId].inlineObjectProperties
      .embeddedObject;
    expect(embedded.imageProperties.sourceUri).toBe('https://example.com/new.png');
    expect(embedded.size.width).toEqual({ magnitude: 120, unit: 'PT' });
    for (const request of [
      { replaceImage: { imageObjectId: 'kix.missing', uri: 'https://example.com/new.png' } },
      { deletePositionedObject: { objectId: 'kix.missing' } },
    ]) {
      const error = await refusal(id, [request]);
      expect(ProviderError.isInstance(error) && error.status).toBe(400);
    }
    // The batch is atomic: a refused replacement leaves the image as it was.
    await refusal(id, [
      { replaceImage: { imageObjectId, uri: 'https://example.com/third.png' } },
      { deletePositionedObject: { objectId: 'kix.missing' } },
    ]);
    const after = (await read(id)).document.inlineObjects[imageObjectId].inlineObjectProperties
      .embeddedObject;
    expect(after.imageProperties.sourceUri).toBe('https://example.com/new.png');
  });
});
