import { Readable } from 'node:stream';
import { contractsDir } from '@c/core/testing';
import { docs as googleDocs } from '@googleapis/docs';
import { drive as googleDrive } from '@googleapis/drive';
import { OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAgainstSchema } from '../docs-discovery.js';
import { type DiscoveryDocument, loadGoogleContracts } from './google-contract.js';
import { WIKI_TABS } from './google-seed.js';
import { docsSimulator, type RunningDocsSimulator } from './google-simulator.js';
import { crc32 } from './google-zip.js';

// Google's own clients (@googleapis/docs, @googleapis/drive, google-auth-library's OAuth2Client)
// drive the simulator through the calls their users make first. Each call is one row of the table
// printed at the end; every JSON answer is also checked against the response schema the method has
// in the discovery documents of revisions 20260921 (Docs) and 20260916 (Drive).

const dir = contractsDir();
const contracts = dir ? loadGoogleContracts(dir) : undefined;

interface DiscoveryMethodLike {
  id: string;
  response?: { $ref: string };
}

function methodsOf(resources: Record<string, unknown>): DiscoveryMethodLike[] {
  return Object.values(resources).flatMap((resource) => {
    const { methods = {}, resources: inner = {} } = resource as {
      methods?: Record<string, DiscoveryMethodLike>;
      resources?: Record<string, unknown>;
    };
    return [...Object.values(methods), ...methodsOf(inner)];
  });
}

/** The first way a JSON answer departs from the method's response schema, if any. */
function misfit(methodId: string, data: unknown): string | undefined {
  if (!contracts) return undefined;
  const document: DiscoveryDocument = methodId.startsWith('docs.') ? contracts.docs : contracts.drive;
  const method = methodsOf(document.resources).find((candidate) => candidate.id === methodId);
  if (!method) return `no method ${methodId} in the discovery document`;
  if (!method.response) return undefined;
  const issue = checkAgainstSchema(data, method.response, document.schemas, '');
  return issue ? `${method.response.$ref}: ${issue.path || '(root)'} ${issue.message}` : undefined;
}

interface Row {
  api: string;
  call: string;
  outcome: string;
  ok: boolean;
}

/** The status of a failed client call (a GaxiosError), or rethrows anything else. */
function statusOf(error: unknown): number {
  const status = (error as { response?: { status?: number } }).response?.status;
  if (status === undefined) throw error;
  return status;
}

function zipEntries(bytes: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let at = 0;
  while (bytes.readUInt32LE(at) === 0x04034b50) {
    const crc = bytes.readUInt32LE(at + 14);
    const size = bytes.readUInt32LE(at + 18);
    const nameLength = bytes.readUInt16LE(at + 26);
    const extra = bytes.readUInt16LE(at + 28);
    const name = bytes.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const data = bytes.subarray(at + 30 + nameLength + extra, at + 30 + nameLength + extra + size);
    expect(crc32(data), name).toBe(crc);
    entries.set(name, data);
    at += 30 + nameLength + extra + size;
  }
  return entries;
}

