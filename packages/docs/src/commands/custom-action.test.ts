import { type ConnectorError, NotFoundError, PermissionError, ValidationError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docsSimulator } from '../testing/google-simulator.js';
import { connectDocs } from '../testing/google-test-helpers.js';
import { customAction } from './custom-action.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('customAction', () => {
  it('calls Drive by default: file metadata with fields', async () => {
    const id = t.sim.seeded!.specId;
    const result = await t.connect().run('customAction', {
      method: 'GET',
      path: `/drive/v3/files/${id}`,
      query: { fields: 'name,mimeType,modifiedTime' },
    });
    const [call] = t.sim.server.calls;
    expect(call).toMatchObject({ method: 'GET', path: `/drive/v3/files/${id}` });
    expect(call!.query.get('fields')).toBe('name,mimeType,modifiedTime');
    expect(call!.headers.authorization).toBe(`Bearer ${t.sim.connection.credentials.accessToken}`);
    expect(result).toEqual({
      name: 'Search Service — Technical Spec',
      mimeType: 'application/vnd.google-apps.document',
      modifiedTime: '2026-11-08T15:00:00.000Z',
    });
    expect(customAction.output!.parse(result)).toEqual(result);
  });

  it('returns an export to PDF as {contentType, size, base64}', async () => {
    const result = (await t.connect().run('customAction', {
      method: 'GET',
      path: `/drive/v3/files/${t.sim.seeded!.meetingNotesId}/export`,
      query: { mimeType: 'application/pdf' },
    })) as { contentType: string; size: number; base64: string };
    expect(result.contentType).toBe('application/pdf');
    expect(customAction.output!.parse(result)).toEqual(result);
    const bytes = Buffer.from(result.base64, 'base64');
    expect(bytes.byteLength).toBe(result.size);
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(Weekly Sync - Meeting Notes)');
    // The cross-reference table points at each object.
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
  });

  it('returns a text export as {text}, and takes a query string in the path', async () => {
    const result = await t.connect().run('customAction', {
      method: 'GET',
      path: `/drive/v3/files/${t.sim.seeded!.specId}/export?mimeType=text/plain`,
    });
    expect(result).toEqual({
      text: expect.stringContaining('Search Service — Technical Spec\r\nStatus: Draft'),
    });
    expect(customAction.output!.parse(result)).toEqual(result);
  });

  it('calls the Docs API with api docs, and sends JSON bodies', async () => {
    const client = t.connect();
    const id = t.sim.state.createDocument({ title: 'Scratch', paragraphs: [{ text: 'one' }] }).id;
    const reply = await client.run('customAction', {
      method: 'POST',
      api: 'docs',
      path: `/v1/documents/${id}:batchUpdate`,
      body: { requests: [{ insertText: { endOfSegmentLocation: {}, text: ' two' } }] },
    });
    expect(reply).toMatchObject({ documentId: id, replies: [{}] });
    const document = (await client.run('customAction', {
      method: 'GET',
      api: 'docs',
      path: `/v1/documents/${id}`,
    })) as {
      body: { content: { paragraph?: { elements: { textRun: { content: string } }[] } }[] };
    };
    expect(document.body.content[1]!.paragraph!.elements[0]!.textRun.content).toBe('one two\n');
    const renamed = await client.run('customAction', {
      method: 'PATCH',
      path: `/drive/v3/files/${id}`,
      body: { name: 'Scratch (renamed)' },
    });
    expect(renamed).toMatchObject({ id, name: 'Scratch (renamed)' });
    expect(t.sim.server.calls.at(-1)!.bodyJson).toEqual({ name: 'Scratch (renamed)' });
  });

  it('refuses paths outside the APIs, absolute URLs, traversal and credential headers, sending nothing', async () => {
    const client = t.connect();
    const refused: [Record<string, unknown>, string][] = [
      [{ method: 'GET', path: 'https://evil.example/drive/v3/files' }, 'path'],
      [{ method: 'GET', path: '//evil.example/drive/v3/files' }, 'path'],
      [{ method: 'GET', path: '/drive/v3/../../oauth2/v4/token' }, 'path'],
      [{ method: 'GET', path: '/drive/v3/%2e%2e/x' }, 'path'],
      [{ method: 'GET', path: '/v1/documents/x' }, 'path'],
      [{ method: 'GET', api: 'docs', path: '/drive/v3/files' }, 'path'],
      [
        { method: 'GET', path: '/drive/v3/files', headers: { Authorization: 'Bearer other' } },
        'headers.Authorization',
      ],
      [{ method: 'GET', path: '/drive/v3/files', api: 'sheets' }, 'api'],
    ];
    for (const [input, parameter] of refused) {
      const error = (await client
        .run('customAction', input as never)
        .catch((caught) => caught)) as ValidationError;
      expect(ValidationError.isInstance(error), JSON.stringify(input)).toBe(true);
      expect(error.parameter).toBe(parameter);
    }
    expect(t.sim.server.calls).toHaveLength(0);
  });

  it('maps Drive errors: a file the account cannot see is 404, exporting a PDF file is 403', async () => {
    const client = t.connect();
    const hidden = (await client
      .run('customAction', { method: 'GET', path: `/drive/v3/files/${t.sim.seeded!.restrictedId}` })
      .catch((caught) => caught)) as ConnectorError;
    expect(NotFoundError.isInstance(hidden)).toBe(true);
    expect(hidden).toMatchObject({ status: 404, providerCode: 'notFound' });
    const pdf = (await client
      .run('customAction', {
        method: 'GET',
        path: `/drive/v3/files/${t.sim.seeded!.pdfId}/export`,
        query: { mimeType: 'text/plain' },
      })
      .catch((caught) => caught)) as ConnectorError;
    expect(PermissionError.isInstance(pdf)).toBe(true);
    expect(pdf.providerCode).toBe('fileNotExportable');
    expect(pdf.message).not.toContain('view or edit access');
  });

  it('downloads a binary file with alt=media', async () => {
    const result = (await t.connect().run('customAction', {
      method: 'GET',
      path: `/drive/v3/files/${t.sim.seeded!.pdfId}`,
      query: { alt: 'media' },
    })) as { contentType: string; base64: string };
    expect(result.contentType).toBe('application/pdf');
    expect(Buffer.from(result.base64, 'base64').toString('latin1')).toMatch(/^%PDF-1\.4/);
  });
});
