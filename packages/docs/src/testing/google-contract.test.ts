import { contractsDir, type RecordedCall } from '@c/core/testing';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { checkAgainstSchema } from '../docs-discovery.js';
import { checkGoogleCall, loadGoogleContracts } from './google-contract.js';
import { docsSimulator } from './google-simulator.js';
import { connectDocs } from './google-test-helpers.js';

const dir = contractsDir();

function call(
  method: string,
  target: string,
  body?: unknown,
  contentType = 'application/json',
): RecordedCall {
  const url = new URL(target, 'http://127.0.0.1');
  const bodyText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    method,
    url,
    path: url.pathname,
    query: url.searchParams,
    headers: body === undefined ? {} : { 'content-type': contentType },
    bodyText,
    bodyJson: body !== undefined && contentType.includes('json') ? JSON.parse(bodyText) : undefined,
    bodyForm: contentType.includes('form') ? new URLSearchParams(bodyText) : undefined,
  };
}

/** A multipart upload as Google's client libraries send it: JSON metadata, then the media. */
function multipart(metadata: object): RecordedCall {
  const body = [
    '--b0undary',
    'content-type: application/json',
    '',
    JSON.stringify(metadata),
    '--b0undary',
    'content-type: text/plain',
    '',
    'hello',
    '--b0undary--',
  ].join('\r\n');
  return call(
    'POST',
    '/upload/drive/v3/files?uploadType=multipart',
    body,
    'multipart/related; boundary=b0undary',
  );
}

describe.skipIf(!dir)('checkGoogleCall against the discovery documents', () => {
  const check = (recorded: RecordedCall) => checkGoogleCall(loadGoogleContracts(dir!), recorded);

  it('passes the calls the connector makes', () => {
    expect(check(call('GET', '/v1/documents/abc'))).toBeUndefined();
    expect(check(call('GET', '/v1/documents/abc?includeTabsContent=true'))).toBeUndefined();
    expect(
      check(call('GET', '/v1/documents/abc?suggestionsViewMode=SUGGESTIONS_INLINE&fields=title')),
    ).toBeUndefined();
    expect(check(call('POST', '/v1/documents', { title: 'x' }))).toBeUndefined();
    expect(
      check(
        call('POST', '/v1/documents/abc:batchUpdate', {
          requests: [{ insertText: { location: { index: 1 }, text: 'a' } }],
          writeControl: { requiredRevisionId: 'r' },
        }),
      ),
    ).toBeUndefined();
    expect(
      check(
        call(
          'GET',
          `/drive/v3/files?q=${encodeURIComponent('trashed=false')}&fields=${encodeURIComponent('nextPageToken,incompleteSearch,files(id,name,modifiedTime,webViewLink)')}&pageSize=1000&corpora=user&includeItemsFromAllDrives=true&supportsAllDrives=true&pageToken=abc`,
        ),
      ),
    ).toBeUndefined();
    expect(check(call('GET', '/drive/v3/files/abc/export?mimeType=application%2Fpdf'))).toBeUndefined();
    expect(check(call('GET', '/drive/v3/about?fields=user'))).toBeUndefined();
    expect(
      check(call('POST', '/upload/drive/v3/files?uploadType=media', 'bytes', 'text/plain')),
    ).toBeUndefined();
    expect(check(multipart({ name: 'a.txt', mimeType: 'text/plain' }))).toBeUndefined();
    expect(
      check(
        call(
          'POST',
          '/token',
          'grant_type=refresh_token&refresh_token=r&client_id=c&client_secret=s',
          'application/x-www-form-urlencoded',
        ),
      ),
    ).toBeUndefined();
  });

  it('flags what Google would refuse', () => {
    expect(check(call('GET', '/v1/documents/abc:batchUpdate'))).toMatch(
      /no Google Docs or Drive method matches/,
    );
    expect(check(call('DELETE', '/v1/documents/abc'))).toMatch(/no Google Docs or Drive method/);
    expect(check(call('GET', '/v1/documents/abc?includeTabs=true'))).toBe(
      'docs.documents.get has no query parameter includeTabs',
    );
    expect(check(call('GET', '/v1/documents/abc?includeTabsContent=yes'))).toMatch(/must be true or false/);
    expect(check(call('GET', '/v1/documents/abc?suggestionsViewMode=ALL'))).toMatch(/must be one of/);
    expect(check(call('GET', '/drive/v3/files?pageSize=5000'))).toBe(
      'drive.files.list: query parameter pageSize is above 1000',
    );
    expect(check(call('GET', '/drive/v3/files?supportsAllDrives=yes'))).toMatch(/must be true or false/);
    expect(check(call('GET', '/drive/v3/files/abc/export'))).toBe(
      'drive.files.export needs query parameter mimeType',
    );
    expect(check(call('GET', '/drive/v3/files?fields=files(id,title)'))).toBe(
      'drive.files.list: fields names files/title, which FileList does not have',
    );
    expect(check(call('POST', '/v1/documents', { title: 'x', folder: 'y' }))).toBe(
      'docs.documents.create body: folder is not a field of Document',
    );
    expect(
      check(
        call('POST', '/v1/documents/abc:batchUpdate', {
          requests: [{ insertText: { location: { index: 1 }, txt: 'a' } }],
        }),
      ),
    ).toBe('docs.documents.batchUpdate body: requests.0.insertText.txt is not a field of InsertTextRequest');
    expect(check(call('GET', '/drive/v3/files/abc', { name: 'x' }))).toBe(
      'drive.files.get takes no request body',
    );
    expect(check(call('POST', '/upload/drive/v3/files', 'x', 'text/plain'))).toMatch(/without uploadType/);
    expect(check(call('POST', '/upload/drive/v3/files?uploadType=simple', 'x', 'text/plain'))).toBe(
      'drive.files.create: uploadType simple is not media, multipart or resumable',
    );
    expect(check(multipart({ name: 'a.txt', title: 'v2 field' }))).toBe(
      'drive.files.create metadata: title is not a field of File',
    );
    expect(
      check(
        call('POST', '/token', 'grant_type=refresh_token&client_id=c', 'application/x-www-form-urlencoded'),
      ),
    ).toBe('refresh_token token request without refresh_token');
    expect(
      check(call('GET', '/o/oauth2/v2/auth?client_id=c&redirect_uri=r&response_type=code&scope=s&bogus=1')),
    ).toBe('unknown authorization parameter bogus');
  });
});