describe('Google’s official clients against the simulator', () => {
  let sandbox: RunningDocsSimulator;
  const rows: Row[] = [];

  beforeAll(async () => {
    sandbox = await docsSimulator.start({ seed: true });
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  it('@googleapis/docs, @googleapis/drive and google-auth-library: every call passes', async () => {
    const rootUrl = `${sandbox.url}/`;
    const issued = sandbox.state.issueTokens();
    const oauth = new OAuth2Client({
      clientId: sandbox.oauth.clientId,
      clientSecret: sandbox.oauth.clientSecret,
      endpoints: { oauth2TokenUrl: sandbox.oauth.tokenUrl },
    });
    // Starts with an access token the client knows has expired: the first call refreshes it.
    oauth.setCredentials({
      access_token: issued.accessToken,
      refresh_token: issued.refreshToken,
      expiry_date: Date.now() - 60_000,
    });
    const refreshed: string[] = [];
    oauth.on('tokens', (tokens) => refreshed.push(tokens.access_token ?? ''));
    // The clients bundle their own googleapis-common; the OAuth2Client is the one users pass.
    const auth = oauth as never;
    const docs = googleDocs({ version: 'v1', auth, rootUrl });
    const drive = googleDrive({ version: 'v3', auth, rootUrl });

    /** Runs one call, checks it, and records a row; a failure is recorded, not thrown, so every call runs. */
    const step = async (api: string, call: string, run: () => Promise<string>) => {
      try {
        rows.push({ api, call, outcome: await run(), ok: true });
      } catch (error) {
        rows.push({ api, call, outcome: `FAILED: ${(error as Error).message}`.slice(0, 160), ok: false });
      }
    };
    const fits = (methodId: string, data: unknown) => expect(misfit(methodId, data)).toBeUndefined();

    const meetingNotes = sandbox.seeded!.meetingNotesId;
    const wiki = sandbox.seeded!.wikiId;

    await step('oauth', 'expired token: refresh before the first call', async () => {
      const { data } = await docs.documents.get({ documentId: meetingNotes });
      fits('docs.documents.get', data);
      expect(refreshed).toHaveLength(1);
      return `1 refresh, then 200 (${data.title})`;
    });
    await step('docs', 'documents.get (no includeTabsContent): legacy body of the first tab', async () => {
      const { data } = await docs.documents.get({ documentId: wiki });
      fits('docs.documents.get', data);
      expect(data.tabs).toBeUndefined();
      expect(data.body!.content![1]!.paragraph!.elements![0]!.textRun!.content).toBe('Team Wiki\n');
      return `body of ${WIKI_TABS.overview}, no tabs`;
    });
    await step('docs', 'documents.get includeTabsContent=true', async () => {
      const { data } = await docs.documents.get({ documentId: wiki, includeTabsContent: true });
      fits('docs.documents.get', data);
      expect(data.body).toBeUndefined();
      expect(data.tabs!.map((tab) => tab.tabProperties!.title)).toEqual([
        'Overview',
        'Onboarding',
        'Runbooks',
      ]);
      expect(data.tabs![1]!.childTabs![0]!.tabProperties).toMatchObject({
        tabId: WIKI_TABS.firstWeek,
        parentTabId: WIKI_TABS.onboarding,
        nestingLevel: 1,
      });
      return '3 tabs, 1 child tab';
    });
    await step('docs', 'documents.get fields=tabs(tabProperties) (implies tabs)', async () => {
      const { data } = await docs.documents.get({ documentId: wiki, fields: 'title,tabs(tabProperties)' });
      fits('docs.documents.get', data);
      expect(Object.keys(data)).toEqual(['title', 'tabs']);
      return `${data.tabs!.length} tabs`;
    });
    await step('docs', 'documents.get of a document not shared (403)', async () => {
      const status = await docs.documents
        .get({ documentId: sandbox.seeded!.restrictedId })
        .then(() => 200, statusOf);
      expect(status).toBe(403);
      return '403 PERMISSION_DENIED';
    });
    await step('docs', 'documents.get of a missing document (404)', async () => {
      const status = await docs.documents
        .get({ documentId: 'missing-document-id' })
        .then(() => 200, statusOf);
      expect(status).toBe(404);
      return '404 NOT_FOUND';
    });

    let created = '';
    await step('docs', 'documents.create', async () => {
      const { data } = await docs.documents.create({ requestBody: { title: 'SDK conformance' } });
      fits('docs.documents.create', data);
      created = data.documentId!;
      expect(data.title).toBe('SDK conformance');
      return created;
    });
    const batch = async (requests: object[], writeControl?: object) => {
      const { data } = await docs.documents.batchUpdate({
        documentId: created,
        requestBody: { requests, ...(writeControl ? { writeControl } : {}) },
      });
      fits('docs.documents.batchUpdate', data);
      return data;
    };
    const body = async (tabId?: string) => {
      const { data } = await docs.documents.get({ documentId: created, includeTabsContent: true });
      const tab = tabId ? data.tabs!.find((each) => each.tabProperties!.tabId === tabId) : data.tabs![0];
      return tab!.documentTab!.body!.content!;
    };
    await step('docs', 'batchUpdate insertText, updateTextStyle, updateParagraphStyle', async () => {
      await batch([
        { insertText: { location: { index: 1 }, text: 'Plan\nMilk\nBread\nAfter\n' } },
        {
          updateTextStyle: {
            range: { startIndex: 1, endIndex: 5 },
            textStyle: { bold: true },
            fields: 'bold',
          },
        },
        {
          updateParagraphStyle: {
            range: { startIndex: 1, endIndex: 5 },
            paragraphStyle: { namedStyleType: 'HEADING_1' },
            fields: 'namedStyleType',
          },
        },
      ]);
      const content = await body();
      expect(content[1]!.paragraph!.paragraphStyle!.namedStyleType).toBe('HEADING_1');
      return `${content.length - 1} paragraphs`;
    });
    await step('docs', 'batchUpdate createParagraphBullets', async () => {
      await batch([
        {
          createParagraphBullets: {
            range: { startIndex: 6, endIndex: 16 },
            bulletPreset: 'NUMBERED_DECIMAL_ALPHA_ROMAN',
          },
        },
      ]);
      const content = await body();
      const bullets = content.slice(2, 4).map((element) => element.paragraph!.bullet!.listId);
      expect(bullets[0]).toBeDefined();
      expect(bullets[1]).toBe(bullets[0]);
      expect(content[4]!.paragraph!.bullet).toBeUndefined();
      return '2 list items, 1 list';
    });
    await step('docs', 'batchUpdate insertTable, then text in its cells', async () => {
      const end = (await body()).at(-1)!.endIndex!;
      await batch([{ insertTable: { location: { index: end - 1 }, rows: 2, columns: 3 } }]);
      const table = (await body()).find((element) => element.table)!;
      const cells = table.table!.tableRows!.flatMap((row) => row.tableCells!);
      expect(cells).toHaveLength(6);
      await batch(
        cells
          .map((cell, index) => ({
            insertText: { location: { index: cell.content![0]!.startIndex! }, text: `c${index}` },
          }))
          .reverse(),
      );
      const filled = (await body()).find((element) => element.table)!;
      const texts = filled.table!.tableRows!.map((row) =>
        row.tableCells!.map((cell) => cell.content![0]!.paragraph!.elements![0]!.textRun!.content),
      );
      expect(texts).toEqual([
        ['c0\n', 'c1\n', 'c2\n'],
        ['c3\n', 'c4\n', 'c5\n'],
      ]);
      return `2×3 table at ${table.startIndex}..${table.endIndex}`;
    });
    await step('docs', 'batchUpdate insertPerson, insertDate, insertRichLink', async () => {
      await batch([
        { insertPerson: { location: { index: 5 }, personProperties: { email: 'morgan@example.com' } } },
        {
          insertDate: {
            location: { index: 5 },
            dateElementProperties: { timestamp: '2026-11-23T09:00:00Z' },
          },
        },
        {
          insertRichLink: {
            location: { index: 5 },
            richLinkProperties: { uri: `https://docs.google.com/document/d/${meetingNotes}/edit` },
          },
        },
      ]);
      const kinds = (await body())[1]!.paragraph!.elements!.map((element) =>
        ['textRun', 'person', 'dateElement', 'richLink'].find((kind) => kind in element),
      );
      expect(kinds).toEqual(['textRun', 'richLink', 'dateElement', 'person', 'textRun']);
      return 'rich link, date, person chips';
    });
    let added = '';
    await step('docs', 'batchUpdate addDocumentTab', async () => {
      const data = await batch([{ addDocumentTab: { tabProperties: { title: 'Appendix' } } }]);
      added = data.replies![0]!.addDocumentTab!.tabProperties!.tabId!;
      expect(added).toMatch(/^t\./);
      return added;
    });
    await step('docs', 'batchUpdate insertText with tabId, updateDocumentTabProperties', async () => {
      await batch([
        { insertText: { location: { index: 1, tabId: added }, text: 'Sources' } },
        {
          updateDocumentTabProperties: {
            tabProperties: { tabId: added, title: 'Sources', iconEmoji: '📚' },
            fields: 'title,iconEmoji',
          },
        },
      ]);
      const content = await body(added);
      expect(content[1]!.paragraph!.elements![0]!.textRun!.content).toBe('Sources\n');
      return 'text in the new tab, renamed';
    });
    await step('docs', 'batchUpdate replaceAllText across tabs', async () => {
      const data = await batch([
        { replaceAllText: { containsText: { text: 'c4', matchCase: true }, replaceText: 'C4' } },
      ]);
      expect(data.replies![0]!.replaceAllText!.occurrencesChanged).toBe(1);
      return '1 occurrence';
    });
    await step('docs', 'batchUpdate deleteContentRange, writeControl', async () => {
      const { data: before } = await docs.documents.get({ documentId: created });
      const data = await batch([{ deleteContentRange: { range: { startIndex: 1, endIndex: 2 } } }], {
        requiredRevisionId: before.revisionId,
      });
      expect(data.writeControl!.requiredRevisionId).not.toBe(before.revisionId);
      const stale = await batch([{ insertText: { location: { index: 1 }, text: 'x' } }], {
        requiredRevisionId: before.revisionId,
      }).then(() => 200, statusOf);
      expect(stale).toBe(400);
      return 'applied at the revision read; a stale one is 400';
    });
    await step('docs', 'batchUpdate deleteTab', async () => {
      await batch([{ deleteTab: { tabId: added } }]);
      const { data } = await docs.documents.get({ documentId: created, includeTabsContent: true });
      expect(data.tabs).toHaveLength(1);
      return '1 tab left';
    });

    await step('drive', 'about.get fields=user,storageQuota', async () => {
      const { data } = await drive.about.get({ fields: 'user,storageQuota' });
      fits('drive.about.get', data);
      expect(data.user!.emailAddress).toBe('alex@example.com');
      return data.user!.displayName!;
    });
    await step('drive', 'files.list q name contains, corpora=user, all drives', async () => {
      const { data } = await drive.files.list({
        q: "mimeType='application/vnd.google-apps.document' and trashed=false and name contains 'meeting'",
        corpora: 'user',
        includeItemsFromAllDrives: true,
        supportsAllDrives: true,
        fields: 'nextPageToken,incompleteSearch,files(id,name,modifiedTime,webViewLink)',
        pageSize: 1000,
      });
      fits('drive.files.list', data);
      expect(data.files!.map((file) => file.name)).toEqual(['Weekly Sync — Meeting Notes']);
      return '1 file';
    });
    await step('drive', 'files.list paged with nextPageToken', async () => {
      const names: string[] = [];
      let pageToken: string | undefined;
      let pages = 0;
      do {
        const { data } = await drive.files.list({
          pageSize: 3,
          pageToken,
          fields: 'nextPageToken,files(name)',
        });
        fits('drive.files.list', data);
        names.push(...data.files!.map((file) => file.name!));
        pageToken = data.nextPageToken ?? undefined;
        pages += 1;
      } while (pageToken);
      expect(pages).toBeGreaterThan(1);
      expect(new Set(names).size).toBe(names.length);
      return `${names.length} files in ${pages} pages`;
    });
    await step('drive', 'files.get fields=*', async () => {
      const { data } = await drive.files.get({ fileId: meetingNotes, fields: '*' });
      fits('drive.files.get', data);
      expect(data.exportLinks).toHaveProperty(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      return data.name!;
    });
    await step('drive', 'files.get alt=media (a PDF)', async () => {
      const { data } = await drive.files.get(
        { fileId: sandbox.seeded!.pdfId, alt: 'media' },
        { responseType: 'arraybuffer' },
      );
      const bytes = Buffer.from(data as unknown as ArrayBuffer);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      return `${bytes.length} bytes`;
    });
    await step('drive', 'files.get of a file not shared (404, JSON)', async () => {
      const status = await drive.files
        .get({ fileId: sandbox.seeded!.restrictedId })
        .then(() => 200, statusOf);
      expect(status).toBe(404);
      return '404 notFound';
    });

    let uploaded = '';
    await step('drive', 'files.create multipart: metadata and media (string)', async () => {
      const { data } = await drive.files.create(
        {
          requestBody: { name: 'notes.txt', description: 'from the SDK' },
          media: { mimeType: 'text/plain', body: 'hello from googleapis\n' },
          fields: 'id,name,mimeType,size,description',
        },
        { rootUrl },
      );
      fits('drive.files.create', data);
      uploaded = data.id!;
      expect(data).toMatchObject({
        name: 'notes.txt',
        mimeType: 'text/plain',
        size: '22',
        description: 'from the SDK',
      });
      const sent = sandbox.server.calls.at(-1)!;
      expect(sent.path).toBe('/upload/drive/v3/files');
      expect(sent.query.get('uploadType')).toBe('multipart');
      expect(sent.headers['content-type']).toMatch(/^multipart\/related; boundary=/);
      return 'uploadType=multipart';
    });
    await step('drive', 'files.create multipart: media as a stream', async () => {
      const { data } = await drive.files.create(
        {
          requestBody: { name: 'streamed.bin' },
          media: {
            mimeType: 'application/octet-stream',
            body: Readable.from([Buffer.from([0, 1, 2, 255]), Buffer.from('tail')]),
          },
          fields: 'id,size',
        },
        { rootUrl },
      );
      expect(data.size).toBe('8');
      const { data: bytes } = await drive.files.get(
        { fileId: data.id!, alt: 'media' },
        { responseType: 'arraybuffer' },
      );
      expect([...Buffer.from(bytes as unknown as ArrayBuffer)]).toEqual([0, 1, 2, 255, 116, 97, 105, 108]);
      return 'bytes intact';
    });
    await step('drive', 'files.create multipart: Markdown converted to a Google Doc', async () => {
      const { data } = await drive.files.create(
        {
          requestBody: { name: 'Imported', mimeType: 'application/vnd.google-apps.document' },
          media: { mimeType: 'text/markdown', body: '# Imported\n\nFrom Markdown.\n' },
          fields: 'id,mimeType',
        },
        { rootUrl },
      );
      const { data: document } = await docs.documents.get({ documentId: data.id! });
      expect(document.body!.content![1]!.paragraph!.paragraphStyle!.namedStyleType).toBe('HEADING_1');
      return 'a Google Doc of 2 paragraphs';
    });
    await step('drive', 'files.create media only (uploadType=media)', async () => {
      const { data } = await drive.files.create(
        { media: { mimeType: 'text/csv', body: 'a,b\n1,2\n' }, fields: 'id,mimeType,size' },
        { rootUrl },
      );
      expect(sandbox.server.calls.at(-1)!.query.get('uploadType')).toBe('media');
      expect(data).toMatchObject({ mimeType: 'text/csv', size: '8' });
      return 'uploadType=media';
    });
    await step('drive', 'files.create metadata only (a Google Doc)', async () => {
      const { data } = await drive.files.create({
        requestBody: { name: 'Drive-made doc', mimeType: 'application/vnd.google-apps.document' },
        fields: 'id,name,mimeType,webViewLink',
      });
      fits('drive.files.create', data);
      expect(data.webViewLink).toContain('/document/d/');
      return data.id!;
    });
    await step('drive', 'files.update metadata (rename, star)', async () => {
      const { data } = await drive.files.update({
        fileId: uploaded,
        requestBody: { name: 'renamed.txt', starred: true },
        fields: 'name,starred',
      });
      fits('drive.files.update', data);
      expect(data).toEqual({ name: 'renamed.txt', starred: true });
      return 'renamed, starred';
    });
    await step('drive', 'files.update multipart: new content', async () => {
      await drive.files.update(
        {
          fileId: uploaded,
          requestBody: { description: 'v2' },
          media: { mimeType: 'text/plain', body: 'version 2\n' },
        },
        { rootUrl },
      );
      const { data } = await drive.files.get({ fileId: uploaded, alt: 'media' }, { responseType: 'text' });
      expect(data).toBe('version 2\n');
      return 'content replaced';
    });
    const exports: [string, string, (bytes: Buffer) => void][] = [
      ['application/pdf', 'pdf', (bytes) => expect(bytes.subarray(0, 8).toString()).toBe('%PDF-1.4')],
      [
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'docx',
        (bytes) => {
          const entries = zipEntries(bytes);
          expect([...entries.keys()]).toContain('word/document.xml');
          expect(entries.get('word/document.xml')!.toString()).toContain('Weekly Sync — Meeting Notes');
        },
      ],
      [
        'text/plain',
        'text',
        (bytes) => expect(bytes.toString()).toContain('Weekly Sync — Meeting Notes\r\n'),
      ],
      ['text/markdown', 'markdown', (bytes) => expect(bytes.toString()).toMatch(/^# Weekly Sync/)],
      ['text/html', 'html', (bytes) => expect(bytes.toString()).toContain('<h1>Agenda</h1>')],
      ['application/rtf', 'rtf', (bytes) => expect(bytes.toString()).toMatch(/^\{\\rtf1/)],
      [
        'application/vnd.oasis.opendocument.text',
        'odt',
        (bytes) =>
          expect(zipEntries(bytes).get('mimetype')!.toString()).toBe(
            'application/vnd.oasis.opendocument.text',
          ),
      ],
      [
        'application/epub+zip',
        'epub',
        (bytes) => expect(zipEntries(bytes).has('OEBPS/body.xhtml')).toBe(true),
      ],
      [
        'application/zip',
        'zipped html',
        (bytes) => expect([...zipEntries(bytes).keys()][0]).toMatch(/\.html$/),
      ],
    ];
    for (const [mimeType, label, check] of exports) {
      await step('drive', `files.export ${label}`, async () => {
        const { data } = await drive.files.export(
          { fileId: meetingNotes, mimeType },
          { responseType: 'arraybuffer' },
        );
        const bytes = Buffer.from(data as unknown as ArrayBuffer);
        check(bytes);
        return `${bytes.length} bytes`;
      });
    }

    let permissionId = '';
    await step('drive', 'permissions.create user writer', async () => {
      const { data } = await drive.permissions.create({
        fileId: uploaded,
        sendNotificationEmail: false,
        requestBody: { type: 'user', role: 'writer', emailAddress: 'priya@example.com' },
      });
      fits('drive.permissions.create', data);
      permissionId = data.id!;
      expect(data).toEqual({ kind: 'drive#permission', id: permissionId, type: 'user', role: 'writer' });
      return permissionId;
    });
    await step('drive', 'permissions.create anyone reader', async () => {
      const { data } = await drive.permissions.create({
        fileId: uploaded,
        requestBody: { type: 'anyone', role: 'reader' },
        fields: 'id,type,role,allowFileDiscovery',
      });
      expect(data).toEqual({
        id: 'anyoneWithLink',
        type: 'anyone',
        role: 'reader',
        allowFileDiscovery: false,
      });
      return data.id!;
    });
    await step('drive', 'permissions.list fields=*', async () => {
      const { data } = await drive.permissions.list({ fileId: uploaded, fields: '*' });
      fits('drive.permissions.list', data);
      expect(data.permissions!.map((permission) => [permission.type, permission.role])).toEqual([
        ['user', 'owner'],
        ['user', 'writer'],
        ['anyone', 'reader'],
      ]);
      return `${data.permissions!.length} permissions`;
    });
    await step('drive', 'permissions.get, update, delete', async () => {
      const { data: one } = await drive.permissions.get({
        fileId: uploaded,
        permissionId,
        fields: 'emailAddress,role',
      });
      fits('drive.permissions.get', one);
      expect(one).toEqual({ emailAddress: 'priya@example.com', role: 'writer' });
      const { data: updated } = await drive.permissions.update({
        fileId: uploaded,
        permissionId,
        requestBody: { role: 'commenter' },
      });
      fits('drive.permissions.update', updated);
      expect(updated.role).toBe('commenter');
      await drive.permissions.delete({ fileId: uploaded, permissionId });
      const gone = await drive.permissions.get({ fileId: uploaded, permissionId }).then(() => 200, statusOf);
      expect(gone).toBe(404);
      return 'writer → commenter → deleted';
    });
    await step('drive', 'permissions.create owner without transferOwnership (403)', async () => {
      const status = await drive.permissions
        .create({
          fileId: uploaded,
          requestBody: { type: 'user', role: 'owner', emailAddress: 'morgan@example.com' },
        })
        .then(() => 200, statusOf);
      expect(status).toBe(403);
      return '403 forbidden';
    });
    await step('drive', 'files.delete, then files.get (404)', async () => {
      await drive.files.delete({ fileId: uploaded });
      const status = await drive.files.get({ fileId: uploaded }).then(() => 200, statusOf);
      expect(status).toBe(404);
      return '204, then 404';
    });

    await step('oauth', 'a second worker refreshes with the same refresh token', async () => {
      const worker = new OAuth2Client({
        clientId: sandbox.oauth.clientId,
        clientSecret: sandbox.oauth.clientSecret,
        endpoints: { oauth2TokenUrl: sandbox.oauth.tokenUrl },
      });
      // The credentials as stored before the first refresh: the access token is long expired.
      worker.setCredentials({
        access_token: issued.accessToken,
        refresh_token: issued.refreshToken,
        expiry_date: Date.now() - 60_000,
      });
      const { data } = await googleDrive({ version: 'v3', auth: worker as never, rootUrl }).about.get({
        fields: 'user',
      });
      expect(data.user!.emailAddress).toBe('alex@example.com');
      return '200 after its own refresh';
    });
    await step('oauth', 'an hour later: the first client refreshes again, same refresh token', async () => {
      // An hour on: Google has expired the access token, and the client's expiry_date has passed.
      sandbox.state.expireAccessTokens();
      oauth.setCredentials({ ...oauth.credentials, expiry_date: Date.now() - 1 });
      const { data } = await docs.documents.get({ documentId: meetingNotes, fields: 'title' });
      expect(data.title).toBe('Weekly Sync — Meeting Notes');
      const refreshes = sandbox.server.calls.filter((call) => call.path === '/token');
      expect(refreshes.map((call) => call.bodyForm!.get('refresh_token'))).toEqual([
        issued.refreshToken,
        issued.refreshToken,
        issued.refreshToken,
      ]);
      expect(refreshed).toHaveLength(2);
      expect(oauth.credentials.refresh_token).toBe(issued.refreshToken);
      return '3 refreshes in all, one refresh token, all 200';
    });

    const width = Math.max(...rows.map((row) => row.call.length));
    console.log(
      [
        `Google SDK conformance (@googleapis/docs 10.0.0, @googleapis/drive 26.0.1, google-auth-library 11.3.4): ${rows.filter((row) => row.ok).length} of ${rows.length} calls pass (${sandbox.server.calls.length} HTTP requests, ${sandbox.server.violations.length} contract violations)`,
        ...rows.map(
          (row, index) =>
            `${String(index + 1).padStart(2)}  ${row.ok ? 'pass' : 'FAIL'}  ${row.api.padEnd(5)}  ${row.call.padEnd(width)}  ${row.outcome}`,
        ),
      ].join('\n'),
    );
    expect(rows.filter((row) => !row.ok)).toEqual([]);
    expect(sandbox.server.violations).toEqual([]);
  });
});
