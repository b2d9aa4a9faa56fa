import type { ConnectorError } from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DISCOVERY_REVISION, DOCS_DRIVE_DISCOVERY_REVISION } from '../docs-client.js';
import { docs } from '../docs-connector.js';
import { GOOGLE_DISCOVERY_FILES } from './google-contract.js';
import { docsSimulator, type RunningDocsSimulator, startDocsSimulator } from './google-simulator.js';
import { connectDocs } from './google-test-helpers.js';

describe('docsSimulator', () => {
  let sandbox: RunningDocsSimulator;
  beforeAll(async () => {
    sandbox = await docsSimulator.start({ seed: true });
  });
  afterAll(() => sandbox.close());

  it('is the simulator the connector declares, and says which API revisions it speaks', async () => {
    expect(await docs.simulator!()).toBe(docsSimulator);
    expect(docsSimulator.connectorId).toBe('docs');
    expect(sandbox.connectorId).toBe('docs');
    expect(docsSimulator.speaks).toBe(
      'Google Docs API v1 (discovery revision 20260921) and Google Drive API v3 (discovery revision 20260916)',
    );
    // The revisions named are those of the discovery documents every request is checked against.
    expect(GOOGLE_DISCOVERY_FILES.docs).toContain(DOCS_DISCOVERY_REVISION);
    expect(GOOGLE_DISCOVERY_FILES.drive).toContain(DOCS_DRIVE_DISCOVERY_REVISION);
  });

  it('reset() returns to the scene it started with: same tokens, same documents, calls forgotten', async () => {
    const sim = await docsSimulator.start({ seed: true, contracts: false });
    try {
      const client = docs.connect({ credentials: sim.connection.credentials, ...sim.connection.options });
      const id = sim.seeded!.meetingNotesId;
      const before = await client.run('fetchDocumentContent', { documentId: id });
      await client.run('updateDocumentContent', {
        documentId: id,
        requests: [{ insertText: { location: { index: 1 }, text: 'Changed\n' } }],
      });
      const draft = await client.run('createDocumentFile', { name: 'Scratch draft' });
      sim.state.quotas.docsReadsPerMinute = 0;
      sim.state.revoke(sim.connection.credentials.refreshToken);
      sim.server.fault({
        type: 'status',
        status: 503,
        times: 5,
        match: (call) => call.path === '/drive/v3/about',
      });
      sim.reset();
      expect(sim.server.calls).toEqual([]);
      await client.verify();
      const after = await client.run('fetchDocumentContent', { documentId: id });
      expect(after).toEqual(before);
      expect(sim.state.files.has(draft.documentId)).toBe(false);
      expect(sim.state.grantOfRefreshToken(sim.connection.credentials.refreshToken)?.revoked).toBe(false);
      // Resetting again gives the same scene: the snapshot is not changed by what follows it.
      await client.run('createDocumentFile', { name: 'Second draft' });
      sim.reset();
      expect((await client.run('searchDocuments', { name: 'draft' })).files).toEqual([]);
      // The access token the connection started with was valid throughout: no refresh was needed.
      expect(sim.server.calls.map((call) => call.path)).not.toContain('/token');
      await client.close();
    } finally {
      await sim.close();
    }
  });

  it('gives a connection that docs.connect takes as it is, and the OAuth endpoints', async () => {
    expect(sandbox.connection.options).toEqual({
      baseUrl: sandbox.url,
      fileApiBaseUrl: sandbox.url,
      tokenUrl: `${sandbox.url}/token`,
    });
    expect(sandbox.oauth).toEqual({
      authorizationUrl: `${sandbox.url}/o/oauth2/v2/auth`,
      tokenUrl: `${sandbox.url}/token`,
      revocationUrl: `${sandbox.url}/revoke`,
      clientId: 'sandbox-client.apps.googleusercontent.com',
      clientSecret: 'GOCSPX-sandbox-client-secret',
      scopes: ['https://www.googleapis.com/auth/documents', 'https://www.googleapis.com/auth/drive'],
    });
    const client = docs.connect({
      credentials: sandbox.connection.credentials,
      ...sandbox.connection.options,
    });
    await client.verify();
    const found = await client.run('searchDocuments', { name: 'n' });
    expect(found.files.length).toBeGreaterThanOrEqual(4);
    await client.close();
    expect(sandbox.server.violations).toEqual([]);
  });

  it('seeds documents with real text, stable ids, and one the account cannot open', () => {
    const { seeded, state } = sandbox;
    expect(seeded!.meetingNotesId).toBe('1T6dCxR4WREs9gU9ELxhEvDtK6kACyQ3412Dj44T02sk');
    const text = (id: string) => state.files.get(id)!.tabs![0]!.document.text();
    expect(text(seeded!.meetingNotesId)).toContain('Action items\n');
    expect(text(seeded!.specId)).toContain('GET /v2/search');
    expect(state.can(state.files.get(seeded!.restrictedId)!, state.currentUser, 'reader')).toBe(false);
    expect(state.roleOf(state.files.get(seeded!.viewOnlyId)!, state.currentUser)).toBe('reader');
    expect(state.files.get(seeded!.trashedId)!.trashed).toBe(true);
  });

  it('starts empty without seed', async () => {
    // The former name still starts it (the host's sandbox calls it so).
    const empty = await startDocsSimulator();
    expect(empty.seeded).toBeUndefined();
    expect(empty.state.files.size).toBe(0);
    await empty.close();
  });
});