describe.skipIf(!dir)('the simulator’s responses fit the discovery schemas', () => {
  const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

  it('Document, BatchUpdateDocumentResponse, FileList, File and About', async () => {
    const { docs: docsApi, drive } = loadGoogleContracts(dir!);
    const client = t.connect();
    const id = t.sim.seeded!.meetingNotesId;
    const fits = (value: unknown, schema: string, schemas = docsApi.schemas) =>
      checkAgainstSchema(value, { $ref: schema }, schemas, '');
    // Google's document, with the tab as Markdown beside it (the command's own field).
    const { markdown, ...document } = await client.run('fetchDocumentContent', { documentId: id });
    expect(markdown).toMatch(/^# Weekly Sync — Meeting Notes\n/);
    expect(fits(document, 'Document')).toBeUndefined();
    const update = await client.run('updateDocumentContent', {
      documentId: id,
      requests: [{ replaceAllText: { containsText: { text: 'Notes' }, replaceText: 'Notes' } }],
    });
    expect(fits(update, 'BatchUpdateDocumentResponse')).toBeUndefined();
    const list = await client.run('customAction', {
      method: 'GET',
      path: '/drive/v3/files',
      query: { fields: '*' },
    });
    expect((list as { files: unknown[] }).files.length).toBeGreaterThan(5);
    expect(fits(list, 'FileList', drive.schemas)).toBeUndefined();
    const file = await client.run('customAction', {
      method: 'GET',
      path: `/drive/v3/files/${t.sim.seeded!.pdfId}`,
      query: { fields: '*' },
    });
    expect(fits(file, 'File', drive.schemas)).toBeUndefined();
    const about = await client.run('customAction', {
      method: 'GET',
      path: '/drive/v3/about',
      query: { fields: '*' },
    });
    expect(fits(about, 'About', drive.schemas)).toBeUndefined();
  });
});
