import {
  AuthError,
  type JsonSchema,
  type OAuthTokens,
  PermissionError,
  RateLimitError,
  ValidationError,
} from '@c/core';
import { useSimulator } from '@c/core/testing/vitest';
import { describe, expect, it } from 'vitest';
import { docs } from './docs-connector.js';
import { docsSimulator } from './testing/google-simulator.js';
import { DOCUMENTS_SCOPE } from './testing/google-state.js';
import { callsTo, connectDocs } from './testing/google-test-helpers.js';

const t = useSimulator(docsSimulator, { start: { seed: true }, connect: connectDocs });

describe('docs connector', () => {
  it('describes its commands, OAuth and environment', () => {
    expect(docs.id).toBe('docs');
    expect(docs.list.map((command) => [command.key, command.title])).toEqual([
      ['fetchDocumentContent', 'Fetch Document Content'],
      ['updateDocumentContent', 'Update Document Content'],
      ['searchDocuments', 'Search Documents'],
      ['createDocumentFile', 'Create Document File'],
      ['getDocumentAsMarkdown', 'Get Document As Markdown'],
      ['writeMarkdown', 'Write Markdown'],
      ['createDocumentFromMarkdown', 'Create Document From Markdown'],
      ['appendText', 'Append Text'],
      ['findAndReplace', 'Find And Replace'],
      ['addTab', 'Add Tab'],
      ['getFile', 'Get File'],
      ['trashFile', 'Trash File'],
      ['restoreFile', 'Restore File'],
      ['deleteFile', 'Delete File'],
      ['getAbout', 'Get About'],
      ['listFiles', 'List Files'],
      ['createFolder', 'Create Folder'],
      ['moveFile', 'Move File'],
      ['copyFile', 'Copy File'],
      ['updateFile', 'Update File'],
      ['fillTemplate', 'Fill Template'],
      ['shareFile', 'Share File'],
      ['listPermissions', 'List Permissions'],
      ['removePermission', 'Remove Permission'],
      ['listComments', 'List Comments'],
      ['createComment', 'Create Comment'],
      ['replyToComment', 'Reply To Comment'],
      ['exportDocument', 'Export Document'],
      ['listSharedDrives', 'List Shared Drives'],
      ['uploadFile', 'Upload File'],
      ['downloadFile', 'Download File'],
      ['insertTable', 'Insert Table'],
      ['insertImage', 'Insert Image'],
      ['customAction', 'Custom Action'],
    ]);
    expect(docs.auth).toEqual({
      type: 'oauth2',
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      scopes: ['https://www.googleapis.com/auth/documents', 'https://www.googleapis.com/auth/drive'],
      authorizationParams: { access_type: 'offline', prompt: 'consent' },
    });
    expect(docs.env).toMatchObject({
      C_DOCS_ACCESS_TOKEN: 'credentials.accessToken',
      C_DOCS_FILE_API_BASE_URL: 'fileApiBaseUrl',
      C_DOCS_TOKEN_URL: 'tokenUrl',
    });
    const keys = (key: string) =>
      Object.keys(docs.list.find((command) => command.key === key)!.inputSchema.properties!);
    expect(keys('fetchDocumentContent')).toEqual(['documentId', 'tabId']);
    expect(keys('updateDocumentContent')).toEqual(['documentId', 'requests', 'tabId', 'requiredRevisionId']);
    for (const command of docs.list) {
      const properties = command.inputSchema.properties as Record<
        string,
        { title?: string; description?: string }
      >;
      for (const [key, schema] of Object.entries(properties)) {
        expect(schema.title, `${command.key}.${key}`).toBeTruthy();
        expect(schema.description, `${command.key}.${key}`).toBeTruthy();
      }
    }
    expect(docs.options.parse({})).toEqual({
      baseUrl: 'https://docs.googleapis.com',
      fileApiBaseUrl: 'https://www.googleapis.com',
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
  });

  it('declares an output schema on every command: an object schema with the fields of its fixed shape', () => {
    const required: Record<string, string[]> = {
      fetchDocumentContent: ['documentId', 'title', 'tabs'],
      updateDocumentContent: ['documentId', 'replies'],
      searchDocuments: ['files'],
      createDocumentFile: ['documentId', 'title', 'url'],
      getDocumentAsMarkdown: ['documentId', 'title', 'markdown'],
      writeMarkdown: ['documentId', 'mode', 'blocks', 'requests'],
      createDocumentFromMarkdown: ['documentId', 'title', 'url'],
      appendText: ['documentId'],
      findAndReplace: ['documentId', 'replacements'],
      addTab: ['documentId', 'tabId', 'title'],
      getFile: ['id'],
      trashFile: ['id'],
      restoreFile: ['id'],
      deleteFile: ['fileId', 'deleted'],
      getAbout: ['user'],
      listFiles: ['files', 'hasMore'],
      createFolder: ['id'],
      moveFile: ['id'],
      copyFile: ['id'],
      updateFile: ['id'],
      fillTemplate: ['documentId', 'title', 'url', 'filled', 'missing'],
      shareFile: ['id', 'type', 'role'],
      listPermissions: ['fileId', 'permissions'],
      removePermission: ['fileId', 'permissionId', 'removed'],
      listComments: ['fileId', 'comments', 'hasMore'],
      createComment: ['id'],
      replyToComment: ['id'],
      exportDocument: ['documentId', 'format', 'fileName', 'contentType', 'size', 'base64'],
      listSharedDrives: ['drives', 'hasMore'],
      uploadFile: ['id'],
      downloadFile: ['fileId', 'contentType', 'size', 'encoding', 'content'],
      insertTable: ['documentId', 'index', 'requests'],
      insertImage: ['documentId'],
      customAction: [],
    };
    for (const command of docs.list) {
      expect(command.output, command.key).toBeDefined();
      const schema = command.outputSchema!;
      expect(schema.type, command.key).toBe('object');
      // Loose: the fields Google adds pass through to the caller.
      expect(schema.additionalProperties, command.key).toEqual({});
      expect(schema.required ?? [], command.key).toEqual(required[command.key]);
      // Self-contained: no $ref to resolve, so it embeds as it is in an OpenAPI document or a tool list.
      expect(JSON.stringify(schema), command.key).not.toMatch(/"\$(ref|defs)"/);
      for (const [key, property] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
        expect(property.title, `${command.key} → ${key}`).toBeTruthy();
        expect(property.description, `${command.key} → ${key}`).toBeTruthy();
      }
    }
    const search = docs.commands.searchDocuments.outputSchema as any;
    expect(search.properties.files.items.properties.webViewLink.format).toBe('uri');
    expect(search.properties.files.items.properties.modifiedTime.format).toBe('date-time');
  });

  it('describes every command and parameter in words for a person, with no wire encodings', () => {
    // What issue 16 found in the form: implementation notes, backticks and API internals.
    const internals = [
      /`/,
      /<[a-z ]+>/i,
      /batchUpdate/,
      /corpora/,
      /name contains '/,
      /includeTabsContent/,
      /UTF-16|code units/,
      /bracket encoding/,
      /\b(400|403|404)\b/,
    ];
    const texts: [string, string][] = [];
    for (const command of docs.list) {
      texts.push([command.key, command.description]);
      const properties = command.inputSchema.properties as Record<string, JsonSchema>;
      for (const [key, property] of Object.entries(properties)) {
        texts.push([`${command.key}.${key}`, String(property.description)]);
      }
    }
    for (const [where, text] of texts) {
      for (const pattern of internals) expect(text, `${where}: ${text}`).not.toMatch(pattern);
      expect(text, where).toMatch(/[.)]$/);
    }
    // Parameters that take an id or a list say what to pass, with an example.
    const described = (key: string, parameter: string) =>
      String((docs.commands[key as 'customAction'].inputSchema.properties as any)[parameter].description);
    expect(described('fetchDocumentContent', 'documentId')).toContain('https://docs.google.com/document/d/');
    expect(described('updateDocumentContent', 'requests')).toContain('{"insertText"');
    expect(described('customAction', 'query')).toContain('e.g.');
  });

  it('validates credentials on connect', () => {
    expect(() => docs.connect({ credentials: {} as never })).toThrow(
      expect.objectContaining({ name: 'ValidationError', parameter: 'credentials.accessToken' }),
    );
    const error = (() => {
      try {
        docs.connect({ credentials: { accessToken: 'ya29.abcdef', refreshToken: '1//0abcdef' } });
      } catch (caught) {
        return caught;
      }
    })();
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).parameter).toBe('credentials.clientId');
  });

  it('verify reads the Drive account with fields=user', async () => {
    await t.connect().verify();
    const [call] = t.sim.server.calls;
    expect(call).toMatchObject({ method: 'GET', path: '/drive/v3/about' });
    expect(call!.query.get('fields')).toBe('user');
  });
});

describe('OAuth refresh', () => {
  it('refreshes once for many concurrent calls after expiry and hands over the new access token', async () => {
    const tokens = t.sim.state.issueTokens();
    t.sim.state.expireAccessTokens();
    const handed: OAuthTokens[] = [];
    const client = t.connect({
      credentials: {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresAt: Date.now() - 1000,
      },
      onTokens: (next: OAuthTokens) => {
        handed.push(next);
      },
    });
    const id = t.sim.seeded!.specId;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => client.run('fetchDocumentContent', { documentId: id })),
    );
    expect(results.every((document) => document.documentId === id)).toBe(true);
    const refreshes = callsTo(t.sim, '/token');
    expect(refreshes).toHaveLength(1);
    expect(Object.fromEntries(refreshes[0]!.bodyForm!)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
      client_id: t.sim.connection.credentials.clientId,
      client_secret: t.sim.connection.credentials.clientSecret,
    });
    expect(refreshes[0]!.headers.authorization).toBeUndefined();
    expect(handed).toHaveLength(1);
    // Google does not rotate refresh tokens: the one the connection holds is handed back as it is.
    expect(handed[0]!.refreshToken).toBe(tokens.refreshToken);
    expect(handed[0]!.accessToken).not.toBe(tokens.accessToken);
    expect(handed[0]!.expiresAt).toBeGreaterThan(Date.now() + 3000_000);
    // No call went out with the expired token.
    const apiCalls = callsTo(t.sim, /^\/v1\/documents/);
    expect(apiCalls).toHaveLength(12);
    expect(new Set(apiCalls.map((call) => call.headers.authorization))).toEqual(
      new Set([`Bearer ${handed[0]!.accessToken}`]),
    );
    expect(t.sim.state.grantOfRefreshToken(tokens.refreshToken)?.revoked).toBe(false);
  });

  it('refreshes once after a 401 when the expiry was not known, and repeats each call once', async () => {
    const tokens = t.sim.state.issueTokens();
    t.sim.state.expireAccessTokens();
    const handed: OAuthTokens[] = [];
    const client = t.connect({
      credentials: {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresAt: undefined,
      },
      onTokens: (next: OAuthTokens) => {
        handed.push(next);
      },
    });
    const results = await Promise.all([
      client.run('searchDocuments', { name: 'spec' }),
      client.run('searchDocuments', { name: 'notes' }),
      client.run('fetchDocumentContent', { documentId: t.sim.seeded!.meetingNotesId }),
    ]);
    expect(results[0].files).toHaveLength(1);
    expect(callsTo(t.sim, '/token')).toHaveLength(1);
    expect(handed).toHaveLength(1);
    const unauthorized = t.sim.server.calls.filter(
      (call) => call.path !== '/token' && call.headers.authorization === `Bearer ${tokens.accessToken}`,
    );
    expect(unauthorized).toHaveLength(3);
    // An update refused with 401 was not applied, so it is safe to send again after the refresh.
    const id = t.sim.state.createDocument({ title: 'After 401', paragraphs: [{ text: 'x' }] }).id;
    t.sim.state.expireAccessTokens();
    await client.run('updateDocumentContent', {
      documentId: id,
      requests: [{ insertText: { location: { index: 1 }, text: 'y' } }],
    });
    expect(t.sim.state.files.get(id)!.tabs![0]!.document.text()).toBe('yx\n');
  });

  it('a refused refresh (invalid_grant) is an AuthError that says to reconnect, without secrets', async () => {
    const tokens = t.sim.state.issueTokens();
    t.sim.state.revoke(tokens.refreshToken);
    const client = t.connect({
      credentials: {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresAt: Date.now() - 1,
      },
    });
    const error = await client
      .run('fetchDocumentContent', { documentId: t.sim.seeded!.specId })
      .catch((caught) => caught);
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      kind: 'auth',
      needsReconnect: true,
      providerCode: 'invalid_grant',
      status: 400,
    });
    expect(error.message).toMatch(/reconnect the account/i);
    const shown = `${error.message} ${JSON.stringify(error.toJSON())}`;
    for (const secret of [
      tokens.accessToken,
      tokens.refreshToken,
      t.sim.connection.credentials.clientSecret,
    ]) {
      expect(shown).not.toContain(secret);
    }
    expect(callsTo(t.sim, /^\/v1\//)).toHaveLength(0);
  });

  it('keeps working when a second process refreshes with the same refresh token, as at Google', async () => {
    const tokens = t.sim.state.issueTokens();
    t.sim.state.expireAccessTokens();
    const stale = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: 0 };
    await t.connect({ credentials: stale }).run('searchDocuments', { name: 'x' });
    // A second connection still holds the refresh token it started with (its store missed onTokens).
    const second = await t.connect({ credentials: stale }).run('searchDocuments', { name: 'notes' });
    expect(second.files.map((file) => file.name)).toEqual(['Weekly Sync — Meeting Notes']);
    const refreshes = callsTo(t.sim, '/token');
    expect(refreshes).toHaveLength(2);
    expect(refreshes.map((call) => call.bodyForm!.get('refresh_token'))).toEqual([
      tokens.refreshToken,
      tokens.refreshToken,
    ]);
    expect(t.sim.state.grantOfRefreshToken(tokens.refreshToken)!.revoked).toBe(false);
  });

  it('without a refresh token an expired token is an AuthError at once; a 401 stays a 401', async () => {
    const tokens = t.sim.state.issueTokens();
    const noRefresh = {
      accessToken: tokens.accessToken,
      refreshToken: undefined,
      clientId: undefined,
      clientSecret: undefined,
    };
    const expired = await t
      .connect({ credentials: { ...noRefresh, expiresAt: Date.now() - 1 } })
      .run('searchDocuments', { name: 'x' })
      .catch((caught) => caught);
    expect(AuthError.isInstance(expired)).toBe(true);
    expect(t.sim.server.calls).toHaveLength(0);
    t.sim.state.expireAccessTokens();
    const rejected = await t
      .connect({ credentials: { ...noRefresh, expiresAt: undefined } })
      .run('searchDocuments', { name: 'x' })
      .catch((caught) => caught);
    expect(rejected).toMatchObject({ kind: 'auth', status: 401, providerCode: 'ACCESS_TOKEN_EXPIRED' });
    expect(rejected.message).toContain('Reconnect the Google account');
    expect(rejected.message).not.toContain(tokens.accessToken);
  });
});

describe('Google error mapping', () => {
  it('a grant without the Drive permission is a PermissionError naming both permissions', async () => {
    const tokens = t.sim.state.issueTokens({ scopes: [DOCUMENTS_SCOPE] });
    const client = t.connect({
      credentials: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
    });
    // The Docs API works with the documents scope alone…
    await client.run('fetchDocumentContent', { documentId: t.sim.seeded!.specId });
    // …but Drive does not.
    const error = await client.run('searchDocuments', { name: 'spec' }).catch((caught) => caught);
    expect(PermissionError.isInstance(error)).toBe(true);
    expect(error.providerCode).toBe('ACCESS_TOKEN_SCOPE_INSUFFICIENT');
    expect(error.message).toContain('grant access to both Google Docs and Google Drive');
  });

  it('Docs quota (429 RESOURCE_EXHAUSTED) is a RateLimitError once retries are spent', async () => {
    const tokens = t.sim.state.issueTokens({
      user: t.sim.state.addUser('quota@example.com', 'Quota').email,
    });
    t.sim.state.quotas.docsWritesPerMinute = 1;
    // Google's quota resets each minute: start early in one, so that the calls and their retries
    // (about 1.3 s) all fall in the same window (a CI run once crossed the boundary mid-test).
    const left = 60_000 - (t.sim.state.now() % 60_000);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    try {
      const client = t.connect({
        credentials: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
      });
      await client.run('createDocumentFile', { name: 'First' });
      const error = await client.run('createDocumentFile', { name: 'Second' }).catch((caught) => caught);
      expect(RateLimitError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ status: 429, providerCode: 'RATE_LIMIT_EXCEEDED', retryable: true });
      // A rate-limit refusal applied nothing, so even this POST was tried again (three attempts).
      expect(callsTo(t.sim, '/v1/documents')).toHaveLength(4);
    } finally {
      t.sim.state.quotas.docsWritesPerMinute = 60;
    }
  }, 20_000);

  it('Drive’s 403 userRateLimitExceeded is a RateLimitError, not a PermissionError', async () => {
    const tokens = t.sim.state.issueTokens({
      user: t.sim.state.addUser('drive-quota@example.com', 'Q').email,
    });
    t.sim.state.quotas.driveRequestsPerMinute = 0;
    try {
      const error = await t
        .connect({ credentials: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken } })
        .run('searchDocuments', { name: 'x' })
        .catch((caught) => caught);
      expect(RateLimitError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ status: 403, providerCode: 'userRateLimitExceeded' });
    } finally {
      t.sim.state.quotas.driveRequestsPerMinute = 12_000;
    }
  });
});