describe('the Drive simulator', () => {
  const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });
  const drive = (
    path: string,
    query?: Record<string, string>,
    method = 'GET',
    body?: Record<string, unknown>,
  ) => t.connect().run('customAction', { method: method as 'GET', path, query, body });

  it('answers Drive’s default fields when none are asked for', async () => {
    const list = (await drive('/drive/v3/files', { q: "name contains 'budget'" })) as Record<string, unknown>;
    expect(list).toEqual({
      kind: 'drive#fileList',
      incompleteSearch: false,
      files: [
        {
          kind: 'drive#file',
          id: t.sim.seeded!.spreadsheetId,
          name: 'Budget 2026',
          mimeType: 'application/vnd.google-apps.spreadsheet',
        },
      ],
    });
  });

  it('trashes, restores and deletes through files.update and files.delete', async () => {
    const id = t.sim.state.createDocument({ title: 'Disposable draft' }).id;
    const search = async () =>
      (await t.connect().run('searchDocuments', { name: 'disposable' })).files.length;
    expect(await search()).toBe(1);
    expect(await drive(`/drive/v3/files/${id}`, { fields: 'trashed' }, 'PATCH', { trashed: true })).toEqual({
      trashed: true,
    });
    expect(await search()).toBe(0);
    await drive(`/drive/v3/files/${id}`, undefined, 'PATCH', { trashed: false });
    expect(await search()).toBe(1);
    // 204 No Content: core shapes the empty body as empty text.
    expect(await drive(`/drive/v3/files/${id}`, undefined, 'DELETE')).toEqual({});
    expect(await search()).toBe(0);
  });

  it('refuses what Drive refuses, with its reasons', async () => {
    const refused = async (...args: Parameters<typeof drive>) => drive(...args).catch((caught) => caught);
    expect(await refused('/drive/v3/files', { q: "title = 'x'" })).toMatchObject({
      status: 400,
      providerCode: 'invalid',
    });
    expect(await refused('/drive/v3/files', { pageToken: 'bm9wZQ' })).toMatchObject({
      status: 400,
      providerCode: 'invalid',
    });
    expect(await refused('/drive/v3/files', { corpora: 'allDrives' })).toMatchObject({
      status: 400,
      providerCode: 'badRequest',
    });
    expect(await refused('/drive/v3/about')).toMatchObject({ status: 400, providerCode: 'required' });
    expect(await refused(`/drive/v3/files/${t.sim.seeded!.specId}`, { alt: 'media' })).toMatchObject({
      status: 403,
      providerCode: 'fileNotDownloadable',
    });
    expect(
      await refused(`/drive/v3/files/${t.sim.seeded!.specId}/export`, { mimeType: 'image/png' }),
    ).toMatchObject({
      status: 400,
      providerCode: 'badRequest',
    });
    expect(
      await refused(`/drive/v3/files/${t.sim.seeded!.viewOnlyId}`, undefined, 'PATCH', {
        name: 'Mine now',
      }),
    ).toMatchObject({
      status: 403,
      providerCode: 'insufficientFilePermissions',
    });
    expect(
      await refused(`/drive/v3/files/${t.sim.seeded!.specId}`, undefined, 'PATCH', { id: 'other' }),
    ).toMatchObject({
      status: 403,
      providerCode: 'fieldNotWritable',
    });
  });

  it('uploads media and creates Google Docs through the Drive API', async () => {
    const uploaded = await t.connect().run('customAction', {
      method: 'POST',
      path: '/upload/drive/v3/files',
      query: { uploadType: 'media', fields: 'id,name,mimeType,size' },
      body: 'plain text body',
      headers: { 'content-type': 'text/plain' },
    });
    expect(uploaded).toMatchObject({ name: 'Untitled', mimeType: 'text/plain', size: '15' });
    const created = (await drive('/drive/v3/files', undefined, 'POST', {
      name: 'Made in Drive',
      mimeType: 'application/vnd.google-apps.document',
    })) as { id: string };
    const document = await t.connect().run('fetchDocumentContent', { documentId: created.id });
    expect(document.title).toBe('Made in Drive');
  });

  it('exports Markdown and HTML', async () => {
    const id = t.sim.seeded!.specId;
    const markdown = (await drive(`/drive/v3/files/${id}/export`, { mimeType: 'text/markdown' })) as {
      text: string;
    };
    expect(markdown.text).toMatch(/^# Search Service — Technical Spec\n\n/);
    expect(markdown.text).toContain('\n\n# 1. Overview\n\n');
    const html = (await drive(`/drive/v3/files/${id}/export`, { mimeType: 'text/html' })) as { text: string };
    expect(html.text).toContain('<h1>2. Goals</h1>');
  });

  it('refuses unknown Docs query parameters as Google’s front end does', async () => {
    const error = (await t
      .connect()
      .run('customAction', {
        method: 'GET',
        api: 'docs',
        path: `/v1/documents/${t.sim.seeded!.specId}`,
        query: { includeTabs: 'true' },
      })
      .catch((caught) => caught)) as ConnectorError;
    expect(error).toMatchObject({ status: 400, providerCode: 'INVALID_ARGUMENT' });
    expect(error.providerMessage).toContain('Cannot bind query parameter');
    expect(t.sim.server.violations).toEqual([
      `GET /v1/documents/${t.sim.seeded!.specId}: docs.documents.get has no query parameter includeTabs`,
    ]);
    t.sim.server.reset();
  });

  it('opens a new quota window each minute', async () => {
    let now = Date.parse('2026-11-20T10:00:00Z');
    const timed = await docsSimulator.start({
      now: () => now,
      quotas: { docsReadsPerMinute: 1 },
      contracts: false,
    });
    const tokens = timed.state.issueTokens();
    const id = timed.state.createDocument({ title: 'Q' }).id;
    const get = () =>
      fetch(`${timed.url}/v1/documents/${id}`, {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
    expect((await get()).status).toBe(200);
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      error: { status: 'RESOURCE_EXHAUSTED', details: [{ reason: 'RATE_LIMIT_EXCEEDED' }] },
    });
    now += 60_000;
    expect((await get()).status).toBe(200);
    now += 3600_000;
    expect((await get()).status).toBe(401);
    await timed.close();
  });
});

describe('documents.get and tabs, as Google answers', () => {
  const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });
  const get = async (query: Record<string, string>, id = t.sim.seeded!.wikiId) => {
    const url = new URL(`${t.sim.url}/v1/documents/${id}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${t.sim.connection.credentials.accessToken}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  it('without includeTabsContent: the first tab in the legacy fields, and no tabs', async () => {
    const { body } = await get({});
    expect(Object.keys(body)).toEqual([
      'title',
      'body',
      'documentStyle',
      'namedStyles',
      'revisionId',
      'suggestionsViewMode',
      'documentId',
    ]);
    expect(body.body.content[1].paragraph.elements[0].textRun.content).toBe('Team Wiki\n');
    expect((await get({ includeTabsContent: 'false' })).body).toEqual(body);
  });

  it('with includeTabsContent, or a fields mask naming tabs: every tab and no legacy fields', async () => {
    const { body } = await get({ includeTabsContent: 'true' });
    expect(Object.keys(body)).toEqual(['title', 'tabs', 'revisionId', 'suggestionsViewMode', 'documentId']);
    expect(body.tabs[1].documentTab.body.content[1].paragraph.elements[0].textRun.content).toBe(
      'Onboarding\n',
    );
    const masked = await get({ fields: 'tabs(tabProperties(tabId))' });
    expect(masked.body).toEqual({
      tabs: [
        { tabProperties: { tabId: 't.0' } },
        { tabProperties: { tabId: 't.4n8wq2k0x1zb' } },
        { tabProperties: { tabId: 't.r5u8n3b1k9qd' } },
      ],
    });
  });

  it('applies Google’s rules for commentsViewMode', async () => {
    expect(await get({ commentsViewMode: 'COMMENTS_VIEW_MODE_OMITTED' })).toMatchObject({ status: 400 });
    expect(
      await get({ includeTabsContent: 'true', commentsViewMode: 'COMMENTS_VIEW_MODE_INCLUDED' }),
    ).toMatchObject({ status: 400 });
    const included = await get({
      includeTabsContent: 'true',
      commentsViewMode: 'COMMENTS_VIEW_MODE_INCLUDED',
      suggestionsViewMode: 'SUGGESTIONS_INLINE',
    });
    expect(included).toMatchObject({
      status: 200,
      body: { commentsViewMode: 'COMMENTS_VIEW_MODE_INCLUDED' },
    });
    const viewer = await get(
      { includeTabsContent: 'true', commentsViewMode: 'COMMENTS_VIEW_MODE_DEFAULT_FOR_CURRENT_ACCESS' },
      t.sim.seeded!.viewOnlyId,
    );
    expect(viewer.body.commentsViewMode).toBe('COMMENTS_VIEW_MODE_OMITTED');
    expect(await get({ includeTabsContent: 'yes' })).toMatchObject({ status: 400 });
    // Sent on purpose: the contract check saw the malformed boolean too.
    expect(t.sim.server.violations).toEqual([
      `GET /v1/documents/${t.sim.seeded!.wikiId}: docs.documents.get: query parameter includeTabsContent must be true or false`,
    ]);
    t.sim.server.reset();
  });
});
